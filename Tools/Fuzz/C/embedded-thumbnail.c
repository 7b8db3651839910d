// libFuzzer target: the finder of a JPEG's EXIF thumbnail
// (Sources/Imaging/CImaging/embedded-thumbnail.c), which walks segments and TIFF
// structures of an untrusted file. It must never read outside the bytes
// it is given, and a thumbnail it reports must lie inside them; anything
// else, and anything AddressSanitizer or UBSan sees, stops the fuzzer.
#include "imaging-internal.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // Exactly `size` bytes of their own, so a read past the end is seen.
    uint8_t *bytes = malloc(size ? size : 1);
    if (!bytes) return 0;
    memcpy(bytes, data, size);
    LbEmbeddedThumbnail found;
    if (lb_jpeg_embedded_thumbnail(bytes, size, &found)) {
        if (found.length < 4 || found.offset + found.length > size) abort();
        if (found.width <= 0 || found.height <= 0 || found.orientation < 1 || found.orientation > 8) abort();
        if (bytes[found.offset] != 0xFF || bytes[found.offset + 1] != 0xD8) abort();
    }
    free(bytes);
    return 0;
}
