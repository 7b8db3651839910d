// Text in tags (tag-text.c): CMetadata's bottom layer; not part of the
// module's interface.
//
// CMetadata's C files call one another only downwards, so that their
// graph is a DAG (an arrow: "calls into, includes the header of"):
//
//   layer 2, the module's interface (include/CMetadata.h):
//     metadata-read.c   -> rating.h, focus.h, tag-text.h, exiv2-setup.h
//     metadata-edit.c   -> tag-text.h, exiv2-setup.h, and rating.c's
//                          lb_rating_percent (declared in CMetadata.h)
//     metadata-write.c  -> exiv2-setup.h
//   layer 1:
//     rating.c (rating.h: the rating metadata states)  -> tag-text.h
//     focus.c (focus.h: where the camera focused), on gexiv2 only
//   layer 0, on gexiv2 and GLib only:
//     tag-text.c (this header: a tag's text, text in tags)
//     exiv2-setup.c (exiv2-setup.h: gexiv2 set up once)
//
// No internal header includes another, and nothing calls up a layer or
// across one: a helper two files need goes into the layer below both.
#pragma once

#include <stdbool.h>
#include <gexiv2/gexiv2.h>

// A tag's value as text, trimmed (free with g_free); NULL when the tag is
// absent, empty or not UTF-8.
char *lb_tag_text(GExiv2Metadata *metadata, const char *tag);

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
