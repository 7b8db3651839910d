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
