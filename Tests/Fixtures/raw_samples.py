#!/usr/bin/env python3
"""Synthetic camera RAW files for the tests: DNG, CR2, NEF, ARW and ORF.

No camera samples ship with Debian, so the RAW tests make their own at test
time.  Standard library only (runs under Debian's /usr/bin/python3); the JPEG
previews are encoded by ``cjpeg`` (libjpeg-turbo-progs) or, failing that,
ImageMagick's ``convert`` from a PPM written here.

Every file holds two pictures that a test can tell apart:

* the *sensor data*, a Bayer CFA (RGGB) mosaic whose values develop into the
  ``sensor_colour`` (default red: the R sites high, the G and B sites low);
* the embedded *previews* (JPEG) and *thumbnails*, painted in the
  ``preview_colour`` (default blue).

With ``stripe`` (the default) the top quarter of both, as stored, is white,
so that a test can check which way a reader turned the picture: after
Orientation N the stripe is on the edge ``expected_stripe_edge(N)`` gives.

Kinds, their layout, and what the readers make of them
-----------------------------------------------------
Checked with Debian 12's exiv2 0.27.6 (through gexiv2 0.14), LibRaw 0.20.2
(raw-identify, dcraw_emu) and ExifTool 12.57 (``--check`` re-runs it all).

``dng-sensor``  DNG 1.4, the raw image in IFD0 (NewSubFileType 0): 16-bit
    uncompressed CFA, CFA tags, BlackLevel/WhiteLevel, ColorMatrix1 (the
    XYZ-to-linear-sRGB matrix, so the "camera" sees linear sRGB),
    AsShotNeutral 1 1 1, Orientation.  exiv2 lists no preview; LibRaw
    develops the sensor data (the sensor colour).
``dng-preview`` DNG 1.4 laid out as Adobe's converter does: IFD0 an 8-bit RGB
    thumbnail (NewSubFileType 1), SubIFD 1 the raw image, then one SubIFD per
    JPEG preview (NewSubFileType 1, Compression 7, PhotometricInterpretation
    6).  exiv2 lists each of them as ``image/tiff`` (exiv2 0.27 names every
    DNG preview stored in strips so, real DNGs included: it hands back a
    TIFF wrapping the JPEG strip), never as ``image/jpeg``.  LibRaw develops
    the sensor data and takes the largest JPEG as its thumbnail.
``cr2``  Canon CR2: "II*", IFD0 offset 16, "CR" 2 0 at offset 8 and IFD3's
    offset at 12.  IFD0 holds the large JPEG preview (Compression 6 in
    StripOffsets/StripByteCounts), IFD1 the 160x120 JPEG thumbnail
    (JPEGInterchangeFormat), IFD2 a small 8-bit RGB image (Compression 6 as
    Canon writes it though it is uncompressed), IFD3 the raw image: 14-bit
    lossless JPEG (SOF3, 2 components, predictor 1) in two CR2Slices, as
    Canon's cameras write it.  exiv2 (image/x-canon-cr2) lists the IFD0
    JPEG, the IFD1 JPEG and IFD2 (image/tiff); LibRaw decodes the sensor data.
``nef``  Nikon NEF, big-endian: IFD0 an 8-bit RGB 160x120 thumbnail
    (NewSubfileType 1); SubIFD 1 the JpgFromRaw (JPEGInterchangeFormat);
    SubIFD 2 the raw image, 14 bits in 16-bit words, Compression 1 (Nikon's
    "uncompressed" NEF); a Nikon type-3 maker note (its own TIFF header)
    with WB_RBLevels, NEFCompression 2 and a PreviewIFD holding a second JPEG
    preview when two previews are asked for.  exiv2 lists the thumbnail
    (image/tiff), JpgFromRaw and the maker note preview (image/jpeg); it
    names the file image/tiff, as it names real uncompressed NEFs (only
    Compression 34713, Nikon's own compression, makes it image/x-nikon-nef).
    LibRaw decodes the sensor data.
``arw``  Sony ARW: IFD0 (NewSubfileType 1) holds the JPEG preview through
    JPEGInterchangeFormat, IFD1 the 160x120 JPEG thumbnail, SubIFD 1 the raw
    image: 14 bits in 16-bit words, Compression 32767 ("Sony ARW
    compressed" -- Sony's tag value, which LibRaw reads as unpacked 14-bit
    data when the strip holds two bytes a pixel), with the ARW 2.3 raw-IFD
    tags SonyRawFileType, BlackLevel (0x7310) and WB_RGGBLevels (0x7313).
    exiv2 names it image/x-sony-arw and lists the preview and the thumbnail
    (image/jpeg); LibRaw decodes the sensor data.
``orf``  Olympus ORF: "IIRO" header; IFD0 the raw image, 12-bit packed
    (Compression 1, BitsPerSample 12, 1.5 bytes a pixel: the uncompressed
    Olympus layout LibRaw reads as 12-bit values in 32-bit little-endian
    words; current Olympus bodies write their own compression); an Olympus
    maker note ("OLYMPUS\\0II\\3\\0", offsets from its start) with the
    ThumbnailImage (0x0100) and, in CameraSettings (0x2020), PreviewImageValid,
    PreviewImageStart and PreviewImageLength.  exiv2 (image/x-olympus-orf)
    lists both JPEGs; LibRaw decodes the sensor data.

LibRaw's thumbnail (libraw_unpack_thumb, ``simple_dcraw -e``) is the largest
JPEG preview of every kind.  With no JPEG preview there is none: a DNG or an
ARW or ORF without previews has no thumbnail, and a CR2 without an IFD0
preview offers IFD2, which LibRaw cannot hand out ("Unsupported thumbnail
format").  ``exiftool -validate`` finds the files sound, bar one minor
warning on NEF (a 14-bit raw strip in 16-bit words is "oversized" to its
generic size rule, as a real uncompressed 14-bit NEF is).

What a real camera file has that these lack: maker notes beyond the few
tags above (Canon's and Sony's are absent; no lens, focus or colour data),
Sony's encrypted SR2 data, masked (optical black) sensor borders, sensor
noise, the vendors' compressions for NEF (34713), ARW 2 (8-bit
curve-compressed) and ORF, tiled DNG raw data, GPS and XMP.  The thumbnails
are not letterboxed to 4:3 as Canon's and Nikon's are.  LibRaw takes the
colour matrix of the camera model named (see ``MODELS``), so the developed
colour of a non-DNG file is the chosen colour seen through that camera's
matrix: its hue holds for saturated colours, the exact values do not.  A
pure blue sensor develops violet (hue about 270 degrees) through Canon's
matrices, as a real camera's would; ``colour_name`` counts hues up to 275
as blue.  A model LibRaw has no matrix for (``model="Canon EOS Synthetic"``)
develops the sensor colour as written, less saturated.

API
---
``write_raw(kind, path, size=(600, 400), previews=None, thumbnail=DEFAULT,
sensor_colour="red", preview_colour="blue", thumbnail_colour=None,
orientation=1, stripe=True, make=None, model=None, preview_jpeg=None) -> Sample``; the
wrappers ``write_dng_sensor``, ``write_dng_preview``, ``write_cr2``,
``write_nef``, ``write_arw``, ``write_orf`` take the same keywords.
A ``Sample`` lists each ``Embedded`` picture (role, where, size, encoding,
length, colour, and ``exiv2_mime``: how exiv2 0.27 lists it), the MIME type
exiv2 gives the file, and whether LibRaw decodes the sensor data.
``check(sample_or_path, ...) -> CheckReport`` runs exiftool, exiv2 (gexiv2
through /usr/bin/python3 when this interpreter has no ``gi``: needs
python3-gi and gir1.2-gexiv2-0.10, which libgexiv2-dev brings) and LibRaw's
tools (libraw-bin) on a file and compares what they find with what was
written; ``exiv2_view(path)``, ``libraw_develop(path)`` and
``libraw_thumbnail(path)`` are its parts.
``dominant_colour(rgb, width, height)``, ``stripe_edge(rgb, width, height)``,
``expected_stripe_edge(orientation)``, ``read_ppm(data)`` and
``colour_name(r, g, b)`` help a test judge the pictures a reader produced.

Command line
------------
    raw_samples.py KIND OUT.EXT [--size WxH] [--preview WxH[:COLOUR]]...
        [--thumbnail WxH|none] [--sensor-colour red] [--preview-colour blue]
        [--thumbnail-colour C] [--orientation N] [--no-stripe]
        [--make M] [--model M] [--preview-jpeg FILE] [--json] [--check]
    raw_samples.py --self-test [DIR]     every kind, written and checked

``--check`` exits 1 when a reader disagrees with what was written;
``--thumbnail none`` is refused for dng-preview (IFD0 is its thumbnail).

Colours are names (red, green, blue, yellow, cyan, magenta, orange, white,
grey, black) or #rrggbb.

``--preview-jpeg FILE`` (``preview_jpeg=``, a path or the bytes) stores that
JPEG, as it is, as the largest preview, in place of a painted one: a
photograph-like preview for benchmarks (a flat colour compresses to almost
nothing and decodes faster than any camera's).  Its size is the JPEG's own:
it replaces the largest ``--preview`` size (or is the one preview when none
is given).  Tests that judge colours do not use it.
"""

