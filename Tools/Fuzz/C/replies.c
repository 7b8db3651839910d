// libFuzzer target: the app's checks of a decoder's replies
// (Sources/Imaging/CDecoding/replies.c). A decoder a hostile file took over can
// send any payload with any memfd; the app must answer NONSENSE or a
// result it can read in full, never read out of bounds, leak or crash.
//
// Input: byte 0 the reply's kind (0 failure, 1 decode, 2 metadata, 3
// probe, 4 edit, 5 sensor); byte 1 bit 0 a memfd comes with it, bits 1-3 which seals it has,
// bit 7 premultiplied rows asked for; bytes 2-3 the memfd's size; the rest
// the payload.
#define _GNU_SOURCE
#include "replies.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 4) return 0;
    int kind = data[0] % 6;
    LbRequest request = {.magic = LB_REQUEST_MAGIC, .kind = (uint32_t)kind, .sequence = 1, .max_size = 256,
                         .max_pixels = 1 << 20, .format = data[1] >> 7,
                         .max_bytes = 1 << 15};
    int fd = -1;
    if (data[1] & 1) {
        fd = memfd_create("fuzz", MFD_CLOEXEC | MFD_ALLOW_SEALING);
        if (fd < 0 || ftruncate(fd, (off_t)(data[2] | data[3] << 8)) != 0) abort();
        int seals = (data[1] & 2 ? F_SEAL_SHRINK : 0) | (data[1] & 4 ? F_SEAL_GROW : 0) |
                    (data[1] & 8 ? F_SEAL_WRITE : 0);
        if (seals) fcntl(fd, F_ADD_SEALS, seals);
    }
    LbDecoderResult result = {0};
    const char *payload = (const char *)data + 4;
    size_t length = size - 4;
    LbDecoderStatus status = kind == 0 ? lb_read_failure(payload, length, fd, &result)
                                       : lb_read_answer(kind, &request, payload, length, fd, &result);
    // Whatever was believed is read to its end.
    volatile unsigned sum = 0;
    if (result.image) {
        const uint8_t *rgba = lb_image_rgba(result.image);
        size_t bytes = (size_t)lb_image_stride(result.image) * (size_t)lb_image_height(result.image);
        for (size_t i = 0; i < bytes; i++) sum += rgba[i];
    }
    for (size_t i = 0; result.rows && i < result.rows_length; i++) sum += ((const uint8_t *)result.rows)[i];
    for (int64_t i = 0; result.has_edited && i < result.edited_length; i++) {
        uint8_t byte = 0;
        if (pread(result.edited_fd, &byte, 1, (off_t)i) != 1) abort();  // believed, so it must all be there
        sum += byte;
    }
    for (const char *s = result.message; s && *s; s++) sum += (unsigned char)*s;
    for (const char *s = result.mime; s && *s; s++) sum += (unsigned char)*s;
    const LbMetadata *m = &result.metadata;
    const char *strings[] = {m->date_taken, m->make, m->model, m->title, m->label, m->caption, m->keywords};
    for (size_t i = 0; i < sizeof strings / sizeof *strings; i++)
        for (const char *s = strings[i]; s && *s; s++) sum += (unsigned char)*s;
    // A sensor's counts believed add up.
    if (result.has_sensor) {
        uint64_t all = 0;
        for (int i = 0; i < 256; i++) all += result.sensor.luminance[i];
        if (all != result.sensor.pixels || result.sensor.clipped_any > result.sensor.pixels) abort();
    }
    // Focus areas believed lie inside the frame, no more than there is room for.
    if (result.has_metadata && (m->focus_count < 0 || m->focus_count > LB_MAX_FOCUS_AREAS)) abort();
    for (int i = 0; result.has_metadata && i < m->focus_count; i++) {
        LbFocusArea area = m->focus_areas[i];
        if (!(area.x >= 0 && area.x <= 1 && area.y >= 0 && area.y <= 1 && area.width >= 0 && area.width <= 1
              && area.height >= 0 && area.height <= 1))
            abort();
    }
    if (status != LB_DECODER_OK && status != LB_DECODER_FAILED && status != LB_DECODER_NONSENSE) abort();
    lb_decoder_result_clear(&result);
    return 0;
}
