// A decoder's replies are believed only once checked: sizes within what
// was asked, text that is text, shared memory that is sealed and exactly
// as long as the rows it should hold. A decoder a hostile file took over
// can send anything; whatever it sends must end in NONSENSE, not in the
// app reading out of bounds.
#define _GNU_SOURCE
#include "replies.h"

#include <fcntl.h>
#include <glib.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// The longest reason or MIME type believed.
#define LB_MAX_TEXT 2048

// A copy of `length` bytes of text, or NULL when there are more than
// `limit`, or they are not UTF-8 or hold a NUL.
static char *lb_text_within(const char *bytes, size_t length, size_t limit) {
    if (length > limit || memchr(bytes, 0, length) || !g_utf8_validate(bytes, (gssize)length, NULL)) return NULL;
    return g_strndup(bytes, length);
}

static char *lb_text(const char *bytes, size_t length) { return lb_text_within(bytes, length, LB_MAX_TEXT); }

LbDecoderStatus lb_read_failure(const char *payload, size_t length, int fd, LbDecoderResult *result) {
    if (fd >= 0) close(fd);
    result->message = lb_text(payload, length);
    if (fd >= 0 || !result->message || length == 0) return LB_DECODER_NONSENSE;
    return LB_DECODER_FAILED;
}

static LbDecoderStatus lb_read_image(const LbRequest *request, const char *payload, size_t length, int fd,
                                     LbDecoderResult *result) {
    LbWireImage image;
    if (fd < 0 || length < sizeof image) goto nonsense;
    memcpy(&image, payload, sizeof image);
    int limit = request->max_size > 0 ? request->max_size : INT32_MAX / 4;
    if (image.width <= 0 || image.height <= 0 || image.width > limit || image.height > limit ||
        image.stride != image.width * 4 || image.original_width <= 0 || image.original_height <= 0 ||
        (int64_t)image.original_width * image.original_height > request->max_pixels ||
        (image.flags & ~(uint32_t)(LB_IMAGE_FROM_SENSOR | LB_IMAGE_INCOMPLETE)) != 0) {
        goto nonsense;
    }
    result->mime = lb_text(payload + sizeof image, length - sizeof image);
    if (!result->mime) goto nonsense;
    size_t bytes = (size_t)image.stride * (size_t)image.height;
    struct stat info;
    int seals = fcntl(fd, F_GET_SEALS);
    int needed = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || (size_t)info.st_size != bytes || seals < 0 ||
        (seals & needed) != needed) {
        goto nonsense;
    }
    // Read-only, and sealed against writing and shrinking: the rows cannot
    // change or vanish while the app reads them. MAP_POPULATE maps them all
    // at once (they are about to be read in full).
    void *rows = mmap(NULL, bytes, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
    close(fd);
    if (rows == MAP_FAILED) return LB_DECODER_NONSENSE;
    if (request->format == LB_PIXELS_PREMULTIPLIED) {
        result->rows = rows;
        result->rows_length = bytes;
        result->width = image.width;
        result->height = image.height;
        result->stride = image.stride;
    } else {
        result->image = lb_image_wrap_mapping(rows, bytes, image.width, image.height, image.stride);
    }
    result->original_width = image.original_width;
    result->original_height = image.original_height;
    result->from_sensor = image.flags & LB_IMAGE_FROM_SENSOR;
    result->incomplete = image.flags & LB_IMAGE_INCOMPLETE;
    return LB_DECODER_OK;
nonsense:
    if (fd >= 0) close(fd);
    return LB_DECODER_NONSENSE;
}

// An edited file: a sealed memfd exactly as long as the reply says, and
// no longer than the request allowed. The app copies it, never maps it.
static LbDecoderStatus lb_read_edited(const LbRequest *request, const char *payload, size_t length, int fd,
                                      LbDecoderResult *result) {
    LbWireEdited edited;
    struct stat info;
    int needed = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;
    int seals = fd >= 0 ? fcntl(fd, F_GET_SEALS) : -1;
    if (fd < 0 || length != sizeof edited || seals < 0 || (seals & needed) != needed || fstat(fd, &info) != 0
        || !S_ISREG(info.st_mode)) {
        goto nonsense;
    }
    memcpy(&edited, payload, sizeof edited);
    if (edited.length <= 0 || edited.length > request->max_bytes || info.st_size != edited.length) goto nonsense;
    result->has_edited = true;
    result->edited_fd = fd;
    result->edited_length = edited.length;
    return LB_DECODER_OK;
nonsense:
    if (fd >= 0) close(fd);
    return LB_DECODER_NONSENSE;
}

static LbDecoderStatus lb_read_probe(const char *payload, size_t length, LbDecoderResult *result) {
    LbWireProbe probe;
    if (length < sizeof probe) return LB_DECODER_NONSENSE;
    memcpy(&probe, payload, sizeof probe);
    result->width = probe.width;
    result->height = probe.height;
    result->mime = lb_text(payload + sizeof probe, length - sizeof probe);
    return result->mime ? LB_DECODER_OK : LB_DECODER_NONSENSE;
}

static double lb_finite(double value) { return isfinite(value) ? value : 0; }

