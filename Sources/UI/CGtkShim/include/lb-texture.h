// Textures of decoded pixels, and how they are drawn.
//
// GTK 4.8's cairo renderer (the one GTK uses without OpenGL: a virtual
// machine, a remote X display, Xvfb) converts a texture's every pixel
// through floats each time it draws it, whatever the texture's format: a
// photo fitted to a window costs 10-20 ms a frame, a screen of thumbnails
// as much, on the main thread. The textures made here keep their pixels
// beside them, and the paintables here draw such a texture through a cairo
// image surface over those same pixels, made once, when the windows are
// drawn by cairo; with OpenGL they draw the texture itself, which the GL
// renderer uploads once.
#pragma once
#include <gtk/gtk.h>

// A GdkMemoryTexture over a copy of 8-bit pixels: straight-alpha RGBA, or
// (`premultiplied`) GDK's default format, premultiplied native-endian ARGB
// words, the layout of a cairo image surface: only these are drawn
// without conversion.
GObject *lb_texture_new(const guint8 *pixels, gsize length, int width, int height, gsize stride,
                        gboolean premultiplied);

// The same over pixels that stay where they are: the texture uses them
// without a copy and calls `release(owner)` once it no longer needs them.
GObject *lb_texture_new_shared(const guint8 *pixels, gsize length, int width, int height, gsize stride,
                               gboolean premultiplied, GDestroyNotify release, gpointer owner);

// `texture` (transfer full) as one of the textures above: its pixels
// copied once into GDK's default format. For textures GTK made (a drawn
// icon), which are drawn again and again.
GObject *lb_texture_keeping_pixels(GdkTexture *texture);

// Follows which renderer draws `window` (a GtkWindow), from its realize
// on: textures are drawn through cairo surfaces while the newest window
// realized is drawn by cairo. One renderer serves a process's windows in
// practice (GSK_RENDERER, or OpenGL missing), so this is kept once.
void lb_texture_drawing_follow(GObject *window);
// Whether textures are drawn through cairo surfaces now.
gboolean lb_texture_drawing_through_cairo(void);

// Draws `paintable` at `width` × `height` into `snapshot`: a texture made
// above through its cairo surface when windows are drawn by cairo, any
// other paintable as itself.
void lb_paintable_draw(GdkPaintable *paintable, GdkSnapshot *snapshot, double width, double height);

// A paintable showing `texture` (a reference is kept) at its own size and
// shape, drawn by lb_paintable_draw: what a GtkPicture shows a photo with.
GObject *lb_texture_paintable_new(GObject *texture);
// The same with `count` outlines drawn over the texture (the camera's
// focus points): `outlines` holds x, y (the centre), width and height of
// each, in fractions of the texture; a size of 0 is a point. Copied.
GObject *lb_texture_paintable_new_outlined(GObject *texture, const double *outlines, int count);

// For tests: draws through cairo surfaces (or not) from now on.
void lb_texture_drawing_set_through_cairo(gboolean through_cairo);
// For tests: what `paintable` draws at `width` × `height`, as a render node
// (transfer full; NULL when it draws nothing).
GskRenderNode *lb_paintable_node(GObject *paintable, int width, int height);
// For tests: draws `node` over `width` × `height` with a cairo renderer of
// its own (no window), as a window drawn by cairo would show it, into
// `pixels`, `width` × 4 bytes a row of premultiplied native-endian ARGB
// words. FALSE when it cannot.
gboolean lb_render_node_draw_with_cairo(GskRenderNode *node, int width, int height, guint8 *pixels);
