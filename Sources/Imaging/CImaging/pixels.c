// Pixel layout conversion for display.
#include "CImaging.h"

#include <stddef.h>

// x * a / 255, rounded, without a division.
static inline uint32_t lb_mul_div_255(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 128;
    return (t + (t >> 8)) >> 8;
}

void lb_pixels_premultiply(const uint8_t *rgba, int width, int height, int stride, uint32_t *out) {
    for (int y = 0; y < height; y++) {
        const uint8_t *p = rgba + (size_t)y * (size_t)stride;
        uint32_t *q = out + (size_t)y * (size_t)width;
        for (int x = 0; x < width; x++, p += 4) {
            uint32_t a = p[3];
            uint32_t r = p[0], g = p[1], b = p[2];
            if (a != 255) {
                r = lb_mul_div_255(r, a);
                g = lb_mul_div_255(g, a);
                b = lb_mul_div_255(b, a);
            }
            q[x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
}

// A quarter turn of 4-byte pixels (either layout): `width` × `height` in
// (`stride` bytes a row), `height` × `width` out (`height * 4` bytes a
// row). Walked in tiles so the columns written stay in the cache for a run
// of rows read.
void lb_pixels_turn(const uint32_t *in, int width, int height, int stride, bool clockwise, uint32_t *out) {
    enum { tile = 64 };
    size_t row = (size_t)stride / 4, out_row = (size_t)height;
    for (int ty = 0; ty < height; ty += tile) {
        for (int tx = 0; tx < width; tx += tile) {
            int y_end = ty + tile < height ? ty + tile : height, x_end = tx + tile < width ? tx + tile : width;
            for (int y = ty; y < y_end; y++) {
                const uint32_t *p = in + (size_t)y * row;
                for (int x = tx; x < x_end; x++) {
                    // Clockwise: (x, y) goes to column height-1-y of row x;
                    // counter-clockwise: to column y of row width-1-x.
                    size_t at = clockwise ? (size_t)x * out_row + (size_t)(height - 1 - y)
                                          : (size_t)(width - 1 - x) * out_row + (size_t)y;
                    out[at] = p[x];
                }
            }
        }
    }
}