// Whether the focus a metadata reply tells is one the decoder could have
// read: a known kind, areas only with it, each inside the frame.
static bool lb_focus_believed(const LbWireMetadata *wire) {
    _Static_assert(LB_WIRE_FOCUS_AREAS == LB_MAX_FOCUS_AREAS, "the wire carries every focus area");
    if (wire->focus < LB_FOCUS_UNKNOWN || wire->focus > LB_FOCUS_NAMED || wire->focus_count < 0
        || wire->focus_count > LB_WIRE_FOCUS_AREAS || (wire->focus_count > 0) != (wire->focus == LB_FOCUS_AREAS)
        || (wire->focus == LB_FOCUS_NAMED) != (wire->focus_region >= 1 && wire->focus_region <= 9)
        || (wire->focus != LB_FOCUS_NAMED && wire->focus_region != 0) || wire->focus_frame_width < 0
        || wire->focus_frame_height < 0) {
        return false;
    }
    for (int i = 0; i < wire->focus_count; i++)
        for (int j = 0; j < 4; j++)
            if (!(wire->focus_areas[i][j] >= 0 && wire->focus_areas[i][j] <= 1)) return false;
    return true;
}

static LbDecoderStatus lb_read_metadata(const char *payload, size_t length, LbDecoderResult *result) {
    LbWireMetadata wire;
    if (length < sizeof wire) return LB_DECODER_NONSENSE;
    memcpy(&wire, payload, sizeof wire);
    size_t total = 0;
    for (int i = 0; i < LB_WIRE_STRINGS; i++) {
        if (wire.lengths[i] > lb_wire_string_limit(i)) return LB_DECODER_NONSENSE;
        total += wire.lengths[i];
    }
    if (total != length - sizeof wire || wire.orientation < 0 || wire.orientation > 8 ||
        (wire.has_rating != 0 && wire.has_rating != 1) || wire.rating < -1 || wire.rating > 5 ||
        !lb_focus_believed(&wire)) {
        return LB_DECODER_NONSENSE;
    }
    char *strings[LB_WIRE_STRINGS] = {NULL};
    const char *at = payload + sizeof wire;
    for (int i = 0; i < LB_WIRE_STRINGS; i++) {
        if (wire.lengths[i] && !(strings[i] = lb_text_within(at, wire.lengths[i], lb_wire_string_limit(i)))) {
            for (int j = 0; j < i; j++) g_free(strings[j]);
            return LB_DECODER_NONSENSE;
        }
        at += wire.lengths[i];
    }
    LbMetadata *m = &result->metadata;
    m->pixel_width = wire.pixel_width;
    m->pixel_height = wire.pixel_height;
    m->orientation = wire.orientation;
    m->exposure_numerator = wire.exposure_numerator;
    m->exposure_denominator = wire.exposure_denominator;
    m->iso = wire.iso;
    m->has_rating = wire.has_rating == 1;
    m->rating = wire.rating;
    m->f_number = lb_finite(wire.f_number);
    m->focal_length = lb_finite(wire.focal_length);
    m->date_taken = strings[LB_WIRE_DATE_TAKEN];
    m->make = strings[LB_WIRE_MAKE];
    m->model = strings[LB_WIRE_MODEL];
    m->title = strings[LB_WIRE_TITLE];
    m->label = strings[LB_WIRE_LABEL];
    m->caption = strings[LB_WIRE_CAPTION];
    m->keywords = strings[LB_WIRE_KEYWORDS];
    m->focus = wire.focus;
    m->focus_frame_width = wire.focus_frame_width;
    m->focus_frame_height = wire.focus_frame_height;
    m->focus_count = wire.focus_count;
    m->focus_region = wire.focus_region;
    for (int i = 0; i < wire.focus_count; i++)
        m->focus_areas[i] = (LbFocusArea){wire.focus_areas[i][0], wire.focus_areas[i][1], wire.focus_areas[i][2],
                                          wire.focus_areas[i][3]};
    result->has_metadata = true;
    return LB_DECODER_OK;
}

// A RAW's sensor exposure: believed when its counts add up (every site
// in one colour's histogram and in the histogram of all, no more sites
// than the request allowed, no more clipped or dark sites than sites).
static LbDecoderStatus lb_read_sensor(const LbRequest *request, const char *payload, size_t length,
                                      LbDecoderResult *result) {
    LbWireSensor wire;
    if (length != sizeof wire) return LB_DECODER_NONSENSE;
    memcpy(&wire, payload, sizeof wire);
    uint64_t colours = 0, all = 0;
    for (int i = 0; i < 256; i++) {
        colours += (uint64_t)wire.red[i] + wire.green[i] + wire.blue[i];
        all += wire.all[i];
    }
    if (wire.pixels == 0 || wire.pixels > (uint64_t)request->max_pixels || colours != wire.pixels
        || all != wire.pixels || wire.clipped > wire.pixels || wire.dark > wire.pixels) {
        return LB_DECODER_NONSENSE;
    }
    LbExposure *e = &result->sensor;
    memcpy(e->red, wire.red, sizeof e->red);
    memcpy(e->green, wire.green, sizeof e->green);
    memcpy(e->blue, wire.blue, sizeof e->blue);
    memcpy(e->luminance, wire.all, sizeof e->luminance);
    e->pixels = wire.pixels;
    e->clipped_any = wire.clipped;
    e->dark = wire.dark;
    result->has_sensor = true;
    return LB_DECODER_OK;
}

LbDecoderStatus lb_read_answer(int kind, const LbRequest *request, const char *payload, size_t length, int fd,
                               LbDecoderResult *result) {
    if (kind == LB_KIND_DECODE) return lb_read_image(request, payload, length, fd, result);
    if (kind == LB_KIND_EDIT) return lb_read_edited(request, payload, length, fd, result);
    if (fd >= 0) {
        close(fd);
        return LB_DECODER_NONSENSE;
    }
    if (kind == LB_KIND_PROBE) return lb_read_probe(payload, length, result);
    if (kind == LB_KIND_METADATA) return lb_read_metadata(payload, length, result);
    if (kind == LB_KIND_SENSOR) return lb_read_sensor(request, payload, length, result);
    return LB_DECODER_NONSENSE;
}
