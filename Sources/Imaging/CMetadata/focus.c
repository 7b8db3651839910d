// Where the camera focused, read from its maker notes as exiv2 0.27 splits
// them into tags. Each maker measures differently; each reader below says
// how, and every area leaves here as fractions of the frame as stored (the
// EXIF orientation is the app's to apply). The positions were checked
// against ExifTool's reading of real cameras' files (Tests/Fixtures/real).
// A maker note is the camera's, or a hostile file's: every number is
// checked for range before it is believed, and a note that disagrees with
// itself gives nothing.
#include "focus.h"

#include <math.h>
#include <string.h>

// The most values read from one tag (Canon's mirrorless bodies have over a
// thousand AF points; their AFInfo2 arrays hold one value each).
#define LB_MAX_VALUES 4096

// The numbers of a tag's value ("63 63 63", "128/256 128/256", a packed
// word), at most `capacity` into `values`; a rational with a zero
// denominator is NaN. Returns how many were read, 0 when the tag is absent.
static int lb_numbers(GExiv2Metadata *metadata, const char *tag, double *values, int capacity) {
    // Not gexiv2_metadata_try_has_tag first: it answers false for a tag
    // asked by number ("Exif.CanonPi.0x0004") that exiv2 knows by name.
    GError *error = NULL;
    char *text = gexiv2_metadata_try_get_tag_string(metadata, tag, &error);
    g_clear_error(&error);
    if (!text) return 0;
    int count = 0;
    const char *at = text;
    while (*at && count < capacity) {
        while (*at == ' ') at++;
        if (!*at) break;
        char *end = NULL;
        double number = g_ascii_strtod(at, &end);
        if (end == at) break;
        if (*end == '/') {
            const char *below = end + 1;
            double denominator = g_ascii_strtod(below, &end);
            if (end == below) break;
            number = denominator != 0 ? number / denominator : NAN;
        }
        values[count++] = number;
        at = end;
    }
    g_free(text);
    return count;
}

// One number of a tag, or `fallback` when it is absent.
static double lb_number(GExiv2Metadata *metadata, const char *tag, double fallback) {
    double value = 0;
    return lb_numbers(metadata, tag, &value, 1) == 1 && isfinite(value) ? value : fallback;
}

static bool lb_fraction(double value) { return isfinite(value) && value >= 0 && value <= 1; }

// Adds an area (fractions of the frame) unless it lies outside the frame
// or the list is full.
static void lb_add_area(LbMetadata *out, double x, double y, double width, double height) {
    if (!lb_fraction(x) || !lb_fraction(y) || !lb_fraction(width) || !lb_fraction(height)) return;
    if (out->focus_count >= LB_MAX_FOCUS_AREAS) return;
    out->focus_areas[out->focus_count++] = (LbFocusArea){(float)x, (float)y, (float)width, (float)height};
    out->focus = LB_FOCUS_AREAS;
}

static void lb_set_frame(LbMetadata *out, double width, double height) {
    out->focus_frame_width = width > 0 && width < INT32_MAX ? (int)width : 0;
    out->focus_frame_height = height > 0 && height < INT32_MAX ? (int)height : 0;
}

// Whether bit `index` is set in a bitmask stored as 16-bit words, the
// first point in the lowest bit of the first word.
static bool lb_bit(const double *words, int count, int index) {
    int word = index / 16;
    if (word >= count || !isfinite(words[word])) return false;
    return ((unsigned)words[word] >> (index % 16)) & 1;
}

