#include "lb-widgets.h"

// ---- Fading -----------------------------------------------------------

typedef struct {
    double from, to;
    gint64 start;  // frame time (µs) of the first frame, 0 until it comes
    gint64 duration;
    guint tick;
} Fade;

static const char *const fade_key = "lb-fade";

static gboolean fade_step(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    Fade *fade = data;
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    if (fade->start == 0) fade->start = now;
    double t = fade->duration > 0 ? (double)(now - fade->start) / (double)fade->duration : 1;
    if (t >= 1) {
        gtk_widget_set_opacity(widget, fade->to);
        fade->tick = 0;
        // Frees the fade (the data's destroy notify) once the callback returns.
        g_object_set_data(G_OBJECT(widget), fade_key, NULL);
        return G_SOURCE_REMOVE;
    }
    // Ease out (cubic): quick at first, settling gently.
    double eased = 1 - (1 - t) * (1 - t) * (1 - t);
    gtk_widget_set_opacity(widget, fade->from + (fade->to - fade->from) * eased);
    return G_SOURCE_CONTINUE;
}

static void fade_free(gpointer data) {
    Fade *fade = data;
    g_free(fade);
}

void lb_widget_fade(GObject *object, double opacity, guint duration_ms) {
    GtkWidget *widget = GTK_WIDGET(object);
    Fade *running = g_object_get_data(object, fade_key);
    if (running != NULL && running->tick != 0) {
        gtk_widget_remove_tick_callback(widget, running->tick);
        running->tick = 0;
    }
    g_object_set_data(object, fade_key, NULL);
    gboolean animations = TRUE;
    g_object_get(gtk_widget_get_settings(widget), "gtk-enable-animations", &animations, NULL);
    double from = gtk_widget_get_opacity(widget);
    if (!animations || duration_ms == 0 || !gtk_widget_get_mapped(widget) || from == opacity) {
        gtk_widget_set_opacity(widget, opacity);
        return;
    }
    Fade *fade = g_new0(Fade, 1);
    fade->from = from;
    fade->to = opacity;
    fade->duration = (gint64)duration_ms * 1000;
    g_object_set_data_full(object, fade_key, fade, fade_free);
    fade->tick = gtk_widget_add_tick_callback(widget, fade_step, fade, NULL);
}

// ---- A bar kept centred -----------------------------------------------

typedef struct {
    GtkWidget *centred, *neighbour;
    int gap;
} KeepCentred;

// GtkOverlay asks where each overlay child goes, in the order they were
// added: the neighbour has its place by the time the centred one is asked.
static gboolean keep_centred_position(GtkOverlay *overlay, GtkWidget *widget, GdkRectangle *allocation,
                                      gpointer data) {
    KeepCentred *keep = data;
    if (widget != keep->centred) return FALSE;  // GtkOverlay places the others
    GtkRequisition minimum, natural;
    gtk_widget_get_preferred_size(widget, &minimum, &natural);
    int width = gtk_widget_get_width(GTK_WIDGET(overlay)), height = gtk_widget_get_height(GTK_WIDGET(overlay));
    allocation->width = MAX(minimum.width, MIN(width, natural.width));
    allocation->height = MAX(minimum.height, MIN(height, natural.height));
    allocation->x = width / 2 - allocation->width / 2;
    allocation->y = height - allocation->height;
    graphene_rect_t bounds;
    if (gtk_widget_get_visible(keep->neighbour)
        && gtk_widget_compute_bounds(keep->neighbour, GTK_WIDGET(overlay), &bounds)) {
        if (gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL) {
            // The end is on the left: the bar keeps to the right of it.
            int clear = (int)(bounds.origin.x + bounds.size.width) + keep->gap;
            if (allocation->x < clear) allocation->x = MIN(clear, MAX(0, width - allocation->width));
        } else {
            int clear = (int)bounds.origin.x - keep->gap;
            if (allocation->x + allocation->width > clear) allocation->x = MAX(0, clear - allocation->width);
        }
    }
    return TRUE;
}

static void keep_centred_free(gpointer data, GClosure *closure) {
    (void)closure;
    g_free(data);
}

void lb_overlay_keep_centred_clear_of(GObject *overlay, GObject *centred, GObject *neighbour, int gap) {
    KeepCentred *keep = g_new0(KeepCentred, 1);
    keep->centred = GTK_WIDGET(centred);
    keep->neighbour = GTK_WIDGET(neighbour);
    keep->gap = gap;
    g_signal_connect_data(overlay, "get-child-position", G_CALLBACK(keep_centred_position), keep, keep_centred_free, 0);
}

// ---- Types ----------------------------------------------------------------

gboolean lb_object_is_a(GObject *object, const char *type_name) {
    GType type = g_type_from_name(type_name);
    return type != 0 && g_type_is_a(G_OBJECT_TYPE(object), type);
}

char *lb_object_dup_string(GObject *object, const char *property) {
    char *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}
