// What floats over a photo: controls that fade in and out, a bar kept
// centred without covering a neighbour. And what tests ask of widgets: a
// widget's class by name (to count the buttons a window shows), a string
// property's value.
#pragma once
#include <gtk/gtk.h>

// Fades `widget` to `opacity` (0…1) over `duration_ms`, easing out, one
// step a frame; at once when the widget is not drawn or the desktop turned
// animations off. A fade under way is replaced by the new one.
void lb_widget_fade(GObject *widget, double opacity, guint duration_ms);

// Places `centred`, a child of `overlay` at the bottom, in the middle of
// the overlay's width while it clears `neighbour` (another overlay child at
// the bottom's end, added before it) by `gap` pixels, and otherwise as
// near the middle as clears it. Both stay the overlay's children for as
// long as it lives.
void lb_overlay_keep_centred_clear_of(GObject *overlay, GObject *centred, GObject *neighbour, int gap);

// Whether `object` is a `type_name` ("GtkButton") or of a class derived
// from it; false for a type GTK has not registered.
gboolean lb_object_is_a(GObject *object, const char *type_name);

// A string property's value (a copy to free with g_free; NULL when unset).
char *lb_object_dup_string(GObject *object, const char *property);
