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

// What the sensor data of the RAW file open at `fd` says of its exposure
// (a Bayer sensor's): each colour's photosites in a histogram (`red`,
// `green` with both greens, `blue`; `luminance` all of them), on the sRGB
// scale of their level above black as a fraction of the white level;
// `pixels` the photosites, `clipped_any` those at the white level, `dark`
// those more than `dark_stops` below it. Unpacked by LibRaw, not
// developed. False with `error` set for a file with no such data (a
// preview-only or cut file, another kind of sensor).
bool lb_raw_sensor_exposure(int fd, int64_t max_pixels, int dark_stops, LbExposure *out, char **error);

// A TIFF-based RAW's metadata as the decoder's own reader finds it: the
// bytes it lies in (the file's first ones: its TIFF structure, to be read
// as EXIF), IFD0's XMP packet within them, and what the structure says of
// the sensor's size and the orientation, as exiv2 would give them.
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t xmp_offset, xmp_length;  // 0 0: no XMP packet
    int pixel_width, pixel_height;
    int orientation;                // 1-8; 0 when the file states none
} LbRawMetadataBytes;

// Reads those bytes of the RAW file open at `fd` with pread (tens of
// kilobytes, where exiv2 maps the whole file and its read-ahead brings
// in megabytes). False when the file is not one tiff-raw.c knows or its
// metadata lies further in: read it through exiv2 then. Free with
// lb_raw_metadata_bytes_clear.
bool lb_raw_metadata_bytes(int fd, LbRawMetadataBytes *out);
void lb_raw_metadata_bytes_clear(LbRawMetadataBytes *metadata);