// Canon: AFInfo2 (0x0026, most bodies since 2004), split by exiv2 into
// Exif.Canon.AF* tags. Each point has a centre measured from the middle of
// an AFImageWidth × AFImageHeight frame (x to the right; y up on EOS
// bodies, down on compacts), a width and a height; AFPointsInFocus and
// AFPointsSelected are bitmasks over the first AFValidPoints of them.
// AFAreaMode 0 is manual focus.
static bool lb_canon_info2(GExiv2Metadata *metadata, LbMetadata *out) {
    double valid = lb_number(metadata, "Exif.Canon.AFValidPoints", -1);
    if (valid < 0) return false;
    if (lb_number(metadata, "Exif.Canon.AFAreaMode", -1) == 0) {
        out->focus = LB_FOCUS_MANUAL;
        return true;
    }
    double frame_width = lb_number(metadata, "Exif.Canon.AFImageWidth", 0);
    double frame_height = lb_number(metadata, "Exif.Canon.AFImageHeight", 0);
    int points = (int)fmin(valid, LB_MAX_VALUES);
    if (points <= 0 || frame_width <= 0 || frame_height <= 0) return true;
    int words = (points + 15) / 16;
    double *values = g_new0(double, 4 * (size_t)points + 2 * (size_t)words);
    double *widths = values, *heights = widths + points, *xs = heights + points, *ys = xs + points,
           *in_focus = ys + points, *selected = in_focus + words;
    bool whole = lb_numbers(metadata, "Exif.Canon.AFAreaWidths", widths, points) == points
        && lb_numbers(metadata, "Exif.Canon.AFAreaHeights", heights, points) == points
        && lb_numbers(metadata, "Exif.Canon.AFXPositions", xs, points) == points
        && lb_numbers(metadata, "Exif.Canon.AFYPositions", ys, points) == points;
    int focused_words = lb_numbers(metadata, "Exif.Canon.AFPointsInFocus", in_focus, words);
    int selected_words = lb_numbers(metadata, "Exif.Canon.AFPointsSelected", selected, words);
    // Compacts (CameraType 250) count y downwards.
    double up = lb_number(metadata, "Exif.CanonSi.CameraType", 0) == 250 ? -1 : 1;
    lb_set_frame(out, frame_width, frame_height);
    for (int pass = 0; whole && pass < 2 && out->focus_count == 0; pass++) {
        // The points in focus; where none is, the points chosen.
        const double *mask = pass == 0 ? in_focus : selected;
        int mask_words = pass == 0 ? focused_words : selected_words;
        for (int i = 0; i < points; i++) {
            if (!lb_bit(mask, mask_words, i) || widths[i] <= 0 || heights[i] <= 0) continue;
            lb_add_area(out, 0.5 + xs[i] / frame_width, 0.5 - up * ys[i] / frame_height, widths[i] / frame_width,
                        heights[i] / frame_height);
        }
    }
    g_free(values);
    return true;
}

// Canon: the older AFInfo (0x0012: the 300D to the 30D, the 350D), which
// exiv2 gives as Exif.CanonPi.0xNNNN words: 0 the number of points, 1 how
// many are valid, 4 × 5 the frame, 6 × 7 one size for every point, then
// the x centres, the y centres (int16, from the middle, y up) and the
// bitmask of those in focus.
static bool lb_canon_info(GExiv2Metadata *metadata, LbMetadata *out) {
    double count = lb_number(metadata, "Exif.CanonPi.0x0000", -1);
    double valid = lb_number(metadata, "Exif.CanonPi.0x0001", -1);
    double frame_width = lb_number(metadata, "Exif.CanonPi.0x0004", 0);
    double frame_height = lb_number(metadata, "Exif.CanonPi.0x0005", 0);
    double width = lb_number(metadata, "Exif.CanonPi.0x0006", 0);
    double height = lb_number(metadata, "Exif.CanonPi.0x0007", 0);
    if (count <= 0 || count > 64 || valid <= 0 || valid > count || frame_width <= 0 || frame_height <= 0
        || width <= 0 || height <= 0) {
        return false;
    }
    int points = (int)count;
    double mask[4] = {0};
    for (int word = 0; word < (points + 15) / 16; word++) {
        char tag[32];
        g_snprintf(tag, sizeof tag, "Exif.CanonPi.0x%04x", 8 + 2 * points + word);
        mask[word] = lb_number(metadata, tag, 0);
    }
    lb_set_frame(out, frame_width, frame_height);
    for (int i = 0; i < (int)valid; i++) {
        if (!lb_bit(mask, 4, i)) continue;
        char tag[32];
        g_snprintf(tag, sizeof tag, "Exif.CanonPi.0x%04x", 8 + i);
        double x = (int16_t)(uint16_t)lb_number(metadata, tag, 0);
        g_snprintf(tag, sizeof tag, "Exif.CanonPi.0x%04x", 8 + points + i);
        double y = (int16_t)(uint16_t)lb_number(metadata, tag, 0);
        lb_add_area(out, 0.5 + x / frame_width, 0.5 - y / frame_height, width / frame_width, height / frame_height);
    }
    return true;
}

