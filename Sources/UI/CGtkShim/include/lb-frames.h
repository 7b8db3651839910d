// Frame timing: running code once a widget's next frame has been painted
// (first-frame milestones, and checks that need allocated widgets).
#pragma once
#include <gtk/gtk.h>

typedef void (*LbFrameCallback)(gpointer data);

// Calls `callback(data)` once, after the next frame showing `widget` is
// painted; a widget not mapped yet waits for its first frame.
void lb_widget_on_next_paint(GObject *widget, LbFrameCallback callback, gpointer data);

// Calls `callback(data)` once, in the next frame, after the widgets were
// laid out and before they are drawn (at once when `widget` has no frame
// clock: it is not on screen).
void lb_widget_after_next_layout(GObject *widget, LbFrameCallback callback, gpointer data);
