#include "CImaging.h"

#include <glib.h>
#include <string.h>

// What "the image data" is, format by format: the parts of the file that
// say what the pixels are, leaving out the parts metadata lives in, so
// that writing metadata must leave it unchanged.

// Where a walker sends the image data it finds, piece by piece.
typedef void (*LbSink)(void *context, const unsigned char *bytes, size_t count);

typedef struct {
    const unsigned char *bytes;
    size_t count;
} LbSpan;

static void lb_span_sink(void *context, const unsigned char *bytes, size_t count) {
    LbSpan span = {bytes, count};
    g_array_append_val((GArray *)context, span);
}

static uint32_t lb_be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t lb_le32(const unsigned char *p) {
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

// JPEG: every segment but APPn (EXIF, XMP, ICC, Photoshop/IPTC) and COM,
// then everything from the first start of scan on (the entropy-coded data,
// later scans and their tables, up to the end).
static bool lb_jpeg_data(const unsigned char *bytes, size_t size, LbSink sink, void *context) {
    if (size < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return false;
    size_t at = 2;
    while (at + 4 <= size) {
        if (bytes[at] != 0xFF) return false;
        unsigned char marker = bytes[at + 1];
        if (marker == 0xFF) {  // fill byte
            at++;
            continue;
        }
        if (marker == 0xDA) {
            sink(context, bytes + at, size - at);
            return true;
        }
        size_t length = (size_t)bytes[at + 2] << 8 | bytes[at + 3];
        if (length < 2 || at + 2 + length > size) return false;
        bool metadata = (marker >= 0xE0 && marker <= 0xEF) || marker == 0xFE;
        if (!metadata) sink(context, bytes + at, 2 + length);
        at += 2 + length;
    }
    return false;
}

// PNG: the header, palette, transparency and the IDAT stream, not the
// text, EXIF, time or colour-profile chunks.
static bool lb_png_data(const unsigned char *bytes, size_t size, LbSink sink, void *context) {
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (size < 8 || memcmp(bytes, signature, 8) != 0) return false;
    size_t at = 8;
    bool seen_data = false;
    while (at + 12 <= size) {
        size_t length = lb_be32(bytes + at);
        const unsigned char *type = bytes + at + 4;
        if (length > size - at - 12) return false;
        if (!memcmp(type, "IHDR", 4) || !memcmp(type, "PLTE", 4) || !memcmp(type, "tRNS", 4)
            || !memcmp(type, "IDAT", 4)) {
            sink(context, type, 4 + length);
            seen_data |= !memcmp(type, "IDAT", 4);
        }
        if (!memcmp(type, "IEND", 4)) return seen_data;
        at += 12 + length;
    }
    return false;
}

// WebP: the bitstream chunks (lossy, lossless, alpha, animation frames),
// not VP8X (whose flags say which metadata follows), EXIF, XMP or ICCP.
static bool lb_webp_data(const unsigned char *bytes, size_t size, LbSink sink, void *context) {
    if (size < 12 || memcmp(bytes, "RIFF", 4) != 0 || memcmp(bytes + 8, "WEBP", 4) != 0) return false;
    size_t at = 12;
    bool seen_data = false;
    while (at + 8 <= size) {
        size_t length = lb_le32(bytes + at + 4);
        const unsigned char *type = bytes + at;
        if (length > size - at - 8) return false;
        if (!memcmp(type, "VP8 ", 4) || !memcmp(type, "VP8L", 4) || !memcmp(type, "ALPH", 4)
            || !memcmp(type, "ANIM", 4) || !memcmp(type, "ANMF", 4)) {
            sink(context, type, 8 + length);
            seen_data = true;
        }
        at += 8 + length + (length & 1);
    }
    return seen_data;
}

// Sends the image data of the mapped file to `sink`; -1 when the format
// is none of the three walked here, 0 when its structure is damaged.
static int lb_walk(const unsigned char *bytes, size_t size, LbSink sink, void *context) {
    if (size >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8) return lb_jpeg_data(bytes, size, sink, context);
    if (size >= 8 && bytes[0] == 0x89 && bytes[1] == 'P') return lb_png_data(bytes, size, sink, context);
    if (size >= 12 && !memcmp(bytes, "RIFF", 4)) return lb_webp_data(bytes, size, sink, context);
    return -1;
}

static GMappedFile *lb_map(const char *path, char **error_out) {
    GError *error = NULL;
    GMappedFile *file = g_mapped_file_new(path, FALSE, &error);
    if (!file) {
        *error_out = g_strdup(error ? error->message : "The file cannot be read.");
        g_clear_error(&error);
    }
    return file;
}

// Whether two lists of spans hold the same bytes, however they are cut.
static bool lb_same_spans(GArray *a, GArray *b) {
    guint i = 0, j = 0;
    size_t at_a = 0, at_b = 0;
    while (i < a->len && j < b->len) {
        LbSpan x = g_array_index(a, LbSpan, i), y = g_array_index(b, LbSpan, j);
        size_t count = MIN(x.count - at_a, y.count - at_b);
        if (memcmp(x.bytes + at_a, y.bytes + at_b, count) != 0) return false;
        at_a += count;
        at_b += count;
        if (at_a == x.count) i++, at_a = 0;
        if (at_b == y.count) j++, at_b = 0;
    }
    return i == a->len && j == b->len;
}

int lb_image_data_equal_bytes(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length) {
    // The bytes compared in place: hashing both took longer than the rest
    // of a rating write.
    GArray *spans_a = g_array_new(FALSE, FALSE, sizeof(LbSpan)), *spans_b = g_array_new(FALSE, FALSE, sizeof(LbSpan));
    int walked_a = lb_walk(a, a_length, lb_span_sink, spans_a);
    int walked_b = lb_walk(b, b_length, lb_span_sink, spans_b);
    int result = walked_a == 1 && walked_b == 1 ? lb_same_spans(spans_a, spans_b)
        : walked_a == -1 && walked_b == -1      ? LB_IMAGE_DATA_NOT_WALKED
                                                : 0;
    g_array_free(spans_a, TRUE);
    g_array_free(spans_b, TRUE);
    return result;
}

int lb_image_data_equal(const char *a, const char *b, char **error_out) {
    GMappedFile *first = lb_map(a, error_out);
    GMappedFile *second = first ? lb_map(b, error_out) : NULL;
    if (!second) {
        if (first) g_mapped_file_unref(first);
        return -1;
    }
    int result = lb_image_data_equal_bytes((const uint8_t *)g_mapped_file_get_contents(first),
                                           g_mapped_file_get_length(first),
                                           (const uint8_t *)g_mapped_file_get_contents(second),
                                           g_mapped_file_get_length(second));
    g_mapped_file_unref(first);
    g_mapped_file_unref(second);
    return result;
}