from __future__ import annotations

import argparse
import array
import colorsys
import dataclasses
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from collections import Counter
from typing import Iterable, Optional, Sequence

KINDS = ("dng-sensor", "dng-preview", "cr2", "nef", "arw", "orf")

EXTENSIONS = {"dng-sensor": "dng", "dng-preview": "dng", "cr2": "cr2", "nef": "nef", "arw": "arw", "orf": "orf"}

# Make and Model written for each kind (LibRaw picks its colour matrix by them).
MODELS = {
    "dng-sensor": ("Lightbox", "Synthetic DNG"),
    "dng-preview": ("Lightbox", "Synthetic DNG"),
    "cr2": ("Canon", "Canon EOS 5D Mark III"),
    "nef": ("NIKON CORPORATION", "NIKON D750"),
    "arw": ("SONY", "ILCE-7M3"),
    "orf": ("OLYMPUS IMAGING CORP.", "E-M10"),
}

DEFAULT = object()  # "the kind's usual thumbnail"
DEFAULT_SIZE = (600, 400)
DEFAULT_PREVIEW = (1024, 683)
DEFAULT_THUMBNAIL = {"dng-preview": (256, 171), "cr2": (160, 120), "nef": (160, 120), "arw": (160, 120),
                     "orf": (160, 120)}
DATE = "2024:05:01 12:00:00"

COLOURS = {
    "red": (255, 0, 0),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
    "yellow": (255, 255, 0),
    "cyan": (0, 255, 255),
    "magenta": (255, 0, 255),
    "orange": (255, 128, 0),
    "white": (255, 255, 255),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
    "black": (0, 0, 0),
}


# --------------------------------------------------------------------------
# Colours and pictures


def parse_colour(colour) -> tuple:
    """(r, g, b), 0..255, from a name, "#rrggbb" or a tuple."""
    if isinstance(colour, (tuple, list)) and len(colour) == 3:
        return tuple(int(c) for c in colour)
    text = str(colour).strip().lower()
    if text in COLOURS:
        return COLOURS[text]
    if text.startswith("#") and len(text) == 7:
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))
    raise ValueError(f"unknown colour {colour!r}: a name ({', '.join(sorted(COLOURS))}) or #rrggbb")


def colour_name(r: int, g: int, b: int) -> str:
    """The coarse name of an 8-bit sRGB colour: black, grey, white, or a hue."""
    high, low = max(r, g, b), min(r, g, b)
    if high < 48:
        return "black"
    if high - low < 0.25 * high + 16:
        return "white" if high >= 170 else "grey"
    hue = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)[0] * 360
    # Blue reaches 275 degrees: camera matrices turn a pure blue sensor violet.
    for limit, name in ((15, "red"), (45, "orange"), (70, "yellow"), (165, "green"), (195, "cyan"),
                        (275, "blue"), (330, "magenta"), (361, "red")):
        if hue < limit:
            return name
    return "red"


def _pixels(rgb: bytes, width: int, height: int, step: int = 1):
    for y in range(0, height, step):
        base = y * width * 3
        for x in range(0, width, step):
            i = base + x * 3
            yield x, y, rgb[i], rgb[i + 1], rgb[i + 2]


def dominant_colour(rgb: bytes, width: int, height: int) -> tuple:
    """(name, share): the most common colour_name() among the pixels."""
    step = max(1, int((width * height / 40000) ** 0.5))
    counts = Counter(colour_name(r, g, b) for _, _, r, g, b in _pixels(rgb, width, height, step))
    name, count = counts.most_common(1)[0]
    return name, count / sum(counts.values())


def stripe_edge(rgb: bytes, width: int, height: int) -> Optional[str]:
    """The edge ("top", "bottom", "left", "right") along which a white band
    lies, or None: the edge whose outer eighth is mostly white."""
    bands = {"top": 0, "bottom": 0, "left": 0, "right": 0}
    totals = dict(bands)
    step = max(1, int((width * height / 40000) ** 0.5))
    for x, y, r, g, b in _pixels(rgb, width, height, step):
        white = colour_name(r, g, b) == "white"
        for edge, inside in (("top", y < height / 8), ("bottom", y >= height * 7 / 8),
                             ("left", x < width / 8), ("right", x >= width * 7 / 8)):
            if inside:
                totals[edge] += 1
                bands[edge] += white
    shares = {edge: bands[edge] / totals[edge] for edge in bands if totals[edge]}
    edge = max(shares, key=shares.get)
    return edge if shares[edge] > 0.6 else None


# Where the stored top row ends up once a reader applies the EXIF Orientation.
_STRIPE_EDGE = {1: "top", 2: "top", 3: "bottom", 4: "bottom", 5: "left", 6: "right", 7: "right", 8: "left"}


def expected_stripe_edge(orientation: int) -> str:
    """The edge the stripe (the stored picture's top) shows on once turned."""
    return _STRIPE_EDGE[orientation]


def picture_rgb(width: int, height: int, colour, stripe: bool = True) -> bytes:
    """8-bit RGB rows: `colour`, with the top quarter white when `stripe`."""
    body = bytes(parse_colour(colour)) * width
    white = b"\xff" * (3 * width)
    top = height // 4 if stripe else 0
    return white * top + body * (height - top)


def read_ppm(data: bytes) -> tuple:
    """(width, height, rgb bytes) of a binary 8-bit PPM (P6) or PGM (P5)."""
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.find(b"\n", pos) + 1 or len(data)
            continue
        end = pos
        while end < len(data) and not data[end:end + 1].isspace():
            end += 1
        if end == pos or end >= len(data):
            raise ValueError("not a PPM/PGM: truncated header")
        fields.append(data[pos:end])
        pos = end
    pos += 1
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if maxval > 255:
        raise ValueError("16-bit PPM not supported")
    if magic == b"P6":
        return width, height, data[pos:pos + width * height * 3]
    if magic == b"P5":
        grey = data[pos:pos + width * height]
        return width, height, bytes(v for v in grey for _ in range(3))
    raise ValueError(f"not a binary PPM/PGM: {magic!r}")


def encode_jpeg(width: int, height: int, colour, stripe: bool = True, quality: int = 90) -> bytes:
    """A baseline JFIF JPEG of picture_rgb(), by cjpeg or ImageMagick."""
    ppm = b"P6\n%d %d\n255\n" % (width, height) + picture_rgb(width, height, colour, stripe)
    cjpeg = shutil.which("cjpeg")
    if cjpeg:
        done = subprocess.run([cjpeg, "-quality", str(quality)], input=ppm, capture_output=True, check=True)
        return done.stdout
    convert = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else shutil.which("convert")
    if convert:
        done = subprocess.run([convert, "ppm:-", "-quality", str(quality), "jpeg:-"], input=ppm,
                              capture_output=True, check=True)
        return done.stdout
    raise RuntimeError("neither cjpeg (libjpeg-turbo-progs) nor convert (imagemagick) is installed")


def jpeg_size(data: bytes) -> tuple:
    """(width, height) from a JPEG's SOF marker."""
    pos = 2
    while pos < len(data):
        marker, length = data[pos + 1], struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return width, height
        pos += 2 + length
    raise ValueError("no SOF marker")


# --------------------------------------------------------------------------
# A TIFF writer: IFDs with values, sub-IFDs and data blocks, laid out in one
# pass and patched.

BYTE, ASCII, SHORT, LONG, RATIONAL, SBYTE, UNDEFINED, SSHORT, SLONG, SRATIONAL = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
IFD_TYPE = 13
_FORMATS = {BYTE: "B", SBYTE: "b", SHORT: "H", LONG: "I", SSHORT: "h", SLONG: "i", IFD_TYPE: "I",
            RATIONAL: "II", SRATIONAL: "ii"}


class Data:
    """A block of bytes placed after the IFDs; a tag holding it holds its offset."""

    def __init__(self, payload: bytes, align: int = 2):
        self.payload = payload
        self.align = align


class Ifd:
    """A TIFF image file directory: {tag: (type, value)} and the next IFD.

    A value is an int or list of ints, a str (ASCII), bytes (BYTE or
    UNDEFINED), a (numerator, denominator) pair or a list of them
    (RATIONAL), or a Data, an Ifd, or a list of them (LONG or IFD offsets)."""

    def __init__(self, name: str = ""):
        self.name = name
        self.entries = {}
        self.next: Optional[Ifd] = None

    def set(self, tag: int, type_: int, value) -> "Ifd":
        self.entries[tag] = (type_, value)
        return self


