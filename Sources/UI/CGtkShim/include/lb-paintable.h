// LbFramePaintable: a paintable of a fixed size that shows another
// paintable (a texture, an icon) inside it, scaled down to fit and
// centred on whole pixels. Changing what it shows only redraws: a
// GtkPicture whose paintable changes instead re-measures its cell, and
// the grid lays out again, for every thumbnail that arrives.
#pragma once
#include <gtk/gtk.h>

GObject *lb_frame_paintable_new(int width, int height);
// Shows `content` (NULL: nothing). The frame keeps a reference.
void lb_frame_paintable_set_content(GObject *frame, GObject *content);
