// CRaw: camera RAW files in lightbox-decoder, from the camera's embedded
// preview (found by the decoder's own reader of TIFF-based RAW files,
// tiff-raw.c, which reads the file's structure and the one preview it
// takes; else by exiv2, through gexiv2) or, where none is usable, from the
// sensor data (LibRaw). Only the decoder links it.
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "CImaging.h"

// Decodes the RAW file open at `fd` fitted in `max_size`×`max_size`, like
// lb_image_decode_into: the smallest embedded JPEG preview at least
// `max_size` on its long side, else the largest, turned by the RAW's own
// orientation; when the largest is under `max_size` and under 1024 px (or
// there is none, or it is damaged), LibRaw's thumbnail for small sizes,
// else the sensor data developed (at half size when that is enough).
// `in_full` asks for the sensor's pixels (a photo window zoomed in): a
// preview serves only when it is as large as the sensor.
// `info->mime` is the RAW's type as exiv2 knows it; `info->from_sensor`
// says whether the picture was developed from the sensor data.
bool lb_raw_decode_into(int fd, int max_size, int64_t max_pixels, bool in_full, bool premultiplied,
                        LbRowsTarget target, void *context, LbDecodeInfo *info, char **error);