// Sony: FocusLocation (0x2027): the frame's width and height, then the
// point's x and y in it, in sensor (landscape) terms; 0, 0 when the camera
// did not say. FocusFrameSize (0x2037, newer bodies): the box's width and
// height as little-endian words, valid when the third word is not 0.
static bool lb_sony(GExiv2Metadata *metadata, LbMetadata *out) {
    static const char *const groups[] = {"Exif.Sony1", "Exif.Sony2"};
    for (size_t g = 0; g < G_N_ELEMENTS(groups); g++) {
        char tag[32];
        double location[4];
        g_snprintf(tag, sizeof tag, "%s.0x2027", groups[g]);
        if (lb_numbers(metadata, tag, location, 4) != 4) continue;
        double frame_width = location[0], frame_height = location[1], x = location[2], y = location[3];
        if (!(frame_width > 0 && frame_height > 0 && x > 0 && y > 0)) return true;
        double box[6] = {0}, width = 0, height = 0;
        g_snprintf(tag, sizeof tag, "%s.0x2037", groups[g]);
        if (lb_numbers(metadata, tag, box, 6) == 6 && box[4] + box[5] > 0) {
            width = box[0] + 256 * box[1];
            height = box[2] + 256 * box[3];
        }
        lb_set_frame(out, frame_width, frame_height);
        lb_add_area(out, x / frame_width, y / frame_height, width / frame_width, height / frame_height);
        return true;
    }
    return false;
}

// Fujifilm: FocusPixel (0x1023), the point's x and y in pixels of the
// picture the EXIF describes.
static bool lb_fujifilm(GExiv2Metadata *metadata, int pixel_width, int pixel_height, LbMetadata *out) {
    double pixel[2];
    if (lb_numbers(metadata, "Exif.Fujifilm.0x1023", pixel, 2) != 2) return false;
    double frame_width = lb_number(metadata, "Exif.Photo.PixelXDimension", pixel_width);
    double frame_height = lb_number(metadata, "Exif.Photo.PixelYDimension", pixel_height);
    if (frame_width <= 0 || frame_height <= 0 || pixel[0] <= 0 || pixel[1] <= 0) return true;
    lb_set_frame(out, frame_width, frame_height);
    lb_add_area(out, pixel[0] / frame_width, pixel[1] / frame_height, 0, 0);
    return true;
}

// Olympus and OM System: AFAreas, a box packed into a word as four bytes
// (left, top, right, bottom, each of 255); else AFPointSelected, whose
// second and third values are the centre as fractions.
static bool lb_olympus(GExiv2Metadata *metadata, LbMetadata *out) {
    double areas[1], selected[5];
    if (lb_numbers(metadata, "Exif.OlympusCs.AFAreas", areas, 1) == 1 && areas[0] > 0 && areas[0] <= UINT32_MAX) {
        uint32_t box = (uint32_t)areas[0];
        double left = (box >> 24) / 255.0, top = ((box >> 16) & 0xff) / 255.0;
        double right = ((box >> 8) & 0xff) / 255.0, bottom = (box & 0xff) / 255.0;
        if (right > left && bottom > top) {
            lb_add_area(out, (left + right) / 2, (top + bottom) / 2, right - left, bottom - top);
            return true;
        }
    }
    if (lb_numbers(metadata, "Exif.OlympusCs.AFPointSelected", selected, 5) >= 3) {
        if (lb_fraction(selected[1]) && lb_fraction(selected[2]) && selected[1] + selected[2] > 0)
            lb_add_area(out, selected[1], selected[2], 0, 0);
        return true;
    }
    return false;
}

