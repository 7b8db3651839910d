// Pointer and touch input for the photo window's zoom and pan: the event
// controllers GtkKit's gesture handlers wrap (all new references).
#pragma once

#include <gtk/gtk.h>

// Scrolling, vertical, smooth where the device is (wheel steps are ±1),
// seen before the widget's own handlers (the capture phase).
GObject *lb_scroll_controller_new(void);
// Pointer motion, for where the pointer is over a widget.
GObject *lb_motion_controller_new(void);
// Two-finger pinch.
GObject *lb_zoom_gesture_new(void);
// Press, move, release with the first button (or one finger).
GObject *lb_drag_gesture_new(void);
// Presses of the first button, counting double presses.
GObject *lb_click_gesture_new(void);
// Presses of a mouse's Back and Forward buttons (8 and 9), seen before
// the widgets under the pointer (the capture phase).
GObject *lb_back_forward_gesture_new(void);
// The button of the press being handled (1 the first, 8 Back, 9 Forward).
unsigned lb_gesture_current_button(GObject *gesture);

// The keyboard modifiers held during the event being handled (GdkModifierType).
unsigned lb_event_controller_modifiers(GObject *controller);
// The centre of a gesture's touch points, relative to its widget.
gboolean lb_gesture_center(GObject *gesture, double *x, double *y);
