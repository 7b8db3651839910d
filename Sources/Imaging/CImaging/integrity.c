// Structural completeness checks for JPEG, PNG and WebP (see CImaging.h),
// fed the bytes the decoder reads, so a file is read once. The scans for
// 0xFF use memchr: the entropy-coded data is most of a camera JPEG.
#include "CImaging.h"

#include <string.h>

enum {
    S_HEAD,          // collecting the first bytes
    S_OTHER,         // not a format checked here
    S_DONE,          // the end marker was reached
    S_BAD,           // malformed
    J_SEEK,          // JPEG: looking for the next 0xFF between segments
    J_MARKER,        // JPEG: after 0xFF, the marker
    J_LENGTH,        // JPEG: a segment's two length bytes
    J_SKIP,          // JPEG: passing over a segment
    J_ENTROPY,       // JPEG: entropy-coded data, up to a marker
    J_ENTROPY_FF,    // JPEG: after 0xFF in entropy-coded data
    P_HEADER,        // PNG: a chunk's length and type
    P_SKIP,          // PNG: passing over a chunk's data and CRC
    W_BODY,          // WebP: counting bytes against the RIFF size
};

void lb_integrity_init(LbIntegrity *check) {
    memset(check, 0, sizeof *check);
    check->state = S_HEAD;
}

static bool lb_is_restart(int marker) { return marker >= 0xD0 && marker <= 0xD7; }

// A JPEG marker read after 0xFF (fill bytes already passed over).
static void lb_jpeg_marker(LbIntegrity *check, int marker) {
    if (marker == 0xD9) {  // EOI
        check->state = S_DONE;
    } else if (lb_is_restart(marker) || marker == 0x01 || marker == 0x00) {
        check->state = J_SEEK;  // no segment follows
    } else {
        check->marker = marker;
        check->field_length = 0;
        check->state = J_LENGTH;
    }
}

// After a segment: SOS is followed by entropy-coded data.
static void lb_jpeg_segment_end(LbIntegrity *check) {
    check->state = check->marker == 0xDA ? J_ENTROPY : J_SEEK;
}

static void lb_parse(LbIntegrity *check, const unsigned char *p, const unsigned char *end) {
    while (p < end) {
        switch (check->state) {
        case S_DONE: case S_BAD: case S_OTHER: case S_HEAD:
            return;
        case W_BODY:
            return;  // only the byte count matters
        case J_SEEK: case J_ENTROPY: {
            // Stray bytes between segments are passed over, as libjpeg does.
            const unsigned char *ff = memchr(p, 0xFF, (size_t)(end - p));
            if (!ff) return;
            p = ff + 1;
            check->state = check->state == J_SEEK ? J_MARKER : J_ENTROPY_FF;
            break;
        }
        case J_MARKER: {
            int byte = *p++;
            if (byte != 0xFF) lb_jpeg_marker(check, byte);
            break;
        }
        case J_ENTROPY_FF: {
            int byte = *p++;
            if (byte == 0xFF) break;                                 // fill
            if (byte == 0x00 || lb_is_restart(byte)) check->state = J_ENTROPY;  // stuffed, restart
            else lb_jpeg_marker(check, byte);
            break;
        }
        case J_LENGTH:
            check->field[check->field_length++] = *p++;
            if (check->field_length == 2) {
                int length = check->field[0] << 8 | check->field[1];
                if (length < 2) {
                    check->state = S_BAD;
                } else if (length == 2) {
                    lb_jpeg_segment_end(check);
                } else {
                    check->skip = (uint64_t)length - 2;
                    check->state = J_SKIP;
                }
            }
            break;
        case J_SKIP: case P_SKIP: {
            uint64_t available = (uint64_t)(end - p);
            uint64_t step = check->skip < available ? check->skip : available;
            p += step;
            check->skip -= step;
            if (check->skip == 0) {
                if (check->state == J_SKIP) {
                    lb_jpeg_segment_end(check);
                } else {
                    check->field_length = 0;
                    check->state = P_HEADER;
                }
            }
            break;
        }
        case P_HEADER:
            check->field[check->field_length++] = *p++;
            if (check->field_length == 8) {
                const unsigned char *h = check->field;
                uint64_t length = (uint64_t)h[0] << 24 | (uint64_t)h[1] << 16 | (uint64_t)h[2] << 8 | h[3];
                if (length > 0x7FFFFFFFu) {
                    check->state = S_BAD;
                } else if (memcmp(h + 4, "IEND", 4) == 0) {
                    check->state = S_DONE;
                } else {
                    check->skip = length + 4;  // data and CRC
                    check->state = P_SKIP;
                }
            }
            break;
        }
    }
}

// Tells the format from the first bytes; false while more are needed.
static bool lb_identify(LbIntegrity *check) {
    const unsigned char *h = check->head;
    size_t n = check->head_length;
    if (n >= 3 && h[0] == 0xFF && h[1] == 0xD8 && h[2] == 0xFF) {
        check->format = LB_FORMAT_JPEG;
        check->state = J_SEEK;
        lb_parse(check, h + 2, h + n);
    } else if (n >= 8 && memcmp(h, "\x89PNG\r\n\x1a\n", 8) == 0) {
        check->format = LB_FORMAT_PNG;
        check->state = P_HEADER;
        lb_parse(check, h + 8, h + n);
    } else if (n == 12 && memcmp(h, "RIFF", 4) == 0 && memcmp(h + 8, "WEBP", 4) == 0) {
        check->format = LB_FORMAT_WEBP;
        check->webp_body = h[4] | h[5] << 8 | h[6] << 16 | (uint64_t)h[7] << 24;
        check->state = W_BODY;
    } else if (n == 12 || (n >= 3 && !(h[0] == 0x89 || h[0] == 'R'))) {
        check->state = S_OTHER;
    } else {
        return false;
    }
    return true;
}

void lb_integrity_feed(LbIntegrity *check, const unsigned char *bytes, size_t count) {
    check->total += count;
    if (check->state == S_HEAD) {
        size_t taken = sizeof check->head - check->head_length;
        if (taken > count) taken = count;
        memcpy(check->head + check->head_length, bytes, taken);
        check->head_length += taken;
        if (!lb_identify(check)) return;
        bytes += taken;
        count -= taken;
    }
    lb_parse(check, bytes, bytes + count);
}

int lb_integrity_result(const LbIntegrity *check) {
    switch (check->format) {
    case LB_FORMAT_UNKNOWN: return -1;
    case LB_FORMAT_WEBP: return check->total >= check->webp_body + 8 ? 1 : 0;
    default: return check->state == S_DONE ? 1 : 0;
    }
}
