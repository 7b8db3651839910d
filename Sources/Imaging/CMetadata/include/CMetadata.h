// CMetadata: EXIF, XMP and IPTC read and written with gexiv2. Linked into
// lightbox-decoder, which parses photos in its sandbox, and into the
// benchmarks' and tests' in-process paths (InProcessImaging); never into
// the app, which asks a decoder (CDecoding).
#pragma once

#include "CImaging.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Reads EXIF/XMP/IPTC. Returns false (and leaves `out` zeroed) when the file
// has no readable metadata. Free the strings with lb_metadata_clear.
bool lb_metadata_read(const char *path, LbMetadata *out);

// Reads EXIF (`exif`: a TIFF structure, as a JPEG's APP1 holds after
// "Exif\0\0") and XMP (`xmp`: a packet), either of them NULL, as a file
// carrying them would be read: the same fields as lb_metadata_read, by the
// same rules, for formats exiv2 0.27 cannot open whose EXIF and XMP the
// decoder takes out itself (JPEG XL's boxes). The pixel size and the
// orientation are left 0: the caller knows them from the picture. False
// (and `out` zeroed) when there is neither or gexiv2 reads nothing. Free
// the strings with lb_metadata_clear.
bool lb_metadata_read_exif_xmp(const uint8_t *exif, size_t exif_length, const uint8_t *xmp, size_t xmp_length,
                               LbMetadata *out);

// Sets the EXIF orientation (1…8) of the image file at `path` in place.
bool lb_metadata_set_orientation(const char *path, int orientation, char **error);

// ---- Writing metadata (metadata-write.c, metadata-edit.c) -----------------

// Sets EXIF/XMP/IPTC tags ("Exif.Photo.DateTimeOriginal", …) of the image
// at `path` in place, `count` key/value pairs. Returns false with a newly
// allocated `error` on failure.
bool lb_metadata_set_tags(const char *path, const char *const *keys, const char *const *values,
                          int count, char **error);

// The file `bytes` (`length` of them) with `edit` made by gexiv2, in a new
// buffer (`edited`, free with lb_free); the image data is copied as it is.
// Run in the decoder process only (lightbox-decoder's edit request): exiv2
// parses the file there. False with `error` set when gexiv2 refuses.
//
// Text goes where the Metadata Working Group's guidelines put it: XMP
// always, and in a photo (not a sidecar) IPTC where the file has IPTC,
// EXIF's ImageDescription where the file has one. The label: Xmp.xmp.Label,
// and digiKam's ColorLabel and darktable's colorlabels where the file has
// them. The title: Xmp.dc.title's x-default, IPTC's ObjectName. The
// caption: Xmp.dc.description's x-default, IPTC's Caption, EXIF's
// ImageDescription. A keyword path added: into Xmp.lr.hierarchicalSubject
// (and digiKam's TagsList where the file has it), its leaf into
// Xmp.dc.subject and IPTC's Keywords; removed: out of those, each level
// left in the flat lists only while a remaining path has it. A tag left
// empty is removed. IPTC is written in UTF-8 and declared so.
bool lb_metadata_edit(const uint8_t *bytes, size_t length, const LbMetadataEdit *edit, uint8_t **edited,
                      size_t *edited_length, char **error);

// Windows' percentages: 1..5 stars are written as 1, 25, 50, 75, 99 and
// read back by nearest band.
int lb_rating_percent(int stars);
int lb_rating_from_percent(int percent);
