// The rating metadata states (rating.c): CMetadata's middle layer (tag-text.h
// has the picture of the whole). It reads tags through tag-text.h, which
// is below it; metadata-read.c, above it, calls it. Not part of the
// module's interface (lb_rating_percent and lb_rating_from_percent, also
// in rating.c, are: CMetadata.h).
#pragma once

#include <stdbool.h>
#include <gexiv2/gexiv2.h>

// The rating the metadata (of a photo or an XMP sidecar) states, from the
// first of Xmp.xmp.Rating (below 0: rejected, -1), Exif.Image.Rating,
// Exif.Image.RatingPercent (Windows' bands), Xmp.photoshop.Urgency and
// Iptc.Application2.Urgency (1 most urgent = 5 stars ... 8 = 0). False
// when none of them is there.
bool lb_rating_from(GExiv2Metadata *metadata, int *rating);
