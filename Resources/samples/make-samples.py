#!/usr/bin/env python3
"""Generate Lightbox's sample photos.

Every picture here is painted from scratch, procedurally, from a fixed random
seed: sky gradients, fractal ridgelines, value noise, fog and reflections,
finished with a little lens blur, vignetting and film grain so that they look
like photographs.  EXIF (Make, Model, Orientation, DateTimeOriginal and a few
exposure values) is written into each JPEG.

This script is kept for reproducibility only: the JPEGs it makes are committed
and building Lightbox never runs it.  It needs numpy and Pillow:

    python3 -m pip install numpy pillow
    python3 Resources/samples/make-samples.py [OUTPUT_DIR]

OUTPUT_DIR defaults to the folder this script is in.  The output is dedicated
to the public domain under CC0-1.0 (see LICENSE next to this script).
"""

from __future__ import annotations

import math
import os
import sys

import numpy as np
from PIL import Image, ImageFilter, TiffTags
from PIL.ExifTags import IFD, Base
from PIL.TiffImagePlugin import IFDRational

LANDSCAPE = (960, 640)
PORTRAIT = (640, 960)
JPEG_QUALITY = 84


# --------------------------------------------------------------------------
# Small toolkit: colours, noise, ridgelines, compositing
# --------------------------------------------------------------------------

def rgb(hexstr: str) -> np.ndarray:
    """'#rrggbb' -> float array in 0..1."""
    hexstr = hexstr.lstrip("#")
    return np.array([int(hexstr[i:i + 2], 16) for i in (0, 2, 4)], dtype=np.float64) / 255.0


def mix(a, b, t):
    """Linear blend a..b by t (t broadcasts)."""
    return a + (b - a) * t


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def upsample(grid: np.ndarray, w: int, h: int) -> np.ndarray:
    """Smoothly resize a small 2-D float grid to h x w."""
    img = Image.fromarray(grid.astype(np.float32))
    return np.asarray(img.resize((w, h), Image.BICUBIC), dtype=np.float64)


def fbm(rng, w, h, cells=4, octaves=5, gain=0.5, stretch=(1.0, 1.0)):
    """Fractal value noise, roughly in -1..1.

    cells is the number of noise cells across the longer side at the first
    octave; stretch scales the cell count along (x, y) so the noise can be made
    streaky, e.g. (1, 4) for vertical streaks.
    """
    out = np.zeros((h, w))
    amp, total = 1.0, 0.0
    c = float(cells)
    for _ in range(octaves):
        gx = max(2, int(c * stretch[0] * w / max(w, h)) + 2)
        gy = max(2, int(c * stretch[1] * h / max(w, h)) + 2)
        grid = rng.uniform(-1.0, 1.0, (gy, gx))
        out += amp * upsample(grid, w, h)
        total += amp
        amp *= gain
        c *= 2.0
    return out / total