def _encode(order: str, type_: int, value) -> tuple:
    """(bytes, count, [(byte index, Data|Ifd)]) of a tag's value."""
    if type_ == ASCII:
        raw = value.encode("latin-1") + b"\0"
        return raw, len(raw), []
    if isinstance(value, (bytes, bytearray)):
        return bytes(value), len(value), []
    if type_ in (RATIONAL, SRATIONAL):
        items = [value] if isinstance(value, tuple) else list(value)
        raw = b"".join(struct.pack(order + _FORMATS[type_], *item) for item in items)
        return raw, len(items), []
    items = list(value) if isinstance(value, (list, tuple)) else [value]
    refs, numbers = [], []
    for index, item in enumerate(items):
        if isinstance(item, (Data, Ifd)):
            refs.append((index * 4, item))
            numbers.append(0)
        else:
            numbers.append(item)
    fmt = _FORMATS[type_]
    return struct.pack(order + fmt * len(numbers), *numbers), len(numbers), refs


class TiffLayout:
    """Lays IFDs and their data out after `prefix`; offsets count from `origin`."""

    def __init__(self, order: str, prefix: bytes = b"", origin: int = 0):
        self.order = order
        self.buf = bytearray(prefix)
        self.origin = origin
        self.positions = {}
        self._patches = []
        self._data = []

    def place(self, *roots: Ifd) -> bytes:
        queue = list(roots)
        while queue:
            ifd = queue.pop(0)
            if id(ifd) not in self.positions:
                self._write_ifd(ifd, queue)
        for data in self._data:
            while len(self.buf) % data.align:
                self.buf.append(0)
            self.positions[id(data)] = len(self.buf)
            self.buf += data.payload
        for where, target in self._patches:
            struct.pack_into(self.order + "I", self.buf, where, self.positions[id(target)] - self.origin)
        return bytes(self.buf)

    def offset_of(self, item) -> int:
        return self.positions[id(item)] - self.origin

    def _refer(self, where: int, target, queue: list):
        self._patches.append((where, target))
        if isinstance(target, Ifd):
            queue.append(target)
        elif all(target is not d for d in self._data):
            self._data.append(target)

    def _write_ifd(self, ifd: Ifd, queue: list):
        if len(self.buf) % 2:
            self.buf.append(0)
        start = len(self.buf)
        self.positions[id(ifd)] = start
        tags = sorted(ifd.entries)
        extra_start = start + 2 + 12 * len(tags) + 4
        table = bytearray(struct.pack(self.order + "H", len(tags)) + bytes(12 * len(tags) + 4))
        extra = bytearray()
        pending = []
        for i, tag in enumerate(tags):
            type_, value = ifd.entries[tag]
            raw, count, refs = _encode(self.order, type_, value)
            entry = 2 + 12 * i
            struct.pack_into(self.order + "HHI", table, entry, tag, type_, count)
            if len(raw) <= 4:
                table[entry + 8:entry + 8 + len(raw)] = raw
                value_at = start + entry + 8
            else:
                if len(extra) % 2:
                    extra.append(0)
                value_at = extra_start + len(extra)
                struct.pack_into(self.order + "I", table, entry + 8, value_at - self.origin)
                extra += raw
            pending += [(value_at + k, target) for k, target in refs]
        self.buf += table + extra
        for where, target in pending:
            self._refer(where, target, queue)
        if ifd.next is not None:
            self._refer(start + 2 + 12 * len(tags), ifd.next, queue)


# --------------------------------------------------------------------------
# Sensor data


def _srgb_to_linear(value: int) -> float:
    v = value / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def sensor_levels(colour, black: int, white: int, wb=(1.0, 1.0, 1.0)) -> tuple:
    """Raw values (R, G, B sites) that develop into `colour`: linear light
    scaled into 3..80% of black..white, divided by the white-balance
    multipliers `wb` that the file records (so that its as-shot white
    balance brings them back)."""
    span = white - black
    levels = []
    for channel, multiplier in zip(parse_colour(colour), wb):
        linear = 0.03 + 0.77 * _srgb_to_linear(channel)
        levels.append(black + round(span * linear / multiplier))
    return tuple(levels)


