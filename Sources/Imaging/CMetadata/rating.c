// The rating a photo's metadata states, in each form other apps write it.
#include "CMetadata.h"
#include "rating.h"
#include "tag-text.h"

#include <math.h>
#include <stdlib.h>

// A tag's value as a number; false when the tag is absent or not a number.
static bool lb_number(GExiv2Metadata *metadata, const char *tag, double *out) {
    char *text = lb_tag_text(metadata, tag);
    if (!text) return false;
    char *end = NULL;
    double value = g_ascii_strtod(text, &end);
    bool ok = end != text && isfinite(value);
    g_free(text);
    if (ok) *out = value;
    return ok;
}

int lb_rating_from_percent(int percent) {
    // Windows Explorer's bands: it writes 1, 25, 50, 75 and 99 for one to
    // five stars and reads a percentage back to the nearest of those.
    if (percent <= 0) return 0;
    if (percent < 13) return 1;
    if (percent < 38) return 2;
    if (percent < 63) return 3;
    if (percent < 88) return 4;
    return 5;
}

int lb_rating_percent(int stars) {
    static const int percent[] = {0, 1, 25, 50, 75, 99};
    return stars <= 0 ? 0 : percent[stars > 5 ? 5 : stars];
}

// IPTC Urgency runs from 1 (most urgent) to 8 (least); 0 and 9 say nothing
// about the picture's merit. Spread over the stars from the top.
static int lb_rating_from_urgency(int urgency) {
    static const int stars[] = {-2, 5, 5, 4, 3, 3, 2, 1, 0};
    return urgency >= 1 && urgency <= 8 ? stars[urgency] : -2;
}

bool lb_rating_from(GExiv2Metadata *metadata, int *rating) {
    double value;
    // XMP's Rating is a real number; below zero means rejected.
    if (lb_number(metadata, "Xmp.xmp.Rating", &value)) {
        *rating = value < 0 ? -1 : value > 5 ? 5 : (int)lround(value);
        return true;
    }
    if (lb_number(metadata, "Exif.Image.Rating", &value) && value >= 0) {
        *rating = value > 5 ? 5 : (int)lround(value);
        return true;
    }
    if (lb_number(metadata, "Exif.Image.RatingPercent", &value) && value >= 0) {
        *rating = lb_rating_from_percent((int)lround(value));
        return true;
    }
    const char *urgency_tags[] = {"Xmp.photoshop.Urgency", "Iptc.Application2.Urgency"};
    for (size_t i = 0; i < G_N_ELEMENTS(urgency_tags); i++) {
        if (lb_number(metadata, urgency_tags[i], &value)) {
            int stars = lb_rating_from_urgency((int)lround(value));
            if (stars >= 0) {
                *rating = stars;
                return true;
            }
        }
    }
    return false;
}

