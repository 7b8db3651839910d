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

// LABELLED_BY takes a NULL-terminated list of widgets.
static inline void lb_accessible_set_labelled_by(GObject *object, GObject *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(object),
                                   GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

// "<Control>o" as the person's keyboard names it ("Ctrl+O"); NULL when
// GTK cannot parse the trigger. Free with g_free.
static inline char *lb_accelerator_label(const char *trigger) {
    guint key = 0;
    GdkModifierType modifiers = 0;
    if (!gtk_accelerator_parse(trigger, &key, &modifiers)) return NULL;
    return gtk_accelerator_get_label(key, modifiers);
}
