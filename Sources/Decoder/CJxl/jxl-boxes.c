// A JPEG XL file's EXIF and XMP: see CJxl.h. The container is ISOBMFF
// (ISO/IEC 18181-2): a signature box `JXL `, then boxes of a 32-bit
// big-endian size (1: a 64-bit size follows the type; 0: to the end of the
// file) and a 4-character type. Metadata boxes may come before, between or
// after the codestream's (cjxl puts a JPEG's between its jxlp boxes,
// exiftool appends its own), so every box header is read up to the end
// of the file, skipping what lies between, and only the two metadata boxes
// are read whole. Everything here runs in the sandboxed decoder, on bytes
// from an untrusted file: sizes are checked against the file and the
// limits before anything is read or allocated.
//
// libjxl 0.7 could give the boxes too (JXL_DEC_BOX, with brob boxes
// decompressed), but it wants every byte of the file before a box at its
// end, where this reads a few headers. brob boxes are decompressed with
// libbrotlidec, the library libjxl itself decompresses them with (already
// in the decoder's address space through libjxl).
#include "jxl-boxes.h"

#include <brotli/decode.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const uint8_t lb_jxl_signature_box[12] = {0, 0, 0, 12, 'J', 'X', 'L', ' ', 0x0d, 0x0a, 0x87, 0x0a};

static uint32_t lb_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t lb_be64(const uint8_t *p) { return (uint64_t)lb_be32(p) << 32 | lb_be32(p + 4); }

// `compressed` decompressed with Brotli into a new buffer (free with free)
// of at most LB_JXL_MAX_METADATA_BOX bytes; NULL when the stream is
// damaged, cut short, followed by other bytes, or decompresses to more.
static uint8_t *lb_brotli(const uint8_t *compressed, size_t length, size_t *out_length) {
    BrotliDecoderState *state = BrotliDecoderCreateInstance(NULL, NULL, NULL);
    if (!state) return NULL;
    // XMP compresses to a fifth or so; the buffer grows as needed.
    size_t capacity = length < (LB_JXL_MAX_METADATA_BOX - 1024) / 8 ? length * 8 + 1024 : LB_JXL_MAX_METADATA_BOX;
    uint8_t *out = malloc(capacity);
    size_t used = 0, available_in = length;
    const uint8_t *next_in = compressed;
    bool done = false;
    while (out && !done) {
        size_t available_out = capacity - used;
        uint8_t *next_out = out + used;
        BrotliDecoderResult result =
            BrotliDecoderDecompressStream(state, &available_in, &next_in, &available_out, &next_out, NULL);
        used = (size_t)(next_out - out);
        if (result == BROTLI_DECODER_RESULT_SUCCESS && available_in == 0) {
            done = true;
        } else if (result == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT && capacity < LB_JXL_MAX_METADATA_BOX) {
            capacity = capacity > LB_JXL_MAX_METADATA_BOX / 2 ? LB_JXL_MAX_METADATA_BOX : capacity * 2;
            uint8_t *grown = realloc(out, capacity);
            if (!grown) free(out);
            out = grown;
        } else {
            // An error, a stream cut short (more input wanted), bytes after
            // its end, or more than the limit.
            free(out);
            out = NULL;
        }
    }
    BrotliDecoderDestroyInstance(state);
    if (out && used == 0) {
        free(out);
        out = NULL;
    }
    *out_length = used;
    return out;
}

// The TIFF structure an Exif box's payload holds (`bytes`, `length` of
// them, taken over: freed or returned), moved to the buffer's start; NULL
// when there is none.
static uint8_t *lb_exif_tiff(uint8_t *bytes, size_t *length) {
    // A 4-byte offset from after itself to the TIFF header (0 in what
    // libjxl and exiftool write), then at least a TIFF header.
    if (*length < 4 + 8 || lb_be32(bytes) > *length - 4 - 8) {
        free(bytes);
        return NULL;
    }
    size_t start = 4 + (size_t)lb_be32(bytes), tiff = *length - start;
    const uint8_t *header = bytes + start;
    if (memcmp(header, "II*\0", 4) != 0 && memcmp(header, "MM\0*", 4) != 0) {
        free(bytes);
        return NULL;
    }
    memmove(bytes, header, tiff);
    *length = tiff;
    return bytes;
}

