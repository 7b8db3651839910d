// CJxl: JPEG XL files in lightbox-decoder, decoded with libjxl 0.7
// (Debian 12 has no gdk-pixbuf loader for them). Only the decoder links it.
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "CImaging.h"

// Decodes the JPEG XL file open at `fd` (read from its start, a chunk at a
// time; the descriptor's position is not used) fitted in
// `max_size`×`max_size`, like lb_image_decode_into: its first frame (an
// animation's), turned by the orientation its header states, colours in
// sRGB where the file leaves the choice to the decoder. A picture of more
// than `max_pixels` pixels is refused from its header, before any pixel
// is decoded; so is one the decoder's memory limit could not hold.
// `info->mime` is "image/jxl"; `info->original_width`/`original_height`
// the size the picture is shown at.
bool lb_jxl_decode_into(int fd, int max_size, int64_t max_pixels, bool premultiplied, LbRowsTarget target,
                        void *context, LbDecodeInfo *info, char **error);

// The size the JPEG XL file open at `fd` is shown at (its orientation
// applied), read from its header alone; false with a message in `error`
// (free with lb_free) when it has none readable.
bool lb_jxl_probe(int fd, int *width, int *height, char **error);

// ---- EXIF and XMP (jxl-boxes.c) ------------------------------------------

// What a JPEG XL file's container carries besides the picture: its Exif
// box (a 4-byte big-endian offset, then EXIF in TIFF form) and its xml box
// (an XMP packet), each either as it is or Brotli-compressed in a brob box
// (which cjxl 0.7 makes of a JPEG's EXIF and XMP). A bare codestream has
// no boxes, so none of this.
//
// The most an Exif or xml box may hold (and a brob box, compressed or
// not): EXIF from a camera fits in a JPEG's 64 KiB segment, XMP is a few
// KiB; more is damage or an attack, and is not read.
#define LB_JXL_MAX_METADATA_BOX (1 << 20)

typedef struct {
    uint8_t *exif;        // the TIFF structure ("II*\0" or "MM\0*" on); NULL when none
    size_t exif_length;
    uint8_t *xmp;         // the XMP packet; NULL when none
    size_t xmp_length;
    int unread;           // Exif and xml boxes found but not read: larger than
                          // LB_JXL_MAX_METADATA_BOX, cut short, not EXIF, or
                          // compressed data that does not decompress
} LbJxlMetadata;

// The EXIF and XMP of the JPEG XL file open at `fd` (read with pread; the
// descriptor's position is not used): the first Exif and xml box, each as
// it is or decompressed from a brob box. Only box headers and those boxes
// are read, never the codestream; a box size is believed only as far as
// the file goes, and a box larger than LB_JXL_MAX_METADATA_BOX (1 MiB),
// compressed or not, is left unread. Free with lb_jxl_metadata_clear.
void lb_jxl_metadata(int fd, LbJxlMetadata *out);
void lb_jxl_metadata_clear(LbJxlMetadata *metadata);
