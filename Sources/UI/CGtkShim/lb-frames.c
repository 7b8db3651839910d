#include "lb-frames.h"

// A callback waiting for one phase of one frame, called once.
typedef struct {
    LbFrameCallback callback;
    gpointer data;
    gulong handler;
    GdkFrameClock *clock;
} LbFrameWatch;

static void lb_on_frame_phase(GdkFrameClock *clock, gpointer user_data) {
    LbFrameWatch *watch = user_data;
    g_signal_handler_disconnect(clock, watch->handler);
    watch->callback(watch->data);
    g_object_unref(watch->clock);
    g_free(watch);
}

static void lb_on_widget_mapped(GtkWidget *widget, gpointer user_data) {
    LbFrameWatch *watch = user_data;
    g_signal_handlers_disconnect_by_func(widget, lb_on_widget_mapped, watch);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    if (!clock) {
        watch->callback(watch->data);
        g_free(watch);
        return;
    }
    watch->clock = g_object_ref(clock);
    watch->handler = g_signal_connect(clock, "after-paint", G_CALLBACK(lb_on_frame_phase), watch);
    gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

void lb_widget_on_next_paint(GObject *widget, LbFrameCallback callback, gpointer data) {
    LbFrameWatch *watch = g_new0(LbFrameWatch, 1);
    watch->callback = callback;
    watch->data = data;
    // A widget not on screen yet paints for the first time after it maps.
    if (gtk_widget_get_mapped(GTK_WIDGET(widget)))
        lb_on_widget_mapped(GTK_WIDGET(widget), watch);
    else
        g_signal_connect(widget, "map", G_CALLBACK(lb_on_widget_mapped), watch);
}

void lb_widget_after_next_layout(GObject *widget, LbFrameCallback callback, gpointer data) {
    GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(widget));
    if (!clock) {
        callback(data);
        return;
    }
    LbFrameWatch *watch = g_new0(LbFrameWatch, 1);
    watch->callback = callback;
    watch->data = data;
    watch->clock = g_object_ref(clock);
    // Connected after the window's own layout handler, so it runs once the
    // widgets have their new sizes; what it changes is laid out again in
    // the same frame (the clock repeats the layout phase when asked).
    watch->handler = g_signal_connect_after(clock, "layout", G_CALLBACK(lb_on_frame_phase), watch);
    gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
}
