// libFuzzer target: the image-data walker (Sources/Imaging/CImaging/image-data.c),
// the one parser of photo bytes left in the app (a rating write compares
// the new file with the old before it replaces the photo). The input is
// cut in two at a point its first byte picks; the comparison must be
// symmetric, and a file whose image data equals another's equals its own.
#include "CImaging.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    size_t cut = 1 + (size - 1) * data[0] / 255;
    const uint8_t *a = data + 1, *b = data + cut;
    size_t a_length = cut - 1, b_length = size - cut;
    int forth = lb_image_data_equal_bytes(a, a_length, b, b_length);
    int back = lb_image_data_equal_bytes(b, b_length, a, a_length);
    if (forth != back || forth < 0 || forth > LB_IMAGE_DATA_NOT_WALKED) abort();
    if (forth == 1 && lb_image_data_equal_bytes(a, a_length, a, a_length) != 1) abort();
    return 0;
}
