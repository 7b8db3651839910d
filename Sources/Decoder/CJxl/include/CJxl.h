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
