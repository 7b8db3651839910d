// Helpers shared by CMetadata's C files; not part of the module's interface.
#pragma once

#include <stdbool.h>
#include <gexiv2/gexiv2.h>

// A tag's value as text, trimmed (free with g_free); NULL when the tag is
// absent, empty or not UTF-8 (metadata-read.c).
char *lb_tag_text(GExiv2Metadata *metadata, const char *tag);

// gexiv2_initialize, once per process (it is not safe to call twice at
// once), and the XMP namespaces exiv2 0.27 lacks (rating.c).
void lb_exiv2_init(void);

// The rating the metadata (of a photo or an XMP sidecar) states, from the
// first of Xmp.xmp.Rating (below 0: rejected, -1), Exif.Image.Rating,
// Exif.Image.RatingPercent (Windows' bands), Xmp.photoshop.Urgency and
// Iptc.Application2.Urgency (1 most urgent = 5 stars ... 8 = 0). False
// when none of them is there.
bool lb_rating_from(GExiv2Metadata *metadata, int *rating);

// ---- Text in tags (tag-text.c) ------------------------------------------------

// The colour labels Lightroom, darktable and digiKam share, in darktable's
// order (0 Red … 4 Purple): the name, or NULL out of range.
const char *lb_colour_name(int index);
// The index of a label that names one of them (any case), else -1.
int lb_colour_index(const char *label);
#define LB_COLOURS 5

// `bytes` as UTF-8: a copy when they are UTF-8 already, else read as
// Latin-1 when `latin1` (IPTC written without a character set), else NULL.
char *lb_utf8(const char *bytes, bool latin1);

// The text of a language alternative (Xmp.dc.title, Xmp.dc.description):
// the x-default entry, else the first, trimmed; NULL when absent or blank.
char *lb_lang_alt_text(GExiv2Metadata *metadata, const char *tag);

// The values of a tag that may repeat (an XMP array, a repeated IPTC
// dataset), in order: each UTF-8 (`iptc`: Latin-1 read where it is not),
// without line breaks, trimmed; blank ones left out. Empty when the tag
// is absent. Free with g_ptr_array_unref.
GPtrArray *lb_tag_values(GExiv2Metadata *metadata, const char *tag, bool iptc);

// A keyword path as Lightbox keeps it: the levels of `text` (split at
// `separator`, '|' or digiKam's '/') trimmed, blank ones and line breaks
// left out, joined by '|'. NULL when no level is left.
char *lb_keyword_path(const char *text, char separator);

// The last level of a path ("Finistère" of "Places|Brittany|Finistère").
const char *lb_keyword_leaf(const char *path);

// Whether `level` is one of the levels of one of `paths`.
bool lb_is_level(GPtrArray *paths, const char *level);

// Where `text` is in `values` (exactly), or -1.
int lb_find(GPtrArray *values, const char *text);
