// Pixel layout conversion for display.
#include "CImaging.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

// Channel values of the pixel at `p`: RGBA bytes, or a premultiplied
// ARGB32 word in native byte order (an opaque photo's is its straight
// colour; a translucent pixel is read as drawn over black).
static inline void lb_channels(const uint8_t *p, bool argb32, int *r, int *g, int *b) {
    if (argb32) {
        uint32_t word;
        memcpy(&word, p, 4);
        *r = (int)((word >> 16) & 0xff);
        *g = (int)((word >> 8) & 0xff);
        *b = (int)(word & 0xff);
    } else {
        *r = p[0];
        *g = p[1];
        *b = p[2];
    }
}

// Rec. 709 luma of 8-bit channels, in 0…255 (integer weights summing to 256).
static inline int lb_luma(int r, int g, int b) { return (54 * r + 183 * g + 19 * b) >> 8; }

void lb_pixels_exposure(const uint8_t *pixels, int width, int height, int stride, bool argb32, int dark_below,
                        LbExposure *out) {
    memset(out, 0, sizeof *out);
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * (size_t)stride;
        for (int x = 0; x < width; x++) {
            int r, g, b;
            lb_channels(row + (size_t)x * 4, argb32, &r, &g, &b);
            int luma = lb_luma(r, g, b);
            out->red[r]++;
            out->green[g]++;
            out->blue[b]++;
            out->luminance[luma]++;
            if (r == 255 || g == 255 || b == 255) out->clipped_any++;
            if (luma < dark_below) out->dark++;
        }
    }
    out->pixels = (uint64_t)width * (uint64_t)height;
}

void lb_pixels_mark_exposure(const uint8_t *pixels, int width, int height, int stride, bool argb32, int dark_below,
                             uint8_t *out) {
    // Marked in the pixels' own layout, opaque: red where a channel is at
    // its white level, blue where the picture is darker than `dark_below`.
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * (size_t)stride;
        uint8_t *to = out + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            const uint8_t *p = row + (size_t)x * 4;
            uint8_t *q = to + (size_t)x * 4;
            int r, g, b;
            lb_channels(p, argb32, &r, &g, &b);
            bool clipped = r == 255 || g == 255 || b == 255, dark = lb_luma(r, g, b) < dark_below;
            if (!clipped && !dark) {
                memcpy(q, p, 4);
                continue;
            }
            int mr = clipped ? 255 : 0, mb = clipped ? 0 : 255;
            if (argb32) {
                uint32_t word = 0xff000000u | (uint32_t)mr << 16 | (uint32_t)mb;
                memcpy(q, &word, 4);
            } else {
                q[0] = (uint8_t)mr;
                q[1] = 0;
                q[2] = (uint8_t)mb;
                q[3] = 255;
            }
        }
    }
}

void lb_pixels_mark_peaking(const uint8_t *pixels, int width, int height, int stride, bool argb32, int threshold,
                            uint8_t *out) {
    // The luma of three rows at a time, for a 3 × 3 Sobel gradient; a pixel
    // whose gradient (|gx| + |gy|) reaches `threshold` is a sharp edge and
    // is painted green in `out` (rows of `width` × 4 bytes, the pixels'
    // layout), the rest of `out` left as the caller filled it.
    if (width < 3 || height < 3) return;
    int *luma = malloc((size_t)width * 3 * sizeof *luma);
    if (!luma) return;
    for (int y = 0; y < height; y++) {
        int *row = luma + (size_t)(y % 3) * (size_t)width;
        const uint8_t *p = pixels + (size_t)y * (size_t)stride;
        for (int x = 0; x < width; x++) {
            int r, g, b;
            lb_channels(p + (size_t)x * 4, argb32, &r, &g, &b);
            row[x] = lb_luma(r, g, b);
        }
        if (y < 2) continue;
        // The gradient of the row before this one, now that its neighbours are read.
        const int *above = luma + (size_t)((y - 2) % 3) * (size_t)width, *middle = luma + (size_t)((y - 1) % 3) * (size_t)width,
                  *below = row;
        uint8_t *to = out + (size_t)(y - 1) * (size_t)width * 4;
        for (int x = 1; x < width - 1; x++) {
            int gx = (above[x + 1] + 2 * middle[x + 1] + below[x + 1]) - (above[x - 1] + 2 * middle[x - 1] + below[x - 1]);
            int gy = (below[x - 1] + 2 * below[x] + below[x + 1]) - (above[x - 1] + 2 * above[x] + above[x + 1]);
            if ((gx < 0 ? -gx : gx) + (gy < 0 ? -gy : gy) < threshold) continue;
            uint8_t *q = to + (size_t)x * 4;
            if (argb32) {
                uint32_t word = 0xff00ff00u;
                memcpy(q, &word, 4);
            } else {
                q[0] = 0;
                q[1] = 255;
                q[2] = 0;
                q[3] = 255;
            }
        }
    }
    free(luma);
}

double lb_pixels_sharpness(const uint8_t *pixels, int width, int height, int stride, bool argb32, int left, int top,
                           int right, int bottom) {
    // The root mean square of the luma's 4-neighbour Laplacian inside the
    // rectangle (its border pixels have their neighbours inside it): fine
    // detail in focus gives large second differences, a blur small ones.
    if (left < 0) left = 0;
    if (top < 0) top = 0;
    if (right > width) right = width;
    if (bottom > height) bottom = height;
    int w = right - left, h = bottom - top;
    if (w < 3 || h < 3) return 0;
    int *luma = malloc((size_t)w * 3 * sizeof *luma);
    if (!luma) return 0;
    double sum = 0;
    for (int y = top; y < bottom; y++) {
        int *row = luma + (size_t)((y - top) % 3) * (size_t)w;
        const uint8_t *p = pixels + (size_t)y * (size_t)stride + (size_t)left * 4;
        for (int x = 0; x < w; x++) {
            int r, g, b;
            lb_channels(p + (size_t)x * 4, argb32, &r, &g, &b);
            row[x] = lb_luma(r, g, b);
        }
        if (y - top < 2) continue;
        const int *above = luma + (size_t)((y - top - 2) % 3) * (size_t)w,
                  *middle = luma + (size_t)((y - top - 1) % 3) * (size_t)w, *below = row;
        for (int x = 1; x < w - 1; x++) {
            int laplacian = above[x] + below[x] + middle[x - 1] + middle[x + 1] - 4 * middle[x];
            sum += (double)laplacian * laplacian;
        }
    }
    free(luma);
    return sqrt(sum / ((double)(w - 2) * (h - 2)));
}