class Mosaic:
    """An RGGB Bayer mosaic: the top quarter white (with a stripe), the rest
    the sensor colour.  Rows are built from at most four distinct patterns."""

    def __init__(self, width: int, height: int, colour, stripe: bool, black: int, white: int,
                 wb=(1.0, 1.0, 1.0), extremes: int = 0):
        if width % 2 or height % 2:
            raise ValueError("the sensor size must be even in both directions")
        self.width, self.height = width, height
        self.top = height // 4 if stripe else 0
        self.body = sensor_levels(colour, black, white, wb)
        self.stripe = sensor_levels("white", black, white, wb)
        # At its limits (write_raw's `extremes`): the stripe at `extremes`,
        # the format's full scale, where a reader's white level lies when it
        # knows none from the file (CR2, NEF and ORF state none), the rest
        # at black.
        if extremes:
            self.body, self.stripe = (black,) * 3, (extremes,) * 3

    def row(self, y: int) -> list:
        r, g, b = self.stripe if y < self.top else self.body
        pair = (r, g) if y % 2 == 0 else (g, b)
        return list(pair) * (self.width // 2)

    def row_key(self, y: int) -> tuple:
        return (y < self.top, y % 2)

    def value(self, y: int, x: int) -> int:
        r, g, b = self.stripe if y < self.top else self.body
        return (r if x % 2 == 0 else g) if y % 2 == 0 else (g if x % 2 == 0 else b)

    def words(self, order: str) -> bytes:
        """16-bit words, one a pixel."""
        cache = {}
        out = []
        for y in range(self.height):
            key = self.row_key(y)
            if key not in cache:
                cache[key] = struct.pack(f"{order}{self.width}H", *self.row(y))
            out.append(cache[key])
        return b"".join(out)

    def packed12_olympus(self) -> bytes:
        """12-bit values packed most significant bit first into 32-bit
        little-endian words, the rows running on without padding: the layout
        LibRaw reads for Olympus's packed 12-bit ORFs."""
        cache = {}
        parts = []
        for y in range(self.height):
            key = self.row_key(y)
            if key not in cache:
                cache[key] = "".join(format(v, "012b") for v in self.row(y))
            parts.append(cache[key])
        bits = "".join(parts)
        bits += "0" * (-len(bits) % 32)
        big = int(bits, 2).to_bytes(len(bits) // 8, "big")
        words = array.array("I", big)
        if sys.byteorder == "little":
            words.byteswap()  # the big-endian words, as little-endian ones
        return words.tobytes()


def lossless_jpeg(rows: Iterable[Sequence[int]], height: int, wide: int, components: int, precision: int) -> bytes:
    """An ITU T.81 lossless JPEG (SOF3, predictor 1, one Huffman table) of
    `height` rows, each holding `wide` columns of `components` interleaved
    samples."""
    # Category 0 takes 1 bit, categories 1..15 take 5 (codes 10000..11110).
    counts = [0] * 16
    counts[0], counts[4] = 1, 15
    symbols = list(range(16))
    codes = {0: "0"}
    for index, category in enumerate(range(1, 16)):
        codes[category] = format(0b10000 + index, "05b")
    dht = bytes([0x00]) + bytes(counts) + bytes(symbols)
    sof = struct.pack(">BHHB", precision, height, wide, components)
    sof += b"".join(bytes([c + 1, 0x11, 0]) for c in range(components))
    sos = bytes([components]) + b"".join(bytes([c + 1, 0x00]) for c in range(components)) + bytes([1, 0, 0])

    def segment(marker: int, body: bytes) -> bytes:
        return struct.pack(">HH", marker, len(body) + 2) + body

    diff_bits = {}

    def code(diff: int) -> str:
        if diff not in diff_bits:
            if diff == 0:
                diff_bits[diff] = codes[0]
            else:
                category = abs(diff).bit_length()
                extra = diff if diff > 0 else diff + (1 << category) - 1
                diff_bits[diff] = codes[category] + format(extra, f"0{category}b")
        return diff_bits[diff]

    row_bits = {}
    parts = []
    above = [1 << (precision - 1)] * components
    count = 0
    for row in rows:
        count += 1
        key = (tuple(above), bytes(struct.pack(f"<{len(row)}H", *row)))
        if key not in row_bits:
            bits = []
            for i, value in enumerate(row):
                predicted = above[i] if i < components else row[i - components]
                bits.append(code(value - predicted))
            row_bits[key] = "".join(bits)
        parts.append(row_bits[key])
        above = list(row[:components])
    if count != height:
        raise ValueError(f"lossless_jpeg: {count} rows, not {height}")
    stream = "".join(parts)
    stream += "1" * (-len(stream) % 8)
    entropy = int(stream, 2).to_bytes(len(stream) // 8, "big").replace(b"\xff", b"\xff\x00")
    return (b"\xff\xd8" + segment(0xFFC4, dht) + segment(0xFFC3, sof) + segment(0xFFDA, sos)
            + entropy + b"\xff\xd9")


# --------------------------------------------------------------------------
# What was written


@dataclasses.dataclass
class Embedded:
    """A picture embedded beside the sensor data."""

    role: str  # "preview" or "thumbnail"
    where: str  # where it is, in the format's own terms
    width: int
    height: int
    encoding: str  # "jpeg" or "rgb" (8-bit uncompressed)
    length: int  # bytes in the file
    colour: str
    exiv2_mime: Optional[str]  # how exiv2 0.27 lists it; None: not at all


@dataclasses.dataclass
class Sample:
    kind: str
    path: str
    width: int  # sensor size as stored (before Orientation)
    height: int
    orientation: int
    sensor_colour: str
    preview_colour: str
    stripe: bool
    make: str
    model: str
    exiv2_mime: str  # gexiv2_metadata_get_mime_type()
    libraw_decodes: bool
    embedded: list

    def previews(self, mime: Optional[str] = None) -> list:
        """The embedded pictures exiv2 lists (of `mime` only, if given)."""
        return [e for e in self.embedded if e.exiv2_mime and (mime is None or e.exiv2_mime == mime)]

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), indent=2)


def _size(value) -> tuple:
    if isinstance(value, str):
        w, _, h = value.lower().partition("x")
        value = (int(w), int(h))
    w, h = int(value[0]), int(value[1])
    if w < 1 or h < 1 or w > 65535 or h > 65535:
        raise ValueError(f"bad size {value!r}")
    return w, h


def _colour_text(colour) -> str:
    return colour if isinstance(colour, str) else "#%02x%02x%02x" % parse_colour(colour)


def _common_ifd0(ifd: Ifd, make: str, model: str, orientation: int, software: str = "Lightbox raw_samples"):
    ifd.set(0x010F, ASCII, make).set(0x0110, ASCII, model).set(0x0112, SHORT, orientation)
    ifd.set(0x0131, ASCII, software).set(0x0132, ASCII, DATE)
    ifd.set(0x011A, RATIONAL, (300, 1)).set(0x011B, RATIONAL, (300, 1)).set(0x0128, SHORT, 2)


def _exif_ifd(w: "_Writer", makernote: Optional[bytes] = None, cfa: bool = False) -> Ifd:
    exif = Ifd("Exif")
    exif.set(0x829A, RATIONAL, (1, 125)).set(0x829D, RATIONAL, (56, 10)).set(0x8827, SHORT, 200)
    exif.set(0x9000, UNDEFINED, b"0231").set(0x9003, ASCII, DATE).set(0x9004, ASCII, DATE)
    exif.set(0x920A, RATIONAL, (50, 1))
    exif.set(0xA002, LONG, w.width).set(0xA003, LONG, w.height)  # PixelXDimension, PixelYDimension
    if cfa:
        exif.set(0xA217, SHORT, 2)  # SensingMethod: one-chip colour area
        exif.set(0xA302, UNDEFINED, struct.pack(">HH", 2, 2) + bytes([0, 1, 1, 2]))  # CFAPattern
    if makernote is not None:
        exif.set(0x927C, UNDEFINED, makernote)
    return exif


def _rgb_image_ifd(ifd: Ifd, width: int, height: int, rgb: bytes, compression: int = 1):
    ifd.set(0x0100, LONG, width).set(0x0101, LONG, height).set(0x0102, SHORT, [8, 8, 8])
    ifd.set(0x0103, SHORT, compression).set(0x0106, SHORT, 2).set(0x0111, LONG, Data(rgb))
    ifd.set(0x0115, SHORT, 3).set(0x0116, LONG, height).set(0x0117, LONG, len(rgb))
    ifd.set(0x011C, SHORT, 1)


def _cfa_tags(ifd: Ifd):
    ifd.set(0x828D, SHORT, [2, 2]).set(0x828E, BYTE, bytes([0, 1, 1, 2]))


class _Writer:
    """State shared by the kinds' writers."""

    def __init__(self, kind, path, size, previews, thumbnail, sensor_colour, preview_colour,
                 thumbnail_colour, orientation, stripe, make, model, preview_jpeg=None):
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}: one of {', '.join(KINDS)}")
        if not 1 <= int(orientation) <= 8:
            raise ValueError("orientation must be 1..8")
        self.kind, self.path = kind, str(path)
        self.width, self.height = _size(size)
        # The sensor data at its limits (write_raw's `extremes`).
        self.extremes = False
        if kind == "dng-sensor":
            if previews or (thumbnail is not DEFAULT and thumbnail is not None):
                raise ValueError("dng-sensor has no preview: use dng-preview")
            previews, thumbnail = [], None
        if previews is None:
            previews = [DEFAULT_PREVIEW]
        # A preview may name its own colour ("WxH:colour"), so that a test
        # sees which of several was shown.
        self.preview_colours = {}
        sizes = []
        for p in previews:
            if isinstance(p, str) and ":" in p:
                text, _, colour = p.partition(":")
                parse_colour(colour)
                self.preview_colours[_size(text)] = _colour_text(colour)
                p = text
            sizes.append(_size(p))
        self.previews = sorted(sizes, key=lambda s: s[0] * s[1], reverse=True)
        self.preview_jpeg = None
        if preview_jpeg is not None:
            if kind == "dng-sensor":
                raise ValueError("dng-sensor has no preview: use dng-preview")
            if not isinstance(preview_jpeg, (bytes, bytearray)):
                with open(preview_jpeg, "rb") as f:
                    preview_jpeg = f.read()
            if preview_jpeg[:2] != b"\xff\xd8":
                raise ValueError("preview_jpeg is not a JPEG")
            self.preview_jpeg = bytes(preview_jpeg)
            # The given picture is the largest preview, at its own size.
            self.previews = [jpeg_size(self.preview_jpeg)] + self.previews[1:]
            self.previews.sort(key=lambda s: s[0] * s[1], reverse=True)
        self.thumbnail = DEFAULT_THUMBNAIL.get(kind) if thumbnail is DEFAULT else (
            None if thumbnail in (None, "none") else _size(thumbnail))
        self.sensor_colour = _colour_text(sensor_colour)
        self.preview_colour = _colour_text(preview_colour)
        self.thumbnail_colour = _colour_text(thumbnail_colour if thumbnail_colour is not None else preview_colour)
        parse_colour(self.sensor_colour), parse_colour(self.preview_colour), parse_colour(self.thumbnail_colour)
        self.orientation, self.stripe = int(orientation), bool(stripe)
        self.make, self.model = make or MODELS[kind][0], model or MODELS[kind][1]
        self.embedded = []

    def jpeg(self, size, role="preview") -> bytes:
        if role == "preview" and self.preview_jpeg is not None and size == jpeg_size(self.preview_jpeg):
            return self.preview_jpeg
        colour = self.preview_colours.get(size, self.preview_colour) if role == "preview" else self.thumbnail_colour
        return encode_jpeg(size[0], size[1], colour, self.stripe)

    def rgb(self, size, role="thumbnail") -> bytes:
        colour = self.preview_colour if role == "preview" else self.thumbnail_colour
        return picture_rgb(size[0], size[1], colour, self.stripe)

    def note(self, role, where, size, encoding, length, exiv2_mime):
        colour = self.preview_colours.get(tuple(size), self.preview_colour) if role == "preview" \
            else self.thumbnail_colour
        self.embedded.append(Embedded(role, where, size[0], size[1], encoding, length, colour, exiv2_mime))

    def too_many(self, slots: int):
        if len(self.previews) > slots:
            raise ValueError(f"{self.kind} has room for {slots} preview(s), not {len(self.previews)}")

    def finish(self, data: bytes, exiv2_mime: str, libraw_decodes: bool = True) -> Sample:
        directory = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(directory, exist_ok=True)
        temporary = self.path + ".part"
        with open(temporary, "wb") as out:
            out.write(data)
        os.replace(temporary, self.path)
        return Sample(self.kind, self.path, self.width, self.height, self.orientation, self.sensor_colour,
                      self.preview_colour, self.stripe, self.make, self.model, exiv2_mime, libraw_decodes,
                      self.embedded)


# --------------------------------------------------------------------------
# The kinds

# XYZ (D65) to linear sRGB, from the sRGB standard: the "camera" of the DNGs
# sees linear sRGB, so LibRaw's and Adobe's colour pipelines leave it alone.
_XYZ_TO_SRGB = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570]
_DNG_BLACK, _DNG_WHITE = 256, 16383


def _dng_raw_ifd(w: _Writer, ifd: Ifd):
    mosaic = Mosaic(w.width, w.height, w.sensor_colour, w.stripe, _DNG_BLACK, _DNG_WHITE, extremes=w.extremes and _DNG_WHITE)
    pixels = mosaic.words("<")
    ifd.set(0x00FE, LONG, 0).set(0x0100, LONG, w.width).set(0x0101, LONG, w.height)
    ifd.set(0x0102, SHORT, 16).set(0x0103, SHORT, 1).set(0x0106, SHORT, 32803)
    ifd.set(0x0111, LONG, Data(pixels, align=16)).set(0x0115, SHORT, 1).set(0x0116, LONG, w.height)
    ifd.set(0x0117, LONG, len(pixels)).set(0x011C, SHORT, 1)
    _cfa_tags(ifd)
    ifd.set(0xC616, BYTE, bytes([0, 1, 2])).set(0xC617, SHORT, 1)  # CFAPlaneColor, CFALayout
    ifd.set(0xC619, SHORT, [1, 1]).set(0xC61A, LONG, _DNG_BLACK).set(0xC61D, LONG, _DNG_WHITE)
    ifd.set(0xC61E, RATIONAL, [(1, 1), (1, 1)])  # DefaultScale
    ifd.set(0xC61F, LONG, [0, 0]).set(0xC620, LONG, [w.width, w.height])  # DefaultCropOrigin/Size


