// What CImaging's files share and nothing outside them sees.
#pragma once

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdbool.h>
#include <stdint.h>

struct LbImage {
    GdkPixbuf *pixbuf;  // always RGBA
};

// The error's message (or `fallback`) as a new string; frees the error.
char *lb_message(GError *error, const char *fallback);

// The orientation (1-8) IFD0 of the TIFF structure at `tiff` (`size`
// bytes, EXIF as a WebP's EXIF chunk holds it) states; 1 when it states
// none or the structure is malformed.
int lb_exif_orientation(const uint8_t *tiff, size_t size);

// Where a JPEG's EXIF thumbnail lies in the file's first `size` bytes, with
// the main image's size as stored and its EXIF orientation (1-8).
typedef struct {
    size_t offset, length;
    int width, height, orientation;
} LbEmbeddedThumbnail;

// Finds it by walking the segments before the image data; false when the
// bytes are not a JPEG, hold no EXIF thumbnail that is a JPEG, or stop
// before the frame header.
bool lb_jpeg_embedded_thumbnail(const uint8_t *head, size_t size, LbEmbeddedThumbnail *found);

// The picture at `fd` fitted in `max_size`×`max_size` and oriented, made
// from its EXIF thumbnail when that is big enough and the file is whole;
// NULL when it cannot be (the caller decodes the file). Reads with pread,
// leaving the file position where it was.
GdkPixbuf *lb_decode_embedded_thumbnail(int fd, int max_size, int64_t max_pixels, int *original_width,
                                        int *original_height);
