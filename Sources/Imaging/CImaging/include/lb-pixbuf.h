// What the decoder's other C targets (RAW files, in CRaw) take from
// CImaging to decode and hand over pictures the way every photo is:
// gdk-pixbuf values, so not for Swift, which imports only CImaging.h's
// plain-value functions.
#pragma once

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdbool.h>
#include <stdint.h>

#include "CImaging.h"

// A picture of type `mime` in memory (a RAW file's embedded preview: a
// JPEG, or a TIFF wrapping one) fitted in `max_size`×`max_size` while
// decoding, or NULL with a message in `error` (free with lb_free): a JPEG
// that stops short of its end, a picture declaring more than `max_pixels`
// pixels, or one that does not decode. `width`/`height` receive the size
// it declares.
GdkPixbuf *lb_bytes_decode(const uint8_t *bytes, size_t length, const char *mime, int max_size, int64_t max_pixels,
                           int *width, int *height, char **error);

// `pixbuf` turned and flipped as EXIF orientation `orientation` (1-8) says;
// a new reference (the same picture for 1 or a value out of range).
GdkPixbuf *lb_pixbuf_oriented(GdkPixbuf *pixbuf, int orientation);

// `pixbuf` scaled down to fit `max_size`×`max_size` (never up); a new reference.
GdkPixbuf *lb_pixbuf_fitted(GdkPixbuf *pixbuf, int max_size);

// Writes `pixbuf` as the RGBA rows `target` gives (see lb_image_decode_into),
// filling `info`'s width, height and stride; false with a message in
// `error` when the target has no memory.
bool lb_pixbuf_into(GdkPixbuf *pixbuf, bool premultiplied, LbRowsTarget target, void *context, LbDecodeInfo *info,
                    char **error);