def ridge(rng, w, base, amp, roughness=0.55, octaves=8, first=3):
    """A 1-D fractal ridgeline: y-coordinate (pixels) for each column."""
    line = np.zeros(w)
    a = 1.0
    n = first
    total = 0.0
    xs = np.linspace(0.0, 1.0, w)
    for _ in range(octaves):
        pts = rng.uniform(-1.0, 1.0, n + 1)
        line += a * np.interp(xs, np.linspace(0.0, 1.0, n + 1), pts)
        total += a
        a *= roughness
        n *= 2
    line /= total
    # Smooth the piecewise-linear corners of the lowest octaves a little.
    k = max(1, w // 240)
    if k > 1:
        kern = np.ones(k) / k
        line = np.convolve(np.pad(line, k, mode="edge"), kern, mode="same")[k:-k]
    return base + amp * line


def soft_ridge(rng, w, base, amp, waves=3):
    """Smooth rolling hills: a few random sines plus gentle noise."""
    x = np.linspace(0.0, 1.0, w)
    y = np.zeros(w)
    for i in range(waves):
        f = rng.uniform(0.6, 1.6) * (i + 1)
        y += rng.uniform(0.5, 1.0) / (i + 1) * np.sin(2 * math.pi * f * x + rng.uniform(0, 2 * math.pi))
    y /= np.abs(y).max() + 1e-9
    return base + amp * y


def gblur(a: np.ndarray, sigma: float) -> np.ndarray:
    """Separable Gaussian blur of a 2-D float array."""
    r = max(1, int(3 * sigma + 0.5))
    k = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    k /= k.sum()
    a = np.pad(a, r, mode="edge")
    a = np.apply_along_axis(lambda v: np.convolve(v, k, mode="same"), 0, a)
    a = np.apply_along_axis(lambda v: np.convolve(v, k, mode="same"), 1, a)
    return a[r:-r, r:-r]


def below(line: np.ndarray, h: int, soft: float = 1.0) -> np.ndarray:
    """Alpha mask (h x w) that is 1 below the ridgeline, anti-aliased."""
    ys = np.arange(h)[:, None]
    return np.clip((ys - line[None, :]) / soft + 0.5, 0.0, 1.0)


def vertical(h, w, stops):
    """Vertical gradient from [(pos 0..1, colour), ...]."""
    pos = np.array([p for p, _ in stops])
    cols = np.array([c for _, c in stops])
    t = np.linspace(0.0, 1.0, h)
    out = np.stack([np.interp(t, pos, cols[:, i]) for i in range(3)], axis=-1)
    return np.broadcast_to(out[:, None, :], (h, w, 3)).copy()


def paint(canvas, alpha, colour):
    """Composite colour (3-vector or HxWx3) over canvas with alpha (HxW)."""
    a = alpha[..., None]
    canvas[:] = canvas * (1.0 - a) + colour * a


def glow(w, h, cx, cy, radius, power=2.0):
    """Radial falloff, 1 at (cx, cy) to 0 at radius."""
    ys, xs = np.mgrid[0:h, 0:w]
    d = np.sqrt((xs - cx) ** 2 + (ys - cy) ** 2) / radius
    return np.clip(1.0 - d, 0.0, 1.0) ** power


def disc(w, h, cx, cy, r, soft=1.2):
    ys, xs = np.mgrid[0:h, 0:w]
    d = np.sqrt((xs - cx) ** 2 + (ys - cy) ** 2)
    return np.clip((r - d) / soft + 0.5, 0.0, 1.0)


def clouds(rng, w, h, cover=0.1, cells=3, stretch=(1.0, 2.5)):
    """Cloud density 0..1 (streaky horizontally when stretch[1] > stretch[0])."""
    n = fbm(rng, w, h, cells=cells, octaves=6, gain=0.55, stretch=stretch)
    return smoothstep(cover, cover + 0.45, n)


def blur1d(v: np.ndarray, sigma: float) -> np.ndarray:
    r = max(1, int(3 * sigma + 0.5))
    k = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    k /= k.sum()
    return np.convolve(np.pad(v, r, mode="edge"), k, mode="same")[r:-r]


def face_shade(line: np.ndarray, h: int, sun_left: bool = True, spread: float = 0.6, gain: float = 2.5):
    """How much each pixel below a ridgeline faces the sun, -1..1.

    The slope of the ridgeline says which way the face under it looks; further
    below the crest the faces broaden, so the slope is blurred more with depth.
    """
    w = line.size
    levels = np.stack([np.gradient(blur1d(line, s)) for s in (1, 2, 4, 8, 16, 32, 64, 128)])
    depth = np.clip(np.arange(h)[:, None] - line[None, :], 0, None)
    idx = np.clip(np.log2(1.0 + spread * depth), 0, levels.shape[0] - 1.001)
    lo = idx.astype(int)
    frac = idx - lo
    cols = np.arange(w)[None, :]
    slope = levels[lo, cols] * (1 - frac) + levels[lo + 1, cols] * frac
    sign = -1.0 if sun_left else 1.0
    return np.tanh(sign * slope * gain)


def tree_line(rng, w, base, height, density=0.9, spike=True):
    """Silhouette of a forest edge: y for each column (smaller = taller).

    base is a number or an array giving the ground line for each column.
    """
    base = np.broadcast_to(np.asarray(base, dtype=np.float64), (w,))
    line = base.copy()
    x = 0.0
    while x < w:
        tw = rng.uniform(0.5, 1.0) * height * 0.42
        th = rng.uniform(0.55, 1.0) * height
        cx = x + tw / 2
        xs = np.arange(max(0, int(cx - tw)), min(w, int(cx + tw) + 1))
        if xs.size == 0:
            x += tw
            continue
        ground = base[min(w - 1, max(0, int(cx)))] + height * 0.05
        if spike:  # conifer: a narrow triangle with ragged tiers
            prof = 1.0 - np.abs(xs - cx) / tw
            tiers = 1.0 - 0.18 * (np.sin((xs - cx) * 2.2 / max(tw, 1) * math.pi * 3) ** 2)
            top = ground - th * np.clip(prof, 0.0, 1.0) ** 1.05 * tiers
        else:  # broadleaf: a round crown
            prof = np.clip(1.0 - ((xs - cx) / tw) ** 2, 0.0, 1.0)
            top = ground - th * np.sqrt(prof)
        line[xs] = np.minimum(line[xs], top)
        x += tw * rng.uniform(0.55, 1.1) / density
    return line


def finish(canvas, rng, grain=0.018, vignette=0.35, blur=0.6, warmth=0.0):
    """Camera look: lens softness, vignette, grain, a slight tone curve."""
    h, w, _ = canvas.shape
    img = np.clip(canvas, 0.0, 1.0)
    if warmth:
        img = img * (1.0 + np.array([warmth, warmth * 0.3, -warmth]))
    # filmic-ish S curve
    img = np.clip(img, 0.0, 1.0)
    img = img + 0.12 * (smoothstep(0.0, 1.0, img) - img)
    ys, xs = np.mgrid[0:h, 0:w]
    r = np.sqrt(((xs - w / 2) / (w / 2)) ** 2 + ((ys - h / 2) / (h / 2)) ** 2) / math.sqrt(2)
    img = img * (1.0 - vignette * r[..., None] ** 2.2)
    pil = Image.fromarray((np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8), "RGB")
    if blur:
        pil = pil.filter(ImageFilter.GaussianBlur(blur))
    arr = np.asarray(pil, dtype=np.float64) / 255.0
    lum_grain = rng.normal(0.0, grain, (h, w, 1))
    chroma_grain = rng.normal(0.0, grain * 0.35, (h, w, 3))
    arr = arr + lum_grain + chroma_grain
    return Image.fromarray((np.clip(arr, 0, 1) * 255 + 0.5).astype(np.uint8), "RGB")


def reflect(canvas, horizon: int, rng, tint, darken=0.78, ripple=3.0, streak=0.0):
    """Mirror everything above the horizon into the water below it."""
    h, w, _ = canvas.shape
    depth = h - horizon
    src_rows = np.clip(2 * horizon - np.arange(horizon, h), 0, horizon - 1)
    wob = fbm(rng, w, depth, cells=6, octaves=4, stretch=(0.5, 8.0)) * ripple
    xs = np.clip(np.arange(w)[None, :] + wob * 2.0, 0, w - 1).astype(int)
    ys = np.clip(src_rows[:, None] + (wob * 0.6).astype(int), 0, horizon - 1)
    water = canvas[ys, xs] * darken
    t = np.linspace(0.0, 1.0, depth)[:, None, None]
    water = mix(water, tint, 0.25 + 0.45 * t)
    if streak:
        lines = fbm(rng, w, depth, cells=10, octaves=3, stretch=(0.3, 12.0))
        water = water + streak * smoothstep(0.35, 0.7, lines)[..., None]
    canvas[horizon:] = water


# --------------------------------------------------------------------------
# Scenes
# --------------------------------------------------------------------------

def mountain_range(rng, c, line, rock_dark, rock_lit, snow_shade, snow_lit, haze_col,
                   snow_depth=80.0, haze=0.0, sun_left=True, valley_haze=0.35, detail_amount=0.35,
                   forest=None):
    """Paint a rocky, snow-capped range under the ridgeline `line`."""
    h, w, _ = c.shape
    ys = np.arange(h)[:, None]
    depth = ys - line[None, :]
    light = face_shade(line, h, sun_left=sun_left)
    # gullies running down the faces, and blotchy rock
    gully = fbm(rng, w, h, cells=14, octaves=5, stretch=(1.3, 0.6))
    detail = np.gradient(gully, axis=1) * w / 14.0
    light = np.clip(light + detail_amount * np.tanh(detail) + 0.15 * fbm(rng, w, h, cells=24, octaves=3), -1, 1)
    t = (light * 0.5 + 0.5)[..., None]
    rock = mix(rgb(rock_dark), rgb(rock_lit), t)
    snowline = snow_depth * (0.65 + 0.5 * (fbm(rng, w, 1, cells=8, octaves=4)[0] * 0.5 + 0.5))
    patchy = fbm(rng, w, h, cells=20, octaves=5, stretch=(1.0, 0.7)) * snow_depth * 0.6
    snow_mask = smoothstep(6, -6, depth - snowline[None, :] + patchy)
    snow_mask *= 1.0 - 0.6 * smoothstep(0.2, 0.6, np.abs(detail) * 0.5)  # steep gullies shed snow
    snow = mix(rgb(snow_shade), rgb(snow_lit), np.clip(t * 1.3 - 0.1, 0, 1))
    col = mix(rock, snow, snow_mask[..., None])
    if forest is not None:  # conifers on the lower slopes
        fdepth, fcol = forest
        edge = fdepth + 40 * fbm(rng, w, h, cells=16, octaves=4)
        fmask = smoothstep(-4, 4, depth - edge)
        speck = fbm(rng, w, h, cells=90, octaves=2)
        ftex = mix(rgb(fcol) * 0.6, rgb(fcol) * 1.25, np.clip(0.5 + 0.6 * speck + 0.3 * light, 0, 1)[..., None])
        col = mix(col, ftex, fmask[..., None])
    col = mix(col, rgb(haze_col), haze + valley_haze * smoothstep(0, 200, depth)[..., None])
    paint(c, below(line, h), col)


def alpine_lake(rng):
    w, h = LANDSCAPE
    horizon = 410
    c = vertical(h, w, [(0.0, rgb("#2f6db5")), (0.35, rgb("#6fa3d8")), (0.6, rgb("#cfe2f2")), (1.0, rgb("#dfeaf3"))])
    cl = clouds(rng, w, h, cover=0.15, cells=3, stretch=(1.0, 3.0)) * (1 - smoothstep(0.15, 0.45, np.arange(h) / h))[:, None]
    paint(c, cl * 0.85, rgb("#f7f9fb"))
    far = ridge(rng, w, 225, 75, roughness=0.55)
    mountain_range(rng, c, far, "#6f83a0", "#a3b4c9", "#a9bad0", "#e8eef5", "#b5c7da",
                   snow_depth=40, haze=0.45, valley_haze=0.3, detail_amount=0.15)
    main = ridge(rng, w, 235, 120, roughness=0.55)
    main = main + np.linspace(-30, 25, w)  # higher on the left
    mountain_range(rng, c, main, "#2f3846", "#8d8781", "#8ea5c4", "#ffffff", "#a7bcd2",
                   snow_depth=70, haze=0.05, valley_haze=0.3, forest=(100, "#2f4a3a"))
    ys = np.arange(h)[:, None]
    hills = soft_ridge(rng, w, 372, 16, waves=3)
    hl = face_shade(hills, h, spread=0.3)
    col = mix(rgb("#1a3022"), rgb("#3f6238"), np.clip(0.45 + 0.4 * hl + 0.25 * fbm(rng, w, h, cells=30, octaves=3), 0, 1)[..., None])
    paint(c, below(hills, h), col)
    trees = tree_line(rng, w, np.full(w, horizon + 2.0), 34, density=1.3)
    trees = np.maximum(trees, hills - 12)
    trees = np.where(below(hills, h)[horizon - 1] > 0, np.minimum(trees, horizon + 2.0), trees)
    paint(c, below(trees, h, soft=0.8), rgb("#13231a"))
    reflect(c, horizon, rng, rgb("#1f4660"), darken=0.8, ripple=2.0, streak=0.035)
    # pebbly shore in the foreground
    shore = soft_ridge(rng, w, 598, 14, waves=2)
    pebbles = fbm(rng, w, h, cells=110, octaves=2)
    tone = fbm(rng, w, h, cells=6, octaves=3)
    stone = mix(rgb("#3b342e"), rgb("#a39580"), np.clip(0.45 + 0.6 * pebbles + 0.2 * tone, 0, 1)[..., None])
    stone = stone * (0.7 + 0.3 * smoothstep(0, 40, ys - shore[None, :]))[..., None]
    paint(c, below(shore, h, soft=1.5), stone)
    return finish(c, rng, grain=0.016, vignette=0.3)


def dunes_at_dusk(rng):
    w, h = LANDSCAPE
    c = vertical(h, w, [(0.0, rgb("#2b2157")), (0.3, rgb("#7a3e7a")), (0.52, rgb("#e0705a")), (0.62, rgb("#f6b36b")), (1.0, rgb("#f8c987"))])
    sun_x, sun_y = 640, 318
    c += glow(w, h, sun_x, sun_y, 420, 2.5)[..., None] * rgb("#ffb060") * 0.55
    paint(c, disc(w, h, sun_x, sun_y, 26, soft=2.0), rgb("#fff1c4"))
    yy = np.arange(h) / h
    streaks = clouds(rng, w, h, cover=0.25, cells=2, stretch=(0.6, 6.0)) * (smoothstep(0.1, 0.25, yy) * (1 - smoothstep(0.3, 0.45, yy)))[:, None]
    paint(c, streaks * 0.7, rgb("#f08a6a"))
    layers = [
        (338, 14, "#a8556c", "#cf7b74", 0.0),
        (372, 28, "#9a4a4c", "#e08a62", 0.25),
        (432, 50, "#7f3628", "#eea060", 0.5),
        (530, 75, "#5e2618", "#f5b06a", 0.8),
    ]
    ys = np.arange(h)[:, None]
    for base, amp, dark, lit, near in layers:
        line = soft_ridge(rng, w, base, amp, waves=3)
        # a sharp crest: the lee side (facing the viewer, away from the sun) is in shade
        light = face_shade(line, h, sun_left=False, spread=1.0, gain=1.8)
        depth = ys - line[None, :]
        rim = np.exp(-np.clip(depth, 0, None) / 3.0) * 0.35
        fall = np.exp(-np.clip(depth, 0, None) / (50 + 120 * near))
        shade = np.clip(0.25 + 0.45 * fall + 0.3 * light + rim, 0, 1)
        warp = 40 * fbm(rng, w, h, cells=5, octaves=3) * (1 + near)
        rip = np.sin((ys * (0.6 + 0.6 * near) + warp + np.arange(w)[None, :] * 0.08)) * 0.07 * near * smoothstep(5, 40, depth)
        col = mix(rgb(dark), rgb(lit), np.clip(shade + rip, 0, 1)[..., None])
        col = mix(col, rgb("#c96a6a"), (1 - near) * 0.35)
        paint(c, below(line, h), col)
    return finish(c, rng, grain=0.02, vignette=0.4, warmth=0.03)


def starry_night(rng):
    w, h = LANDSCAPE
    c = vertical(h, w, [(0.0, rgb("#03050f")), (0.5, rgb("#0b1634")), (0.78, rgb("#1d2f5c")), (1.0, rgb("#24365e"))])
    ys, xs = np.mgrid[0:h, 0:w]
    # milky way: a diagonal band of soft noise with dark dust lanes
    d = (xs * 0.55 - ys - 60) / 130.0
    band = np.exp(-d ** 2)
    neb = fbm(rng, w, h, cells=6, octaves=6) * 0.5 + 0.5
    dust = smoothstep(0.55, 0.75, fbm(rng, w, h, cells=10, octaves=5, stretch=(1.0, 1.0)) * 0.5 + 0.5)
    c += (band * neb * (1 - 0.7 * dust))[..., None] * rgb("#6f76a8") * 0.55
    c += (band ** 3 * neb)[..., None] * rgb("#d9c9b0") * 0.2
    # stars, more of them inside the band
    n = 2600
    sx = rng.uniform(0, w, n)
    sy = rng.uniform(0, h * 0.8, n)
    keep = rng.uniform(0, 1, n) < 0.35 + 0.65 * np.exp(-((sx * 0.55 - sy - 60) / 130.0) ** 2)
    sx, sy = sx[keep], sy[keep]
    mag = rng.pareto(2.2, sx.size) * 0.25 + 0.15
    star = np.zeros((h, w))
    np.add.at(star, (sy.astype(int), sx.astype(int)), mag)
    star = gblur(np.clip(star, 0, 4), 0.7) * 3.0
    tint = np.where((rng.uniform(0, 1, (h, w)) < 0.3)[..., None], rgb("#ffd9b0"), rgb("#dfe8ff"))
    c += np.clip(star, 0, 1.2)[..., None] * tint
    # a few bright ones with a halo
    for _ in range(9):
        bx, by = rng.uniform(30, w - 30), rng.uniform(20, h * 0.55)
        c += glow(w, h, bx, by, rng.uniform(5, 9), 3.0)[..., None] * rgb("#f2f4ff")
    # warm light pollution at the horizon
    c += (smoothstep(0.5, 0.9, ys / h) * (0.6 + 0.4 * np.sin(xs / w * math.pi)))[..., None] * rgb("#5a3e3a") * 0.35
    hills = ridge(rng, w, 520, 40, roughness=0.5)
    paint(c, below(hills, h), rgb("#080a12"))
    trees = tree_line(rng, w, 560, 60, density=0.8)
    trees = np.minimum(trees, soft_ridge(rng, w, 575, 10))
    paint(c, below(trees, h, soft=0.7), rgb("#030407"))
    return finish(c, rng, grain=0.022, vignette=0.25, blur=0.4)


def misty_forest(rng):
    w, h = PORTRAIT
    fog = rgb("#c9d3d4")
    c = vertical(h, w, [(0.0, rgb("#aebfc6")), (0.45, rgb("#d6dedf")), (1.0, rgb("#e2e6e2"))])
    c += glow(w, h, w * 0.7, h * 0.18, 520, 2.0)[..., None] * rgb("#fff4dc") * 0.35
    ys = np.arange(h)[:, None]
    layers = 7
    for i in range(layers):
        t = i / (layers - 1)  # 0 far .. 1 near
        base = 430 + 470 * t ** 1.3
        height = 90 + 330 * t
        density = 1.6 - 0.5 * t
        line = tree_line(rng, w, base, height, density=density)
        ground = soft_ridge(rng, w, base, 10 + 25 * t)
        line = np.minimum(line, ground)
        col = mix(rgb("#0f1c16"), rgb("#24382c"), 0.5 + 0.5 * fbm(rng, w, h, cells=12, octaves=3)[..., None])
        amount = (1 - t) ** 1.6 * 0.92
        col = mix(col, fog, amount)
        paint(c, below(line, h, soft=0.9 + (1 - t) * 1.5), col)
        # fog pooling in front of each layer
        mist = smoothstep(base - 90, base + 40, ys) * (1 - smoothstep(base + 40, base + 180, ys))
        mist = mist * (0.5 + 0.5 * fbm(rng, w, h, cells=4, octaves=4, stretch=(1.0, 0.5)))
        paint(c, np.clip(mist * 0.55 * (1 - 0.6 * t), 0, 1), fog)
    # sun rays through the mist
    ys2, xs2 = np.mgrid[0:h, 0:w]
    ang = np.arctan2(ys2 - h * 0.05, xs2 - w * 0.85)
    rays = (np.sin(ang * 38.0) * 0.5 + 0.5) ** 6 * smoothstep(0.0, 0.6, ys2 / h) * (1 - smoothstep(0.55, 0.95, ys2 / h))
    c += rays[..., None] * rgb("#fff3d6") * 0.12
    return finish(c, rng, grain=0.02, vignette=0.35, blur=0.5)


def beach_morning(rng):
    w, h = LANDSCAPE
    horizon = 300
    c = vertical(h, w, [(0.0, rgb("#3f7fc4")), (0.3, rgb("#8cbbe3")), (0.47, rgb("#e9ece6")), (1.0, rgb("#f2ede0"))])
    cl = clouds(rng, w, h, cover=0.05, cells=4, stretch=(1.0, 2.0)) * (1 - smoothstep(0.25, 0.45, np.arange(h) / h))[:, None]
    shade = fbm(rng, w, h, cells=6, octaves=4) * 0.5 + 0.5
    paint(c, cl * 0.9, mix(rgb("#c8d2de"), rgb("#ffffff"), shade[..., None]))
    c += glow(w, h, 180, 150, 380, 2.2)[..., None] * rgb("#fff6e0") * 0.35
    ys, xs = np.mgrid[0:h, 0:w]
    # sea
    t = np.clip((ys - horizon) / (h - horizon), 0, 1)
    sea = mix(rgb("#2c6f9a"), rgb("#2e9fb0"), t[..., None])
    waves = fbm(rng, w, h, cells=20, octaves=4, stretch=(0.25, 4.0))
    sea = sea + (waves * (0.05 + 0.1 * t))[..., None]
    glint = glow(w, h, 180, horizon + 40, 260, 1.5) * smoothstep(0.25, 0.6, waves)
    sea = sea + glint[..., None] * 0.6
    sea_mask = (ys >= horizon).astype(float)
    paint(c, sea_mask, sea)
    # the shore: sand, with wet sand and a foam line
    shore = soft_ridge(rng, w, 470, 26, waves=3) + (xs[0] - w / 2) * -0.08
    wet = below(shore - 20, h, soft=4)
    paint(c, wet, mix(rgb("#9c8a6c"), rgb("#b8a482"), (0.5 + 0.5 * fbm(rng, w, h, cells=16, octaves=3))[..., None]))
    foam_n = fbm(rng, w, h, cells=30, octaves=4, stretch=(0.3, 3.0))
    foam = below(shore - 26, h, soft=3) * (1 - below(shore - 10, h, soft=5)) * smoothstep(-0.2, 0.3, foam_n)
    paint(c, foam * 0.9, rgb("#f8fbfb"))
    sand_line = shore + 10 + 8 * fbm(rng, w, 1, cells=10, octaves=3)[0]
    grainy = fbm(rng, w, h, cells=60, octaves=2)
    sand = mix(rgb("#d7c09a"), rgb("#efdcb7"), (0.5 + 0.5 * fbm(rng, w, h, cells=5, octaves=4) + grainy * 0.15)[..., None])
    paint(c, below(sand_line, h, soft=2), sand)
    # a headland far left
    head = ridge(rng, 260, horizon - 40, 18, roughness=0.5)
    line = np.full(w, float(horizon) + 1)
    line[:260] = np.minimum(line[:260], head + np.linspace(0, 44, 260) ** 1.0)
    paint(c, below(line, h, soft=1.0) * (ys < horizon + 2), mix(rgb("#5d7a80"), rgb("#6f8d94"), 0.5))
    return finish(c, rng, grain=0.015, vignette=0.25, warmth=0.02)


def rolling_hills(rng):
    w, h = LANDSCAPE
    c = vertical(h, w, [(0.0, rgb("#3a78c9")), (0.5, rgb("#9cc6ec")), (0.62, rgb("#d9e8f2")), (1.0, rgb("#dce9f0"))])
    cl = clouds(rng, w, h, cover=0.0, cells=3, stretch=(1.0, 1.6)) * (1 - smoothstep(0.25, 0.6, np.arange(h) / h))[:, None]
    sh = fbm(rng, w, h, cells=5, octaves=5) * 0.5 + 0.5
    paint(c, cl, mix(rgb("#b7c4d4"), rgb("#ffffff"), smoothstep(0.3, 0.7, sh)[..., None]))
    ys, xs = np.mgrid[0:h, 0:w]
    crops = [rgb(x) for x in ("#8fb35a", "#c9b860", "#6e9a3e", "#a9c46a", "#d8c67a", "#5c8a36", "#9c8a52")]
    palette = [("#7d9a8a", "#93ad98"), ("#5f8f4e", "#8fb860"), ("#4b7d34", "#a2c35a"), ("#3f6d2a", "#b5cc5e"), ("#35601f", "#9ebd48")]
    bases = [330, 372, 425, 495, 580]
    for i, (base, (dark, lit)) in enumerate(zip(bases, palette)):
        line = soft_ridge(rng, w, base, 20 + 10 * i, waves=3)
        light = face_shade(line, h, spread=0.15, gain=3.0)
        col = mix(rgb(dark), rgb(lit), np.clip(0.55 + 0.45 * light, 0, 1)[..., None])
        depth = ys - line[None, :]
        if i >= 1:
            # patchwork fields: a rotated brick grid on the ground plane
            v = depth * (3.2 - 0.45 * i)
            th = rng.uniform(-0.35, 0.35)
            gu = xs * math.cos(th) + v * math.sin(th) * 2.0
            gv = -xs * math.sin(th) * 0.25 + v * math.cos(th)
            row_h = 55.0 + 10 * i
            r = np.floor(gv / row_h).astype(int)
            offs = rng.uniform(0, 400, 64)
            widths = rng.uniform(110, 230, 64)
            rr = r % 64
            cu = (gu + offs[rr]) / widths[rr]
            cidx = np.floor(cu).astype(int)
            fid = (r * 7919 + cidx * 104729 + i * 31) % 9973
            crop = np.array(crops)[fid % len(crops)]
            crop = crop * (0.75 + 0.5 * (light * 0.5 + 0.5))[..., None]
            furrow = np.where((fid % 3 == 0)[..., None], 1 - 0.07 * (np.sin(gu * 0.9) > 0.3)[..., None], 1.0)
            crop = crop * furrow
            crop = crop * (0.92 + 0.16 * fbm(rng, w, h, cells=40, octaves=3))[..., None]
            col = mix(col, crop, 0.7)
            ev = np.minimum(gv / row_h - r, r + 1 - gv / row_h) * row_h
            eu = np.minimum(cu - cidx, cidx + 1 - cu) * widths[rr]
            edge = np.minimum(ev * 0.8, eu * 0.5)
            hedge = smoothstep(1.2 + 0.3 * i, 0.2, edge) * smoothstep(0, 4, depth)
            col = mix(col, rgb("#3a5a2a"), (hedge * 0.7)[..., None])
        haze = (1 - i / 4) * 0.5
        col = mix(col, rgb("#c4d8e4"), haze)
        paint(c, below(line, h), col)
        if i in (1, 3):  # a row of round trees along the crest
            tl = tree_line(rng, w, line + 6 + 2 * i, 16 + 9 * i, density=0.45, spike=False)
            paint(c, below(tl, h) * (1 - below(line + 8 + 2 * i, h)), mix(rgb("#23401f"), rgb("#c4d8e4"), haze * 0.9))
    return finish(c, rng, grain=0.015, vignette=0.3, warmth=0.02)


def winter_moon(rng):
    w, h = PORTRAIT
    c = vertical(h, w, [(0.0, rgb("#141d3b")), (0.4, rgb("#3a4d7e")), (0.6, rgb("#b49bb5")), (0.66, rgb("#e6b7a8")), (1.0, rgb("#e3b3a3"))])
    mx, my = 410, 330
    c += glow(w, h, mx, my, 360, 2.2)[..., None] * rgb("#cdd6f5") * 0.35
    moon = disc(w, h, mx, my, 44, soft=1.5)
    maria = smoothstep(0.1, 0.5, fbm(rng, w, h, cells=18, octaves=3))
    paint(c, moon, mix(rgb("#fbf8ee"), rgb("#d8d3c6"), maria[..., None]))
    for _ in range(120):
        sx, sy = rng.uniform(0, w), rng.uniform(0, 320)
        c += glow(w, h, sx, sy, rng.uniform(1.2, 2.6), 2.0)[..., None] * 0.7
    far = ridge(rng, w, 560, 70, roughness=0.55)
    mountain_range(rng, c, far, "#6c6f95", "#b9b9d2", "#a7a9cc", "#f1e9f0", "#c9b3c3",
                   snow_depth=160, haze=0.35, valley_haze=0.3, sun_left=False)
    ys = np.arange(h)[:, None]
    for j, (base, amp, haze) in enumerate([(700, 40, 0.35), (800, 50, 0.15), (900, 40, 0.0)]):
        line = soft_ridge(rng, w, base, amp, waves=2)
        light = face_shade(line, h, sun_left=False, spread=0.2, gain=3.0)
        sparkle = (rng.uniform(0, 1, (h, w)) > 0.996) * 0.3 * (j + 1) / 3
        tone = np.clip(0.6 + 0.4 * light + 0.06 * fbm(rng, w, h, cells=20, octaves=3), 0, 1)
        col = mix(rgb("#8d95c0"), rgb("#f3f4fb"), tone[..., None]) + sparkle[..., None]
        col = mix(col, rgb("#c9b3c3"), haze)
        paint(c, below(line, h), col)
        # a stand of pines on the far side of each hill
        trees = tree_line(rng, w, line + 10 + 5 * j, 30 + 25 * j, density=0.6 + 0.2 * j)
        cover = smoothstep(-0.3, 0.3, fbm(rng, w, 1, cells=5, octaves=2)[0])
        trees = mix(line + 14 + 5 * j, trees, cover)
        mask = below(trees, h, soft=0.8) * (1 - below(line + 12 + 5 * j, h))
        paint(c, mask, mix(rgb("#182034"), rgb("#c9b3c3"), haze))
    return finish(c, rng, grain=0.02, vignette=0.35)


def lavender_field(rng):
    w, h = LANDSCAPE
    horizon = 330
    c = vertical(h, w, [(0.0, rgb("#35407a")), (0.25, rgb("#a064a0")), (0.45, rgb("#f19b73")), (0.52, rgb("#ffd390")), (1.0, rgb("#ffd390"))])
    sx, sy = 300, horizon - 18
    c += glow(w, h, sx, sy, 500, 2.2)[..., None] * rgb("#ffc070") * 0.6
    paint(c, disc(w, h, sx, sy, 20, soft=2.5), rgb("#fff4d0"))
    cl = clouds(rng, w, h, cover=0.2, cells=3, stretch=(0.8, 5.0)) * (1 - smoothstep(0.2, 0.45, np.arange(h) / h))[:, None]
    paint(c, cl * 0.8, rgb("#e57f7f"))
    # distant treeline on the horizon
    far = tree_line(rng, w, horizon + 2, 16, density=0.6, spike=False)
    paint(c, below(far, h, soft=1.2), rgb("#5b4066"))
    ys, xs = np.mgrid[0:h, 0:w]
    # rows converging to a vanishing point at the sun
    depth = np.clip((ys - horizon) / (h - horizon), 1e-3, 1.0)
    u = (xs - sx) / (depth * w) * 18.0
    uy, ux = np.gradient(u)
    period = 2.0 / (np.sqrt(ux ** 2 + uy ** 2) + 1e-9)  # one row and furrow, in pixels
    row = np.cos(u * math.pi) * 0.5 + 0.5
    row = mix(0.5, row, smoothstep(4.0, 10.0, period))  # fade rows that would alias
    bloom = fbm(rng, w, h, cells=60, octaves=3) * 0.5 + 0.5
    flower = mix(rgb("#5b3d8e"), rgb("#a77bd0"), (row ** 1.5 * (0.6 + 0.4 * bloom))[..., None])
    soil = mix(rgb("#3b2a22"), rgb("#6b4a2e"), bloom[..., None])
    field = mix(soil, flower, smoothstep(0.25 - 0.2 * depth, 0.55 - 0.1 * depth, row)[..., None])
    field = mix(field, rgb("#d98a8a"), ((1 - depth) ** 6 * 0.7)[..., None])
    field = field + (glow(w, h, sx, horizon, 420, 2.0) * 0.25)[..., None] * rgb("#ffb070")
    paint(c, (ys > horizon + 2).astype(float), field)
    # a lone tree to the right
    tx, tb = 720, horizon + 40
    trunk = (np.abs(xs - tx) < 4 + (ys - (tb - 60)) * 0.03) * (ys > tb - 60) * (ys < tb)
    paint(c, trunk.astype(float), rgb("#1d1420"))
    crown = np.zeros((h, w))
    for _ in range(14):
        cx = tx + rng.normal(0, 38)
        cy = tb - 95 + rng.normal(0, 20)
        crown = np.maximum(crown, disc(w, h, cx, cy, rng.uniform(22, 40), soft=1.5))
    paint(c, crown, rgb("#1f1624"))
    return finish(c, rng, grain=0.016, vignette=0.38, warmth=0.02)


# name, painter, seed, date taken, exposure (s), f-number, ISO, focal length (mm)
SCENES = [
    ("alpine-lake.jpg", alpine_lake, 11, "2025:07:14 10:42:07", (1, 250), (8, 1), 100, (35, 1)),
    ("dunes-at-dusk.jpg", dunes_at_dusk, 23, "2025:03:02 18:21:44", (1, 125), (11, 1), 200, (85, 1)),
    ("starry-night.jpg", starry_night, 37, "2025:08:12 23:58:10", (20, 1), (28, 10), 3200, (14, 1)),
    ("misty-forest.jpg", misty_forest, 41, "2024:10:19 07:15:31", (1, 60), (56, 10), 400, (50, 1)),
    ("beach-morning.jpg", beach_morning, 53, "2025:06:01 08:03:55", (1, 500), (8, 1), 100, (24, 1)),
    ("rolling-hills.jpg", rolling_hills, 67, "2025:05:24 15:30:12", (1, 320), (9, 1), 100, (70, 1)),
    ("winter-moon.jpg", winter_moon, 71, "2024:12:28 17:09:03", (1, 15), (4, 1), 1600, (200, 1)),
    ("lavender-field.jpg", lavender_field, 89, "2025:07:03 20:47:26", (1, 200), (56, 10), 160, (35, 1)),
]


# Pillow does not know that ComponentsConfiguration is of type UNDEFINED and
# would write it as BYTE; tell it, so that exiftool -validate is happy.
TiffTags.TAGS_V2_GROUPS.setdefault(IFD.Exif, {})[Base.ComponentsConfiguration] = TiffTags.TagInfo(
    Base.ComponentsConfiguration, "ComponentsConfiguration", TiffTags.UNDEFINED, 4)


def exif_for(img: Image.Image, taken, exposure, fnumber, iso, focal) -> Image.Exif:
    exif = Image.Exif()
    exif[Base.Make] = "Lightbox"
    exif[Base.Model] = "Sample Generator"
    exif[Base.Orientation] = 1
    exif[Base.XResolution] = IFDRational(72, 1)
    exif[Base.YResolution] = IFDRational(72, 1)
    exif[Base.ResolutionUnit] = 2  # inches
    exif[Base.YCbCrPositioning] = 1  # centred
    exif[Base.Software] = "make-samples.py"
    exif[Base.DateTime] = taken
    exif[Base.Artist] = "The Lightbox developers"
    exif[Base.Copyright] = "CC0-1.0: dedicated to the public domain"
    sub = exif.get_ifd(IFD.Exif)
    sub[Base.ExifVersion] = b"0232"
    sub[Base.ComponentsConfiguration] = b"\x01\x02\x03\x00"  # Y Cb Cr
    sub[Base.FlashPixVersion] = b"0100"
    sub[Base.ColorSpace] = 1  # sRGB
    sub[Base.DateTimeOriginal] = taken
    sub[Base.DateTimeDigitized] = taken
    sub[Base.ExposureTime] = IFDRational(*exposure)
    sub[Base.FNumber] = IFDRational(*fnumber)
    sub[Base.ISOSpeedRatings] = iso
    sub[Base.FocalLength] = IFDRational(*focal)
    sub[Base.ExifImageWidth] = img.width
    sub[Base.ExifImageHeight] = img.height
    return exif


def main(argv):
    out_dir = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out_dir, exist_ok=True)
    only = set(argv[2:])
    for name, painter, seed, taken, exposure, fnumber, iso, focal in SCENES:
        if only and name not in only:
            continue
        rng = np.random.default_rng(seed)
        img = painter(rng)
        exif = exif_for(img, taken, exposure, fnumber, iso, focal)
        path = os.path.join(out_dir, name)
        img.save(path, "JPEG", quality=JPEG_QUALITY, optimize=True, subsampling="4:2:0", exif=exif)
        print(f"{path}: {img.width}x{img.height}, {os.path.getsize(path) // 1024} KiB")


if __name__ == "__main__":
    main(sys.argv)
