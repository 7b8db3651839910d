// libFuzzer target: the walk over a JPEG XL container's boxes that takes
// out its EXIF and XMP (Sources/Decoder/CJxl/jxl-boxes.c), Brotli included:
// box sizes, 64-bit sizes, boxes to the end of the file, brob boxes. It
// must read only inside the file it is given, and what it gives back must
// be within the limits: EXIF beginning with a TIFF header, nothing larger
// than LB_JXL_MAX_METADATA_BOX. Anything else, and anything
// AddressSanitizer or UBSan sees, stops the fuzzer.
#include "jxl-boxes.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz-file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    LbFuzzFile file;
    if (!lb_fuzz_file_open(&file, data, size)) return 0;
    LbJxlMetadata found;
    lb_jxl_metadata_from(lb_fuzz_read, &file, size, &found);
    if ((found.exif == NULL) != (found.exif_length == 0) || (found.xmp == NULL) != (found.xmp_length == 0)) abort();
    if (found.exif_length > LB_JXL_MAX_METADATA_BOX || found.xmp_length > LB_JXL_MAX_METADATA_BOX) abort();
    if (found.exif && memcmp(found.exif, "II*\0", 4) != 0 && memcmp(found.exif, "MM\0*", 4) != 0) abort();
    if (found.unread < 0 || (found.unread > 0 && size < 20)) abort();
    // Every byte given back is read (uninitialised memory would show under MSan).
    unsigned sum = 0;
    for (size_t i = 0; i < found.exif_length; i++) sum += found.exif[i];
    for (size_t i = 0; i < found.xmp_length; i++) sum += found.xmp[i];
    (void)sum;
    lb_jxl_metadata_clear(&found);
    free(file.bytes);
    return 0;
}