// The payload of the box at `offset` (`length` bytes, within the file and
// the limit), decompressed when `brob` (its first 4 bytes, the inner type,
// left out); NULL when it cannot be read.
static uint8_t *lb_box_payload(LbJxlReader read, void *context, uint64_t offset, size_t length, bool brob,
                               size_t *out_length) {
    if (brob) {
        offset += 4;
        length -= 4;
    }
    uint8_t *bytes = malloc(length ? length : 1);
    if (!bytes || !read(context, offset, bytes, length)) {
        free(bytes);
        return NULL;
    }
    if (!brob) {
        *out_length = length;
        return bytes;
    }
    uint8_t *plain = lb_brotli(bytes, length, out_length);
    free(bytes);
    return plain;
}

void lb_jxl_metadata_from(LbJxlReader read, void *context, uint64_t file_length, LbJxlMetadata *out) {
    memset(out, 0, sizeof *out);
    uint8_t header[16];
    // A bare codestream (FF 0A) has no boxes: nothing but the picture.
    if (file_length < sizeof lb_jxl_signature_box || !read(context, 0, header, sizeof lb_jxl_signature_box)
        || memcmp(header, lb_jxl_signature_box, sizeof lb_jxl_signature_box) != 0) {
        return;
    }
    bool seen_exif = false, seen_xmp = false;
    uint64_t at = sizeof lb_jxl_signature_box;
    for (int count = 0; count < LB_JXL_MAX_BOXES && !(seen_exif && seen_xmp); count++) {
        if (file_length - at < 8 || !read(context, at, header, 8)) break;
        uint64_t size = lb_be32(header), header_length = 8;
        if (size == 1) {
            if (file_length - at < 16 || !read(context, at + 8, header + 8, 8)) break;
            size = lb_be64(header + 8);
            header_length = 16;
        } else if (size == 0) {
            size = file_length - at;
        }
        // A size smaller than its header leaves no way to the next box.
        if (size < header_length) break;
        // A box claiming more than the file has is cut short (or lies):
        // it is the last one looked at.
        bool cut = size > file_length - at;
        uint64_t payload = at + header_length, payload_length = size - header_length;
        bool brob = memcmp(header + 4, "brob", 4) == 0;
        uint8_t type[4];
        memcpy(type, header + 4, 4);
        if (brob) {
            // The inner type, the payload's first 4 bytes.
            if (cut || payload_length < 4 || !read(context, payload, type, 4)) memcpy(type, "????", 4);
        }
        bool is_exif = memcmp(type, "Exif", 4) == 0, is_xmp = memcmp(type, "xml ", 4) == 0;
        if ((is_exif && !seen_exif) || (is_xmp && !seen_xmp)) {
            uint8_t *bytes = NULL;
            size_t length = 0;
            if (!cut && payload_length <= LB_JXL_MAX_METADATA_BOX)
                bytes = lb_box_payload(read, context, payload, (size_t)payload_length, brob, &length);
            if (bytes && is_exif) bytes = lb_exif_tiff(bytes, &length);
            if (!bytes || length == 0) {
                free(bytes);
                out->unread++;
            } else if (is_exif) {
                out->exif = bytes;
                out->exif_length = length;
            } else {
                out->xmp = bytes;
                out->xmp_length = length;
            }
            if (is_exif) seen_exif = true;
            else seen_xmp = true;
        } else if (brob && (cut || payload_length < 4)) {
            // A compressed box whose inner type cannot be read: maybe
            // metadata, not read.
            out->unread++;
        }
        if (cut || size == file_length - at) break;
        at += size;
    }
}

// Reads exactly `length` bytes at `offset` of the descriptor `context` points to.
static bool lb_pread_all(void *context, uint64_t offset, uint8_t *buffer, size_t length) {
    int fd = *(const int *)context;
    size_t done = 0;
    while (done < length) {
        if (offset + done > (uint64_t)INT64_MAX) return false;
        ssize_t count = pread(fd, buffer + done, length - done, (off_t)(offset + done));
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return false;
        done += (size_t)count;
    }
    return true;
}

void lb_jxl_metadata(int fd, LbJxlMetadata *out) {
    memset(out, 0, sizeof *out);
    struct stat info;
    if (fstat(fd, &info) != 0 || info.st_size <= 0) return;
    lb_jxl_metadata_from(lb_pread_all, &fd, (uint64_t)info.st_size, out);
}

void lb_jxl_metadata_clear(LbJxlMetadata *metadata) {
    free(metadata->exif);
    free(metadata->xmp);
    memset(metadata, 0, sizeof *metadata);
}