def _dng_ifd0_tags(w: _Writer, ifd0: Ifd):
    _common_ifd0(ifd0, w.make, w.model, w.orientation)
    ifd0.set(0xC612, BYTE, bytes([1, 4, 0, 0])).set(0xC613, BYTE, bytes([1, 1, 0, 0]))
    ifd0.set(0xC614, ASCII, f"{w.make} {w.model}")
    ifd0.set(0xC621, SRATIONAL, [(round(v * 10000), 10000) for v in _XYZ_TO_SRGB])  # ColorMatrix1
    ifd0.set(0xC65A, SHORT, 21)  # CalibrationIlluminant1: D65
    ifd0.set(0xC628, RATIONAL, [(1, 1), (1, 1), (1, 1)])  # AsShotNeutral
    ifd0.set(0xC62A, SRATIONAL, (0, 1))  # BaselineExposure
    ifd0.set(0x8769, LONG, _exif_ifd(w))


def _write_dng(w: _Writer) -> Sample:
    ifd0 = Ifd("IFD0")
    _dng_ifd0_tags(w, ifd0)
    if w.kind == "dng-sensor":
        _dng_raw_ifd(w, ifd0)
    else:
        if not w.thumbnail:
            raise ValueError("dng-preview: IFD0 is the thumbnail, it cannot be none")
        rgb = w.rgb(w.thumbnail)
        ifd0.set(0x00FE, LONG, 1)
        _rgb_image_ifd(ifd0, w.thumbnail[0], w.thumbnail[1], rgb)
        w.note("thumbnail", "IFD0", w.thumbnail, "rgb", len(rgb), "image/tiff")
        raw = Ifd("SubIFD1")
        _dng_raw_ifd(w, raw)
        subs = [raw]
        for number, size in enumerate(w.previews, start=2):
            jpeg = w.jpeg(size)
            preview = Ifd(f"SubIFD{number}")
            preview.set(0x00FE, LONG, 1).set(0x0100, LONG, size[0]).set(0x0101, LONG, size[1])
            preview.set(0x0102, SHORT, [8, 8, 8]).set(0x0103, SHORT, 7).set(0x0106, SHORT, 6)
            preview.set(0x0111, LONG, Data(jpeg)).set(0x0115, SHORT, 3).set(0x0116, LONG, size[1])
            preview.set(0x0117, LONG, len(jpeg)).set(0x011C, SHORT, 1)
            preview.set(0x0212, SHORT, [2, 2])  # YCbCrSubSampling, as cjpeg encodes
            preview.set(0xC71A, LONG, 2)  # PreviewColorSpace: sRGB
            subs.append(preview)
            w.note("preview", f"SubIFD{number}", size, "jpeg", len(jpeg), "image/tiff")
        ifd0.set(0x014A, LONG, subs)
    data = TiffLayout("<", b"II*\0" + struct.pack("<I", 8)).place(ifd0)
    return w.finish(data, "image/tiff")


