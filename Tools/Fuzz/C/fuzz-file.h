// A fuzz input as a file for the decoder's readers that take a read
// callback (tiff-raw.c, the JPEG XL box walker): its bytes copied into an
// allocation of exactly their size, so AddressSanitizer sees a read past
// the end, and a callback that stops the fuzzer if a reader asks for one.
#ifndef LB_FUZZ_FILE_H
#define LB_FUZZ_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t length;
} LbFuzzFile;

static bool lb_fuzz_read(void *context, uint64_t offset, uint8_t *buffer, size_t length) {
    const LbFuzzFile *file = context;
    if (offset > file->length || length > file->length - offset) abort();
    memcpy(buffer, file->bytes + offset, length);
    return true;
}

// False when memory ran out (the input is then skipped).
static bool lb_fuzz_file_open(LbFuzzFile *file, const uint8_t *data, size_t size) {
    file->bytes = malloc(size ? size : 1);
    if (!file->bytes) return false;
    memcpy(file->bytes, data, size);
    file->length = size;
    return true;
}

#endif
