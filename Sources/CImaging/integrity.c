// Structural completeness checks for JPEG, PNG and WebP (see CImaging.h).
#include "CImaging.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

// A buffered forward reader over a FILE.
typedef struct {
    FILE *file;
    unsigned char buffer[65536];
    size_t length, position;
} LbReader;

// The next byte, or -1 at the end of the file.
static int lb_next(LbReader *reader) {
    if (reader->position == reader->length) {
        reader->length = fread(reader->buffer, 1, sizeof reader->buffer, reader->file);
        reader->position = 0;
        if (reader->length == 0) return -1;
    }
    return reader->buffer[reader->position++];
}

// Skips `count` bytes; false when the file ends first.
static bool lb_skip(LbReader *reader, long long count) {
    size_t buffered = reader->length - reader->position;
    if ((unsigned long long)count <= buffered) {
        reader->position += (size_t)count;
        return true;
    }
    count -= (long long)buffered;
    reader->position = reader->length;
    long long here = ftello(reader->file);
    struct stat info;
    if (here < 0 || fstat(fileno(reader->file), &info) != 0 || here + count > info.st_size) return false;
    return fseeko(reader->file, count, SEEK_CUR) == 0;
}

static int lb_read16(LbReader *reader) {
    int high = lb_next(reader), low = lb_next(reader);
    return high < 0 || low < 0 ? -1 : high << 8 | low;
}

// SOI, then segments; after each SOS the entropy-coded data runs to the
// next marker that is neither a stuffed 0xFF00 nor a restart marker. Stray
// bytes between segments are passed over, as libjpeg does.
static int lb_jpeg_complete(LbReader *reader) {
    int marker = -1;  // a marker already read by the entropy scan
    for (;;) {
        if (marker < 0) {
            int byte;
            do byte = lb_next(reader); while (byte >= 0 && byte != 0xFF);
            if (byte < 0) return 0;
            do marker = lb_next(reader); while (marker == 0xFF);
            if (marker < 0) return 0;
        }
        int current = marker;
        marker = -1;
        if (current == 0xD9) return 1;                                        // EOI
        if ((current >= 0xD0 && current <= 0xD7) || current == 0x01 || current == 0x00) continue;
        int length = lb_read16(reader);
        if (length < 2 || !lb_skip(reader, length - 2)) return 0;
        if (current != 0xDA) continue;                                        // not SOS
        // Entropy-coded data, up to the marker that ends it.
        while (marker < 0) {
            int value = lb_next(reader);
            if (value < 0) return 0;
            if (value != 0xFF) continue;
            int next;
            do next = lb_next(reader); while (next == 0xFF);
            if (next < 0) return 0;
            if (next != 0x00 && !(next >= 0xD0 && next <= 0xD7)) marker = next;
        }
    }
}

static int lb_png_complete(LbReader *reader) {
    for (;;) {
        unsigned char header[8];
        for (int i = 0; i < 8; i++) {
            int value = lb_next(reader);
            if (value < 0) return 0;
            header[i] = (unsigned char)value;
        }
        unsigned long long length = (unsigned long long)header[0] << 24 | header[1] << 16 | header[2] << 8 | header[3];
        if (length > 0x7FFFFFFFULL) return 0;
        if (memcmp(header + 4, "IEND", 4) == 0) return 1;
        if (!lb_skip(reader, (long long)length + 4)) return 0;
    }
}

int lb_image_check_complete(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return -1;
    LbReader *reader = g_try_new0(LbReader, 1);
    if (!reader) {
        fclose(file);
        return -1;
    }
    reader->file = file;
    unsigned char head[12] = {0};
    int count = 0;
    for (; count < 12; count++) {
        int value = lb_next(reader);
        if (value < 0) break;
        head[count] = (unsigned char)value;
    }
    int result = -1;
    if (count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF) {
        reader->position = 2;
        result = lb_jpeg_complete(reader);
    } else if (count >= 8 && memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0) {
        reader->position = 8;
        result = lb_png_complete(reader);
    } else if (count == 12 && memcmp(head, "RIFF", 4) == 0 && memcmp(head + 8, "WEBP", 4) == 0) {
        unsigned long long body = head[4] | head[5] << 8 | head[6] << 16 | (unsigned long long)head[7] << 24;
        struct stat info;
        result = fstat(fileno(file), &info) == 0 && (unsigned long long)info.st_size >= body + 8 ? 1 : 0;
    }
    fclose(file);
    g_free(reader);
    return result;
}
