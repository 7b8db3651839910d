// gtk_accessible_update_{property,state,relation} are varargs functions,
// which Swift cannot call. One small function per property Lightbox sets.
#pragma once
#include <gtk/gtk.h>

static inline void lb_accessible_set_label(GObject *object, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(object),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void lb_accessible_set_description(GObject *object, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(object),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static inline void lb_accessible_set_required(GObject *object, gboolean required) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(object),
                                   GTK_ACCESSIBLE_PROPERTY_REQUIRED, required, -1);
}

static inline void lb_accessible_set_invalid(GObject *object, gboolean invalid) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(object), GTK_ACCESSIBLE_STATE_INVALID,
                                invalid ? GTK_ACCESSIBLE_INVALID_TRUE
                                        : GTK_ACCESSIBLE_INVALID_FALSE,
                                -1);
}

static inline void lb_accessible_set_busy(GObject *object, gboolean busy) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(object), GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}

// ERROR_MESSAGE takes a single widget reference in GTK 4.8.
static inline void lb_accessible_set_error_message(GObject *object, GObject *message) {
    if (message) {
        gtk_accessible_update_relation(GTK_ACCESSIBLE(object),
                                       GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE, message, -1);
    } else {
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(object),
                                      GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE);
    }
}

// LABELLED_BY and DESCRIBED_BY take a NULL-terminated list of widgets.
static inline void lb_accessible_set_labelled_by(GObject *object, GObject *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(object),
                                   GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

static inline void lb_accessible_set_described_by(GObject *object, GObject *description) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(object),
                                   GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, description, NULL, -1);
}
