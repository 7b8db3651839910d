#include "lb-gestures.h"

GObject *lb_scroll_controller_new(void) {
    GtkEventController *controller = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    // Before the widget's own handlers: a scrolled window would otherwise
    // scroll (animated) by the same wheel step that zooms.
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    return G_OBJECT(controller);
}

GObject *lb_motion_controller_new(void) { return G_OBJECT(gtk_event_controller_motion_new()); }

GObject *lb_zoom_gesture_new(void) { return G_OBJECT(gtk_gesture_zoom_new()); }

GObject *lb_drag_gesture_new(void) { return G_OBJECT(gtk_gesture_drag_new()); }

GObject *lb_click_gesture_new(void) { return G_OBJECT(gtk_gesture_click_new()); }

GObject *lb_back_forward_gesture_new(void) {
    GtkGesture *gesture = gtk_gesture_click_new();
    // Every button: the handler keeps 8 and 9, and lets the rest through.
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(gesture), 0);
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(gesture), GTK_PHASE_CAPTURE);
    return G_OBJECT(gesture);
}

unsigned lb_gesture_current_button(GObject *gesture) {
    return gtk_gesture_single_get_current_button(GTK_GESTURE_SINGLE(gesture));
}

unsigned lb_event_controller_modifiers(GObject *controller) {
    return gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(controller));
}

gboolean lb_gesture_center(GObject *gesture, double *x, double *y) {
    return gtk_gesture_get_bounding_box_center(GTK_GESTURE(gesture), x, y);
}
