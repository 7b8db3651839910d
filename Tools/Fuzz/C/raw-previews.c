// libFuzzer target: the decoder's reader of TIFF-based RAW files
// (Sources/Decoder/CRaw/tiff-raw.c): the header and its magic numbers, the
// IFD chain, SubIFDs, the EXIF IFD, Nikon's and Olympus' maker notes, the
// markers of each JPEG preview, the choice among the previews and the rows
// of an uncompressed one. It must read only inside the file it is given,
// never more than the structure it walks (its previews are read by the
// decoder, not by it), and what it lists must lie inside the file. Anything
// else, and anything AddressSanitizer or UBSan sees, stops the fuzzer.
#include "tiff-raw.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz-file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    LbFuzzFile file;
    if (!lb_fuzz_file_open(&file, data, size)) return 0;
    LbRawLayout layout;
    lb_raw_layout_read(lb_fuzz_read, &file, size, true, &layout);
    if (layout.count < 0 || layout.count > LB_RAW_MAX_PREVIEWS) abort();
    if (!layout.known && (layout.count != 0 || layout.why == NULL)) abort();
    // The structure only: at most 32 IFDs of 1,000 entries, strip tables of
    // 1,024, a few JPEG markers a preview; never a preview's bytes.
    if (layout.bytes_read > (1u << 20)) abort();
    if (layout.known && (layout.mime == NULL || layout.orientation < 0 || layout.orientation > 8)) abort();
    for (int i = 0; i < layout.count; i++) {
        const LbRawPreview *preview = &layout.previews[i];
        if (i > 0 && (uint64_t)layout.previews[i - 1].width * layout.previews[i - 1].height
                         > (uint64_t)preview->width * preview->height)
            abort();  // not sorted smallest first
        if (preview->kind == LB_RAW_PREVIEW_JPEG
            && (preview->length == 0 || preview->offset > size || preview->length > size - preview->offset))
            abort();
        if (preview->kind == LB_RAW_PREVIEW_RGB) {
            if (preview->strips == 0 || preview->strips > LB_RAW_MAX_STRIPS || !preview->strip_offsets
                || !preview->strip_lengths || preview->rows_per_strip == 0 || preview->rows_per_strip > preview->height)
                abort();
            // The rows, when the picture is small enough to hold here.
            if ((uint64_t)preview->width * preview->height <= 1 << 20) {
                size_t stride = (size_t)preview->width * 3 + 1;
                uint8_t *rows = malloc(stride * preview->height);
                if (rows) {
                    if (lb_raw_read_rgb(lb_fuzz_read, &file, size, preview, rows, stride)) {
                        unsigned sum = 0;
                        for (size_t y = 0; y < preview->height; y++) sum += rows[y * stride];
                        (void)sum;
                    }
                    free(rows);
                }
            }
        }
    }
    int side = 0;
    int chosen = lb_raw_layout_choose(&layout, 256, &side);
    if (chosen >= layout.count || (layout.count > 0 && chosen < 0) || (layout.count == 0 && chosen != -1)) abort();
    lb_raw_layout_clear(&layout);
    free(file.bytes);
    return 0;
}