def _write_cr2(w: _Writer) -> Sample:
    w.too_many(1)
    if w.width > 4 * w.height:
        raise ValueError("cr2: the sensor may be at most four times as wide as high")
    ifd0, ifd1, ifd2, ifd3 = Ifd("IFD0"), Ifd("IFD1"), Ifd("IFD2"), Ifd("IFD3")
    ifd0.next, ifd1.next, ifd2.next = ifd1, ifd2, ifd3
    _common_ifd0(ifd0, w.make, w.model, w.orientation, "Firmware Version 1.2.3")
    ifd0.set(0x011A, RATIONAL, (72, 1)).set(0x011B, RATIONAL, (72, 1))
    ifd0.set(0x8769, LONG, _exif_ifd(w))
    if w.previews:
        size = w.previews[0]
        jpeg = w.jpeg(size)
        ifd0.set(0x0100, LONG, size[0]).set(0x0101, LONG, size[1]).set(0x0102, SHORT, [8, 8, 8])
        ifd0.set(0x0103, SHORT, 6).set(0x0111, LONG, Data(jpeg)).set(0x0117, LONG, len(jpeg))
        w.note("preview", "IFD0", size, "jpeg", len(jpeg), "image/jpeg")
    ifd1.set(0x0103, SHORT, 6).set(0x011A, RATIONAL, (180, 1)).set(0x011B, RATIONAL, (180, 1)).set(0x0128, SHORT, 2)
    if w.thumbnail:
        jpeg = w.jpeg(w.thumbnail, "thumbnail")
        ifd1.set(0x0201, LONG, Data(jpeg)).set(0x0202, LONG, len(jpeg))
        w.note("thumbnail", "IFD1", w.thumbnail, "jpeg", len(jpeg), "image/jpeg")
    # IFD2: the small uncompressed RGB image (an eighth of the sensor's size,
    # Compression 6 as Canon writes it).
    small = (max(16, w.width // 8 // 2 * 2), max(16, w.height // 8 // 2 * 2))
    rgb = w.rgb(small, "preview")
    _rgb_image_ifd(ifd2, small[0], small[1], rgb, compression=6)
    w.note("preview", "IFD2", small, "rgb", len(rgb), "image/tiff")
    # IFD3: the sensor data, lossless JPEG with two components in two slices.
    mosaic = Mosaic(w.width, w.height, w.sensor_colour, w.stripe, 0, 15000, extremes=w.extremes and 16383)
    first = (w.width // 2) // 2 * 2
    slices = [(0, first), (first, w.width - first)]

    def jpeg_rows():
        # The slices one after the other, each top to bottom, cut into
        # rows of the JPEG frame (as wide as the sensor).
        pending = []
        for x0, span in slices:
            for y in range(w.height):
                pending.extend(mosaic.row(y)[x0:x0 + span])
                while len(pending) >= w.width:
                    yield pending[:w.width]
                    del pending[:w.width]

    ljpeg = lossless_jpeg(jpeg_rows(), w.height, w.width // 2, 2, 14)
    ifd3.set(0x0103, SHORT, 6).set(0x0111, LONG, Data(ljpeg)).set(0x0117, LONG, len(ljpeg))
    ifd3.set(0xC5D8, LONG, 1).set(0xC5E0, LONG, 1)
    ifd3.set(0xC640, SHORT, [1, first, w.width - first])  # CR2Slice
    layout = TiffLayout("<", b"II*\0" + struct.pack("<I", 16) + b"CR\x02\x00" + bytes(4))
    data = bytearray(layout.place(ifd0))
    struct.pack_into("<I", data, 12, layout.offset_of(ifd3))
    return w.finish(bytes(data), "image/x-canon-cr2")


def _nikon_makernote(w: _Writer, preview: Optional[tuple], wb) -> bytes:
    """A Nikon type-3 maker note: "Nikon\\0" 2 16 0 0, then a big-endian TIFF
    header from which its offsets count."""
    root = Ifd("Nikon3")
    root.set(0x0001, UNDEFINED, b"0210")
    root.set(0x000C, RATIONAL, [(round(wb[0] * 256), 256), (round(wb[2] * 256), 256), (256, 256), (256, 256)])
    root.set(0x0093, SHORT, 2)  # NEFCompression: uncompressed
    if preview:
        jpeg = w.jpeg(preview)
        pv = Ifd("NikonPreview")
        pv.set(0x0103, SHORT, 6).set(0x011A, RATIONAL, (300, 1)).set(0x011B, RATIONAL, (300, 1))
        pv.set(0x0128, SHORT, 2).set(0x0201, LONG, Data(jpeg)).set(0x0202, LONG, len(jpeg)).set(0x0213, SHORT, 2)
        root.set(0x0011, LONG, pv)
        w.note("preview", "MakerNote PreviewIFD", preview, "jpeg", len(jpeg), "image/jpeg")
    header = b"Nikon\0\x02\x10\0\0"
    return TiffLayout(">", header + b"MM\0*" + struct.pack(">I", 8), origin=len(header)).place(root)


_NEF_WB = (2.0, 1.0, 1.5)
_ARW_WB = (2.0, 1.0, 1.5)


def _write_nef(w: _Writer) -> Sample:
    w.too_many(2)
    ifd0 = Ifd("IFD0")
    _common_ifd0(ifd0, w.make, w.model, w.orientation, "Ver.1.00 ")
    if w.thumbnail:
        ifd0.set(0x00FE, LONG, 1)
        rgb = w.rgb(w.thumbnail)
        _rgb_image_ifd(ifd0, w.thumbnail[0], w.thumbnail[1], rgb)
        w.note("thumbnail", "IFD0", w.thumbnail, "rgb", len(rgb), "image/tiff")
    subs = []
    if w.previews:
        size = w.previews[0]
        jpeg = w.jpeg(size)
        jfr = Ifd("SubIFD1")
        jfr.set(0x00FE, LONG, 1).set(0x0103, SHORT, 6).set(0x011A, RATIONAL, (300, 1))
        jfr.set(0x011B, RATIONAL, (300, 1)).set(0x0128, SHORT, 2)
        jfr.set(0x0201, LONG, Data(jpeg)).set(0x0202, LONG, len(jpeg)).set(0x0213, SHORT, 2)
        subs.append(jfr)
        w.note("preview", "SubIFD1 (JpgFromRaw)", size, "jpeg", len(jpeg), "image/jpeg")
    # Black 600, as LibRaw's table has it for the D750 (it subtracts it).
    mosaic = Mosaic(w.width, w.height, w.sensor_colour, w.stripe, 600, 15520, _NEF_WB, extremes=w.extremes and 16383)
    pixels = mosaic.words(">")
    raw = Ifd(f"SubIFD{len(subs) + 1}")
    raw.set(0x00FE, LONG, 0).set(0x0100, LONG, w.width).set(0x0101, LONG, w.height)
    raw.set(0x0102, SHORT, 14).set(0x0103, SHORT, 1).set(0x0106, SHORT, 32803)
    raw.set(0x0111, LONG, Data(pixels, align=16)).set(0x0115, SHORT, 1).set(0x0116, LONG, w.height)
    raw.set(0x0117, LONG, len(pixels)).set(0x011A, RATIONAL, (300, 1)).set(0x011B, RATIONAL, (300, 1))
    raw.set(0x011C, SHORT, 1).set(0x0128, SHORT, 2).set(0x9217, SHORT, 2)
    _cfa_tags(raw)
    subs.append(raw)
    ifd0.set(0x014A, LONG, subs)
    note = _nikon_makernote(w, w.previews[1] if len(w.previews) > 1 else None, _NEF_WB)
    ifd0.set(0x8769, LONG, _exif_ifd(w, note))
    data = TiffLayout(">", b"MM\0*" + struct.pack(">I", 8)).place(ifd0)
    return w.finish(data, "image/tiff")


def _write_arw(w: _Writer) -> Sample:
    w.too_many(1)
    ifd0, ifd1 = Ifd("IFD0"), Ifd("IFD1")
    ifd0.next = ifd1
    _common_ifd0(ifd0, w.make, w.model, w.orientation, f"{w.model} v1.00")
    ifd0.set(0x00FE, LONG, 1).set(0x0103, SHORT, 6).set(0x010E, ASCII, " " * 31)
    ifd0.set(0x011A, RATIONAL, (350, 1)).set(0x011B, RATIONAL, (350, 1))
    if w.previews:
        size = w.previews[0]
        jpeg = w.jpeg(size)
        ifd0.set(0x0201, LONG, Data(jpeg)).set(0x0202, LONG, len(jpeg)).set(0x0213, SHORT, 2)
        w.note("preview", "IFD0 (PreviewImage)", size, "jpeg", len(jpeg), "image/jpeg")
    ifd1.set(0x00FE, LONG, 1).set(0x0103, SHORT, 6)
    ifd1.set(0x011A, RATIONAL, (72, 1)).set(0x011B, RATIONAL, (72, 1)).set(0x0128, SHORT, 2)
    if w.thumbnail:
        jpeg = w.jpeg(w.thumbnail, "thumbnail")
        ifd1.set(0x0100, LONG, w.thumbnail[0]).set(0x0101, LONG, w.thumbnail[1])
        ifd1.set(0x0201, LONG, Data(jpeg)).set(0x0202, LONG, len(jpeg))
        w.note("thumbnail", "IFD1", w.thumbnail, "jpeg", len(jpeg), "image/jpeg")
    black, white = 512, 16383
    mosaic = Mosaic(w.width, w.height, w.sensor_colour, w.stripe, black, white, _ARW_WB, extremes=w.extremes and white)
    pixels = mosaic.words("<")
    raw = Ifd("SubIFD1")
    raw.set(0x00FE, LONG, 0).set(0x0100, LONG, w.width).set(0x0101, LONG, w.height)
    raw.set(0x0102, SHORT, 14).set(0x0103, SHORT, 32767).set(0x0106, SHORT, 32803)
    raw.set(0x0111, LONG, Data(pixels, align=16)).set(0x0115, SHORT, 1).set(0x0116, LONG, w.height)
    raw.set(0x0117, LONG, len(pixels)).set(0x011A, RATIONAL, (350, 1)).set(0x011B, RATIONAL, (350, 1))
    raw.set(0x011C, SHORT, 1).set(0x0128, SHORT, 2)
    _cfa_tags(raw)
    raw.set(0x7000, SHORT, 0)  # SonyRawFileType: uncompressed 14-bit
    raw.set(0x7310, SHORT, [black] * 4)  # BlackLevel (RGGB)
    raw.set(0x7313, SSHORT, [round(_ARW_WB[0] * 1024), 1024, 1024, round(_ARW_WB[2] * 1024)])  # WB_RGGBLevels
    ifd0.set(0x014A, LONG, [raw])
    ifd0.set(0x8769, LONG, _exif_ifd(w))
    data = TiffLayout("<", b"II*\0" + struct.pack("<I", 8)).place(ifd0)
    return w.finish(data, "image/x-sony-arw")


def _olympus_makernote(w: _Writer) -> bytes:
    """An Olympus maker note, "OLYMPUS\\0II\\3\\0", offsets from its start."""
    root = Ifd("Olympus2")
    root.set(0x0000, UNDEFINED, b"0100")
    if w.thumbnail:
        jpeg = w.jpeg(w.thumbnail, "thumbnail")
        root.set(0x0100, UNDEFINED, jpeg)
        w.note("thumbnail", "MakerNote ThumbnailImage", w.thumbnail, "jpeg", len(jpeg), "image/jpeg")
    equipment = Ifd("Equipment")
    equipment.set(0x0000, UNDEFINED, b"0100")
    root.set(0x2010, IFD_TYPE, equipment)
    settings = Ifd("CameraSettings")
    settings.set(0x0000, UNDEFINED, b"0100")
    if w.previews:
        size = w.previews[0]
        jpeg = w.jpeg(size)
        settings.set(0x0100, LONG, 1).set(0x0101, LONG, Data(jpeg)).set(0x0102, LONG, len(jpeg))
        w.note("preview", "MakerNote CameraSettings PreviewImage", size, "jpeg", len(jpeg), "image/jpeg")
    else:
        settings.set(0x0100, LONG, 0)
    root.set(0x2020, IFD_TYPE, settings)
    return TiffLayout("<", b"OLYMPUS\0II\x03\x00").place(root)


def _write_orf(w: _Writer) -> Sample:
    w.too_many(1)
    mosaic = Mosaic(w.width, w.height, w.sensor_colour, w.stripe, 0, 4000, extremes=w.extremes and 4095)
    pixels = mosaic.packed12_olympus()
    ifd0 = Ifd("IFD0")
    _common_ifd0(ifd0, w.make, w.model, w.orientation, "Version 1.0")
    ifd0.set(0x00FE, LONG, 0).set(0x0100, LONG, w.width).set(0x0101, LONG, w.height)
    ifd0.set(0x0102, SHORT, 12).set(0x0103, SHORT, 1).set(0x0106, SHORT, 1)
    ifd0.set(0x0111, LONG, Data(pixels, align=16)).set(0x0115, SHORT, 1).set(0x0116, LONG, w.height)
    ifd0.set(0x0117, LONG, len(pixels)).set(0x011C, SHORT, 1)
    ifd0.set(0x8769, LONG, _exif_ifd(w, _olympus_makernote(w), cfa=True))
    data = TiffLayout("<", b"IIRO" + struct.pack("<I", 8)).place(ifd0)
    return w.finish(data, "image/x-olympus-orf")


_WRITERS = {"dng-sensor": _write_dng, "dng-preview": _write_dng, "cr2": _write_cr2, "nef": _write_nef,
            "arw": _write_arw, "orf": _write_orf}


def write_raw(kind: str, path, size=DEFAULT_SIZE, previews: Optional[Iterable] = None, thumbnail=DEFAULT,
              sensor_colour="red", preview_colour="blue", thumbnail_colour=None, orientation: int = 1,
              stripe: bool = True, make: Optional[str] = None, model: Optional[str] = None,
              preview_jpeg=None, extremes: bool = False) -> Sample:
    """Write a synthetic RAW file of `kind` (see KINDS) to `path`.

    size: the sensor's (width, height) or "WxH", both even.
    previews: the JPEG previews' sizes (default [(1024, 683)]; [] for none),
        each "WxH:colour" to paint it in a colour of its own,
        placed largest first into the kind's preview places (DNG: any number
        of SubIFDs; NEF: JpgFromRaw, then the maker note's PreviewIFD; the
        others: one).
    thumbnail: the small thumbnail's size, None for none; by default the
        kind's usual one (DNG 256x171 RGB; the others 160x120).
    orientation: the EXIF Orientation written, 1..8.
    stripe: the top quarter of every picture white, as stored.
    preview_jpeg: a JPEG (path or bytes) stored as it is as the largest
        preview, at its own size (see the module's docstring).
    extremes: the sensor data at its limits, for exposure tests: the stripe's
        sites at the white level (clipped), the rest at black (deep shadows).
    Returns a Sample describing what went where and what the readers list."""
    writer = _Writer(kind, path, size, None if previews is None else list(previews), thumbnail, sensor_colour,
                     preview_colour, thumbnail_colour, orientation, stripe, make, model, preview_jpeg)
    writer.extremes = extremes
    return _WRITERS[kind](writer)


def write_dng_sensor(path, **options) -> Sample:
    return write_raw("dng-sensor", path, **options)


def write_dng_preview(path, **options) -> Sample:
    return write_raw("dng-preview", path, **options)


def write_cr2(path, **options) -> Sample:
    return write_raw("cr2", path, **options)


def write_nef(path, **options) -> Sample:
    return write_raw("nef", path, **options)


def write_arw(path, **options) -> Sample:
    return write_raw("arw", path, **options)


def write_orf(path, **options) -> Sample:
    return write_raw("orf", path, **options)


# --------------------------------------------------------------------------
# Checking a file with exiftool, exiv2 (gexiv2) and LibRaw


# Run by a Python that has gi (Debian's /usr/bin/python3 with python3-gi and
# gir1.2-gexiv2-0.10): exiv2's view of the file, each preview decoded by
# gdk-pixbuf, printed as JSON.
_GEXIV2_PROBE = r"""
import base64, json, sys
import gi
gi.require_version("GExiv2", "0.10")
from gi.repository import GExiv2
try:
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf
except (ImportError, ValueError):
    GdkPixbuf = None
m = GExiv2.Metadata()
m.open_path(sys.argv[1])
out = {"mime": m.get_mime_type(), "width": m.get_pixel_width(), "height": m.get_pixel_height(),
       "orientation": int(m.get_orientation()), "previews": []}
for p in m.get_preview_properties() or []:
    item = {"mime": p.get_mime_type(), "width": p.get_width(), "height": p.get_height(), "size": p.get_size()}
    data = m.get_preview_image(p).get_data()
    item["bytes"] = len(data)
    if GdkPixbuf is not None:
        try:
            loader = GdkPixbuf.PixbufLoader()
            loader.write(data)
            loader.close()
            pb = loader.get_pixbuf()
            if pb.get_has_alpha():
                pb = pb.add_alpha(False, 0, 0, 0)
            w, h, n, stride = pb.get_width(), pb.get_height(), pb.get_n_channels(), pb.get_rowstride()
            pixels = pb.get_pixels()
            rgb = bytearray()
            for y in range(h):
                row = pixels[y * stride:y * stride + w * n]
                if n == 3:
                    rgb += row
                else:
                    for x in range(w):
                        rgb += row[x * n:x * n + 3]
            item["decoded"] = [w, h, base64.b64encode(bytes(rgb)).decode()]
        except Exception as error:
            item["decode_error"] = str(error)
    out["previews"].append(item)
print(json.dumps(out))
"""


@dataclasses.dataclass
class CheckReport:
    path: str
    ok: bool
    problems: list
    exiftool: str
    exiv2: Optional[dict]
    libraw_identify: str
    libraw_developed: Optional[dict]
    libraw_thumbnail: Optional[dict] = None

    def summary(self) -> str:
        lines = [f"{self.path}: {'OK' if self.ok else 'FAILED'}"]
        if self.exiv2:
            lines.append(f"  exiv2: {self.exiv2.get('mime')} {self.exiv2.get('width')}x{self.exiv2.get('height')}"
                         f" orientation {self.exiv2.get('orientation')}")
            for p in self.exiv2.get("previews", []):
                lines.append(f"    preview {p['mime']} {p['width']}x{p['height']} {p['bytes']} bytes"
                             f" -> {p.get('colour', p.get('decode_error', '?'))}"
                             f" stripe {p.get('stripe', '?')}")
        if self.libraw_developed:
            d = self.libraw_developed
            lines.append(f"  LibRaw: {d.get('width')}x{d.get('height')} {d.get('colour')} stripe {d.get('stripe')}")
        if self.libraw_thumbnail:
            t = self.libraw_thumbnail
            lines.append(f"  LibRaw thumbnail: {t.get('kind')} {t.get('width')}x{t.get('height')} {t.get('colour')}"
                         f" stripe {t.get('stripe')}")
        lines += [f"  problem: {p}" for p in self.problems]
        return "\n".join(lines)


def _gi_python() -> Optional[str]:
    try:
        import gi  # noqa: F401
        return sys.executable
    except ImportError:
        return "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else None


def exiv2_view(path: str) -> Optional[dict]:
    """exiv2's view of `path` through gexiv2 (see _GEXIV2_PROBE), or None
    when gexiv2's introspection data is not installed."""
    python = _gi_python()
    if not python:
        return None
    done = subprocess.run([python, "-c", _GEXIV2_PROBE, path], capture_output=True, text=True)
    if done.returncode != 0:
        if "GExiv2" in done.stderr and ("Namespace" in done.stderr or "No module named" in done.stderr):
            return None
        return {"error": done.stderr.strip()[-2000:], "previews": []}
    import base64
    view = json.loads(done.stdout)
    for preview in view["previews"]:
        decoded = preview.pop("decoded", None)
        if decoded:
            w, h, rgb = decoded[0], decoded[1], base64.b64decode(decoded[2])
            preview["decoded_size"] = [w, h]
            preview["colour"], preview["colour_share"] = dominant_colour(rgb, w, h)
            preview["stripe"] = stripe_edge(rgb, w, h)
    return view


def libraw_develop(path: str) -> Optional[dict]:
    """LibRaw's picture of the sensor data (dcraw_emu -w -h, camera white
    balance and half size as the app asks): size, dominant colour, stripe."""
    tool = shutil.which("dcraw_emu")
    if not tool:
        return None
    done = subprocess.run([tool, "-w", "-h", "-Z", "-", path], capture_output=True)
    if done.returncode != 0 or not done.stdout.startswith(b"P"):
        return {"error": (done.stderr or done.stdout)[-500:].decode("latin-1")}
    try:
        width, height, rgb = read_ppm(done.stdout)
    except ValueError as error:
        return {"error": str(error)}
    colour, share = dominant_colour(rgb, width, height)
    return {"width": width, "height": height, "colour": colour, "colour_share": round(share, 3),
            "stripe": stripe_edge(rgb, width, height), "stderr": done.stderr.decode("latin-1").strip()}


def libraw_thumbnail(path: str) -> Optional[dict]:
    """The thumbnail LibRaw picks (simple_dcraw -e, as libraw_unpack_thumb):
    its kind, size, dominant colour and stripe."""
    tool = shutil.which("simple_dcraw")
    if not tool:
        return None
    with tempfile.TemporaryDirectory(prefix="raw_samples.") as directory:
        link = os.path.join(directory, "raw" + os.path.splitext(path)[1])
        os.symlink(os.path.abspath(path), link)
        done = subprocess.run([tool, "-e", link], capture_output=True, cwd=directory)
        found = [name for name in os.listdir(directory) if ".thumb." in name]
        if not found:
            return {"error": (done.stderr or done.stdout)[-500:].decode("latin-1") or "no thumbnail"}
        name = os.path.join(directory, found[0])
        with open(name, "rb") as thumb:
            data = thumb.read()
        if not data:
            message = (done.stderr or done.stdout).decode("latin-1").strip()
            return {"error": message[-500:] or "empty thumbnail"}
        if name.endswith(".jpg"):
            djpeg = shutil.which("djpeg")
            if not djpeg:
                return {"kind": "jpeg", "width": jpeg_size(data)[0], "height": jpeg_size(data)[1]}
            data = subprocess.run([djpeg, "-pnm"], input=data, capture_output=True, check=True).stdout
        try:
            width, height, rgb = read_ppm(data)
        except ValueError as error:
            return {"error": str(error)}
        colour, share = dominant_colour(rgb, width, height)
        return {"kind": "jpeg" if name.endswith(".jpg") else "bitmap", "width": width, "height": height,
                "colour": colour, "colour_share": round(share, 3), "stripe": stripe_edge(rgb, width, height)}


def check(sample, expect_libraw: Optional[bool] = None) -> CheckReport:
    """Runs exiftool, exiv2 (gexiv2) and LibRaw on a written file and
    compares their findings with `sample` (a Sample, or a path: then only
    what the tools print is collected)."""
    path = sample.path if isinstance(sample, Sample) else str(sample)
    problems = []
    exiftool_text = ""
    if shutil.which("exiftool"):
        done = subprocess.run(["exiftool", "-a", "-G1", "-s", "-PreviewImage*", "-JpgFromRaw*", "-ThumbnailImage*",
                               "-ThumbnailTIFF", "-OtherImage*", "-Orientation", "-ImageSize", "-Warning", "-Error",
                               path], capture_output=True, text=True)
        exiftool_text = done.stdout + done.stderr
        if isinstance(sample, Sample):
            listing = subprocess.run(["exiftool", "-j", "-a", "-G1", "-n", "-PreviewImage", "-JpgFromRaw",
                                      "-ThumbnailImage", "-ThumbnailTIFF", "-OtherImage", "-Orientation",
                                      "-Warning", "-Error", path], capture_output=True, text=True)
            found = json.loads(listing.stdout or "[{}]")[0]
            lengths = set()
            for key, value in found.items():
                if isinstance(value, str) and value.startswith("(Binary data "):
                    lengths.add(int(value.split()[2]))
            for e in sample.embedded:
                if e.encoding == "jpeg" and e.length not in lengths:
                    problems.append(f"exiftool does not list the {e.width}x{e.height} JPEG {e.role} in {e.where}")
            orientation = [v for k, v in found.items() if k.endswith(":Orientation")]
            if orientation and orientation[0] != sample.orientation:
                problems.append(f"exiftool reads Orientation {orientation[0]}, not {sample.orientation}")
            for key in found:
                if key.endswith(":Error"):
                    problems.append(f"exiftool: {found[key]}")
    else:
        problems.append("exiftool is not installed (libimage-exiftool-perl)")

    exiv2 = exiv2_view(path)
    if exiv2 is None:
        problems.append("gexiv2 cannot be loaded (python3-gi, gir1.2-gexiv2-0.10): exiv2 not checked")
    elif "error" in exiv2:
        problems.append(f"exiv2: {exiv2['error']}")
    elif isinstance(sample, Sample):
        if exiv2["mime"] != sample.exiv2_mime:
            problems.append(f"exiv2 names it {exiv2['mime']}, not {sample.exiv2_mime}")
        if (exiv2["width"], exiv2["height"]) != (sample.width, sample.height):
            problems.append(f"exiv2 reads the size {exiv2['width']}x{exiv2['height']}, "
                            f"not {sample.width}x{sample.height}")
        if exiv2["orientation"] != sample.orientation:
            problems.append(f"exiv2 reads orientation {exiv2['orientation']}, not {sample.orientation}")
        listed = [(p["mime"], p["width"], p["height"]) for p in exiv2["previews"]]
        wanted = [(e.exiv2_mime, e.width, e.height) for e in sample.embedded if e.exiv2_mime]
        if sorted(listed) != sorted(wanted):
            problems.append(f"exiv2 lists previews {sorted(listed)}, expected {sorted(wanted)}")
        for p in exiv2["previews"]:
            want = next((e for e in sample.embedded if (e.exiv2_mime, e.width, e.height) ==
                         (p["mime"], p["width"], p["height"])), None)
            if want and "colour" in p:
                if p["colour"] != colour_name(*parse_colour(want.colour)):
                    problems.append(f"exiv2's {p['width']}x{p['height']} preview decodes {p['colour']}, "
                                    f"not {want.colour}")
                if sample.stripe and p["stripe"] != "top":
                    problems.append(f"exiv2's {p['width']}x{p['height']} preview has its stripe at {p['stripe']}")

    identify = ""
    developed = thumbnail = None
    if shutil.which("raw-identify"):
        done = subprocess.run(["raw-identify", "-v", path], capture_output=True, text=True)
        identify = done.stdout + done.stderr
        developed = libraw_develop(path)
        thumbnail = libraw_thumbnail(path)
        if isinstance(sample, Sample) and sample.embedded and thumbnail and "colour" in thumbnail:
            largest = max(sample.embedded, key=lambda e: e.width * e.height)
            if (thumbnail["width"], thumbnail["height"]) != (largest.width, largest.height):
                problems.append(f"LibRaw's thumbnail is {thumbnail['width']}x{thumbnail['height']}, not the "
                                f"largest preview ({largest.width}x{largest.height})")
            elif thumbnail["colour"] != colour_name(*parse_colour(largest.colour)):
                problems.append(f"LibRaw's thumbnail is {thumbnail['colour']}, not {largest.colour}")
        if isinstance(sample, Sample):
            should = sample.libraw_decodes if expect_libraw is None else expect_libraw
            if should:
                if developed is None or "error" in developed:
                    problems.append(f"LibRaw does not develop it: {developed}")
                else:
                    if developed["colour"] != colour_name(*parse_colour(sample.sensor_colour)):
                        problems.append(f"LibRaw develops {developed['colour']}, not {sample.sensor_colour}")
                    turned = sample.orientation in (5, 6, 7, 8)
                    want = ((sample.height, sample.width) if turned else (sample.width, sample.height))
                    if (developed["width"], developed["height"]) != (want[0] // 2, want[1] // 2):
                        problems.append(f"LibRaw's half-size picture is {developed['width']}x{developed['height']},"
                                        f" not {want[0] // 2}x{want[1] // 2}")
                    if sample.stripe and developed["stripe"] != expected_stripe_edge(sample.orientation):
                        problems.append(f"LibRaw's stripe is at {developed['stripe']}, not "
                                        f"{expected_stripe_edge(sample.orientation)}")
    else:
        problems.append("raw-identify is not installed (libraw-bin): LibRaw not checked")
    return CheckReport(path, not problems, problems, exiftool_text, exiv2, identify, developed, thumbnail)


# --------------------------------------------------------------------------
# Command line


def _self_test(directory: str) -> int:
    os.makedirs(directory, exist_ok=True)
    failures = 0
    cases = [
        ("dng-sensor", {}),
        ("dng-sensor", {"orientation": 6}),
        ("dng-preview", {"previews": [(1024, 683)]}),
        ("dng-preview", {"previews": [(1024, 683), (512, 341)], "orientation": 8}),
        ("cr2", {}),
        ("cr2", {"orientation": 3, "sensor_colour": "green", "preview_colour": "magenta"}),
        ("nef", {"previews": [(1024, 683), (640, 427)]}),
        ("nef", {"orientation": 6}),
        ("arw", {}),
        ("arw", {"orientation": 8, "sensor_colour": "blue", "preview_colour": "yellow"}),
        ("orf", {}),
        ("orf", {"orientation": 6}),
    ]
    for number, (kind, options) in enumerate(cases):
        path = os.path.join(directory, f"sample{number:02d}-{kind}.{EXTENSIONS[kind]}")
        sample = write_raw(kind, path, **options)
        report = check(sample)
        failures += not report.ok
        print(f"[{kind} {options}]")
        print(report.summary())
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Write a synthetic camera RAW file (see the module's docstring).")
    parser.add_argument("kind", nargs="?", choices=KINDS)
    parser.add_argument("out", nargs="?")
    parser.add_argument("--size", default="%dx%d" % DEFAULT_SIZE, help="sensor size WxH (both even)")
    parser.add_argument("--preview", action="append", metavar="WxH[:COLOUR]",
                        help="a JPEG preview (repeatable), in its own colour if given")
    parser.add_argument("--no-preview", action="store_true", help="no JPEG preview at all")
    parser.add_argument("--thumbnail", metavar="WxH|none", help="the small thumbnail, or none")
    parser.add_argument("--sensor-colour", "--sensor-color", default="red")
    parser.add_argument("--preview-colour", "--preview-color", default="blue")
    parser.add_argument("--thumbnail-colour", "--thumbnail-color")
    parser.add_argument("--orientation", type=int, default=1, choices=range(1, 9))
    parser.add_argument("--no-stripe", action="store_true", help="no white top quarter")
    parser.add_argument("--make")
    parser.add_argument("--model")
    parser.add_argument("--preview-jpeg", metavar="FILE", help="this JPEG, as it is, as the largest preview")
    parser.add_argument("--extremes", action="store_true",
                        help="the sensor data at its limits: the stripe at white, the rest at black")
    parser.add_argument("--check", action="store_true", help="check the file with exiftool, exiv2 and LibRaw")
    parser.add_argument("--json", action="store_true", help="print what was written as JSON")
    parser.add_argument("--self-test", nargs="?", const="", metavar="DIR",
                        help="write and check every kind (in DIR, else a temporary folder)")
    args = parser.parse_args(argv)
    if args.self_test is not None:
        if args.self_test:
            return _self_test(args.self_test)
        with tempfile.TemporaryDirectory(prefix="raw_samples.") as directory:
            return _self_test(directory)
    if not args.kind or not args.out:
        parser.error("KIND and OUT are required (or --self-test)")
    previews = [] if args.no_preview else args.preview
    thumbnail = DEFAULT if args.thumbnail is None else args.thumbnail
    try:
        sample = write_raw(args.kind, args.out, size=args.size, previews=previews, thumbnail=thumbnail,
                           sensor_colour=args.sensor_colour, preview_colour=args.preview_colour,
                           thumbnail_colour=args.thumbnail_colour, orientation=args.orientation,
                           stripe=not args.no_stripe, make=args.make, model=args.model,
                           preview_jpeg=args.preview_jpeg, extremes=args.extremes)
    except (ValueError, RuntimeError, subprocess.CalledProcessError) as error:
        print(f"raw_samples.py: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(sample.to_json())
    if args.check:
        report = check(sample)
        print(report.exiftool.rstrip())
        print(report.summary())
        return 0 if report.ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
