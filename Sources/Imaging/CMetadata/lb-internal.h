// Helpers shared by CMetadata's C files; not part of the module's interface.
#pragma once

#include <stdbool.h>
#include <gexiv2/gexiv2.h>

// A tag's value as text, trimmed (free with g_free); NULL when the tag is
// absent, empty or not UTF-8 (metadata-read.c).
char *lb_tag_text(GExiv2Metadata *metadata, const char *tag);

// gexiv2_initialize, once per process (it is not safe to call twice at once).
void lb_exiv2_init(void);

// The rating the metadata (of a photo or an XMP sidecar) states, from the
// first of Xmp.xmp.Rating (below 0: rejected, -1), Exif.Image.Rating,
// Exif.Image.RatingPercent (Windows' bands), Xmp.photoshop.Urgency and
// Iptc.Application2.Urgency (1 most urgent = 5 stars ... 8 = 0). False
// when none of them is there.
bool lb_rating_from(GExiv2Metadata *metadata, int *rating);
