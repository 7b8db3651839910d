// libFuzzer target: the completeness check (Sources/Imaging/CImaging/integrity.c).
// Its verdict must not depend on how the bytes arrive (the decoder feeds
// it whatever read(2) returns): the whole input at once and the same bytes
// in pieces of 1 to 8 bytes must give the same answer. Any difference, and
// anything AddressSanitizer or UBSan sees, stops the fuzzer.
#include "CImaging.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    LbIntegrity whole, pieces;
    lb_integrity_init(&whole);
    lb_integrity_feed(&whole, data, size);
    lb_integrity_init(&pieces);
    size_t step = size ? (size_t)(data[size - 1] % 8) + 1 : 1;
    for (size_t at = 0; at < size; at += step) {
        size_t count = size - at < step ? size - at : step;
        lb_integrity_feed(&pieces, data + at, count);
    }
    if (lb_integrity_result(&whole) != lb_integrity_result(&pieces)) abort();
    return 0;
}
