#include "CImaging.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <string.h>

// What "the image data" is, format by format: the parts of the file that
// say what the pixels are, leaving out the parts metadata lives in, so
// that writing metadata must leave the digest unchanged.

static uint32_t lb_be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t lb_le32(const unsigned char *p) {
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

// JPEG: every segment but APPn (EXIF, XMP, ICC, Photoshop/IPTC) and COM,
// then everything from the first start of scan on (the entropy-coded data,
// later scans and their tables, up to the end).
static bool lb_jpeg_data(const unsigned char *bytes, size_t size, GChecksum *sum) {
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
            g_checksum_update(sum, bytes + at, size - at);
            return true;
        }
        size_t length = (size_t)bytes[at + 2] << 8 | bytes[at + 3];
        if (length < 2 || at + 2 + length > size) return false;
        bool metadata = (marker >= 0xE0 && marker <= 0xEF) || marker == 0xFE;
        if (!metadata) g_checksum_update(sum, bytes + at, 2 + length);
        at += 2 + length;
    }
    return false;
}

// PNG: the header, palette, transparency and the IDAT stream, not the
// text, EXIF, time or colour-profile chunks.
static bool lb_png_data(const unsigned char *bytes, size_t size, GChecksum *sum) {
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
            g_checksum_update(sum, type, 4 + length);
            seen_data |= !memcmp(type, "IDAT", 4);
        }
        if (!memcmp(type, "IEND", 4)) return seen_data;
        at += 12 + length;
    }
    return false;
}

// WebP: the bitstream chunks (lossy, lossless, alpha, animation frames),
// not VP8X (whose flags say which metadata follows), EXIF, XMP or ICCP.
static bool lb_webp_data(const unsigned char *bytes, size_t size, GChecksum *sum) {
    if (size < 12 || memcmp(bytes, "RIFF", 4) != 0 || memcmp(bytes + 8, "WEBP", 4) != 0) return false;
    size_t at = 12;
    bool seen_data = false;
    while (at + 8 <= size) {
        size_t length = lb_le32(bytes + at + 4);
        const unsigned char *type = bytes + at;
        if (length > size - at - 8) return false;
        if (!memcmp(type, "VP8 ", 4) || !memcmp(type, "VP8L", 4) || !memcmp(type, "ALPH", 4)
            || !memcmp(type, "ANIM", 4) || !memcmp(type, "ANMF", 4)) {
            g_checksum_update(sum, type, 8 + length);
            seen_data = true;
        }
        at += 8 + length + (length & 1);
    }
    return seen_data;
}

// Other formats (TIFF): the decoded pixels, row by row without padding.
static bool lb_decoded_data(const char *path, GChecksum *sum, char **error_out) {
    GError *error = NULL;
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file(path, &error);
    if (!pixbuf) {
        *error_out = g_strdup(error ? error->message : "The image cannot be read.");
        g_clear_error(&error);
        return false;
    }
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int stride = gdk_pixbuf_get_rowstride(pixbuf);
    int row = width * gdk_pixbuf_get_n_channels(pixbuf) * gdk_pixbuf_get_bits_per_sample(pixbuf) / 8;
    const guchar *pixels = gdk_pixbuf_read_pixels(pixbuf);
    int header[2] = {width, height};
    g_checksum_update(sum, (const guchar *)header, sizeof header);
    for (int y = 0; y < height; y++) g_checksum_update(sum, pixels + (size_t)y * stride, row);
    g_object_unref(pixbuf);
    return true;
}

char *lb_image_data_digest(const char *path, char **error_out) {
    GError *error = NULL;
    GMappedFile *file = g_mapped_file_new(path, FALSE, &error);
    if (!file) {
        *error_out = g_strdup(error ? error->message : "The file cannot be read.");
        g_clear_error(&error);
        return NULL;
    }
    const unsigned char *bytes = (const unsigned char *)g_mapped_file_get_contents(file);
    size_t size = g_mapped_file_get_length(file);
    GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
    bool ok;
    if (size >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8) {
        ok = lb_jpeg_data(bytes, size, sum);
    } else if (size >= 8 && bytes[0] == 0x89 && bytes[1] == 'P') {
        ok = lb_png_data(bytes, size, sum);
    } else if (size >= 12 && !memcmp(bytes, "RIFF", 4)) {
        ok = lb_webp_data(bytes, size, sum);
    } else {
        g_mapped_file_unref(file);
        file = NULL;
        ok = lb_decoded_data(path, sum, error_out);
        if (!ok) {
            g_checksum_free(sum);
            return NULL;
        }
    }
    if (file) g_mapped_file_unref(file);
    if (!ok) {
        g_checksum_free(sum);
        *error_out = g_strdup("The image's structure is damaged.");
        return NULL;
    }
    char *digest = g_strdup(g_checksum_get_string(sum));
    g_checksum_free(sum);
    return digest;
}