// Panasonic: AFPointPosition, the centre as fractions; a value past 1
// (16777216, as some bodies write) or 0, 0 means none.
static bool lb_panasonic(GExiv2Metadata *metadata, LbMetadata *out) {
    double position[2];
    if (lb_numbers(metadata, "Exif.Panasonic.AFPointPosition", position, 2) != 2) return false;
    if (position[0] + position[1] > 0) lb_add_area(out, position[0], position[1], 0, 0);
    return true;
}

// Nikon: AFInfo2 gives a box (centre, width and height in an
// AFImageWidth × AFImageHeight frame) for pictures focused in live view;
// otherwise the 11-point bodies name the primary point, and the older
// AFInfo names the point used. Where on the frame a named point lies is
// not published for each body, so only its third of the frame is told.
static bool lb_nikon(GExiv2Metadata *metadata, LbMetadata *out) {
    // The 11-point layout's numbering (1 Center … 11 Far Right) and the
    // older AFInfo's (0 Center … 10 Far Right), as regions 1..9.
    static const int eleven[] = {0, 5, 2, 8, 4, 1, 7, 4, 6, 3, 9, 6};
    static const int older[] = {5, 2, 8, 4, 6, 1, 3, 7, 9, 4, 6};
    double frame_width = lb_number(metadata, "Exif.NikonAf2.AFImageWidth", 0);
    double frame_height = lb_number(metadata, "Exif.NikonAf2.AFImageHeight", 0);
    if (frame_width > 0 && frame_height > 0) {
        double x = lb_number(metadata, "Exif.NikonAf2.AFAreaXPosition", -1);
        double y = lb_number(metadata, "Exif.NikonAf2.AFAreaYPosition", -1);
        double width = lb_number(metadata, "Exif.NikonAf2.AFAreaWidth", 0);
        double height = lb_number(metadata, "Exif.NikonAf2.AFAreaHeight", 0);
        lb_set_frame(out, frame_width, frame_height);
        if (x > 0 && y > 0) lb_add_area(out, x / frame_width, y / frame_height, width / frame_width, height / frame_height);
        return true;
    }
    double primary = lb_number(metadata, "Exif.NikonAf2.PrimaryAFPoint", -1);
    if (lb_number(metadata, "Exif.NikonAf2.PhaseDetectAF", 0) == 2 && primary >= 1 && primary <= 11) {
        out->focus = LB_FOCUS_NAMED;
        out->focus_region = eleven[(int)primary];
        return true;
    }
    double point = lb_number(metadata, "Exif.NikonAf.AFPoint", -1);
    if (point >= 0 && point <= 10) {
        out->focus = LB_FOCUS_NAMED;
        out->focus_region = older[(int)point];
        return true;
    }
    return false;
}

void lb_focus_read(GExiv2Metadata *metadata, int pixel_width, int pixel_height, LbMetadata *out) {
    out->focus = LB_FOCUS_UNKNOWN;
    out->focus_count = 0;
    out->focus_region = 0;
    lb_set_frame(out, 0, 0);
    // Each reader answers only for its maker's tags, which a file has one
    // set of; the first to know the file answers.
    (void)(lb_canon_info2(metadata, out) || lb_canon_info(metadata, out) || lb_sony(metadata, out)
           || lb_nikon(metadata, out) || lb_olympus(metadata, out) || lb_panasonic(metadata, out)
           || lb_fujifilm(metadata, pixel_width, pixel_height, out));
    if (out->focus == LB_FOCUS_AREAS && out->focus_count == 0) out->focus = LB_FOCUS_UNKNOWN;
}
