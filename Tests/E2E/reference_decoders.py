"""Independent decoders for the end-to-end tests of real files (test_real_files.py): how a file looks
the right way up, decoded by libraries Lightbox does not use, and how a screenshot of the app
compares with it.

Two halves:
* Imported by the E2E tests (Debian's /usr/bin/python3, no PyPI packages): venv_python() makes, once,
  a virtual environment under .build/ with the pinned decoders below (wheels from PyPI; `pip download`
  of exactly these works on Debian 12's Python 3.11) and returns its python. A second run finds the
  environment made for the same pins and returns at once.
* Run with that python (`python reference_decoders.py refs|compare ...`): it decodes with
    JPEG, WebP, AVIF  Pillow (its own AVIF plugin, libavif: irot/imir become an EXIF orientation),
                      then ImageOps.exif_transpose;
    HEIC, HEIF, HIF   pillow-heif (applies irot/imir itself, and says EXIF's orientation is 1);
    JPEG XL           pillow-jxl-plugin (libjxl applies the codestream's orientation; a JPEG it
                      reconstructs is decoded by Pillow and turned by its own EXIF);
    RAW               rawpy's (LibRaw's) embedded thumbnail, else the previews exiftool extracts,
                      turned by the RAW's EXIF orientation as exiftool reads it.
  and compares pictures on a 24 x 24 grid of colours (see compare()).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.join(REPO, ".build", "e2e-reference-decoders")
# Wheels for CPython 3.11 on x86_64 glibc (Debian 12's python3). Pillow 11.3 has AVIF built in.
PINS = [
    "numpy==2.2.6",
    "packaging==25.0",
    "pillow==11.3.0",
    "pillow-heif==1.1.0",
    "pillow-jxl-plugin==1.3.4",
    "rawpy==0.25.1",
]
GRID = 24
RAW_EXTENSIONS = {"dng", "cr2", "cr3", "nef", "arw", "raf", "rw2", "gpr", "orf", "pef"}


# ---- the E2E side: the environment ----------------------------------------------------------------
def venv_python(timeout=300):
    """The python of the reference decoders' virtual environment, made first if need be."""
    stamp_text = "\n".join(PINS) + "\n"
    stamp = os.path.join(VENV, "lightbox-pins.txt")
    python = os.path.join(VENV, "bin", "python")
    try:
        with open(stamp) as f:
            if f.read() == stamp_text and os.access(python, os.X_OK):
                return python
    except OSError:
        pass
    # Made beside its place and moved there whole: an interrupted install leaves no half environment.
    building = f"{VENV}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    try:
        made = subprocess.run(["/usr/bin/python3", "-m", "venv", building], capture_output=True, text=True,
                              timeout=timeout)
        if made.returncode != 0:
            raise AssertionError("/usr/bin/python3 cannot make a virtual environment (apt-get install -y "
                                 "python3-venv):\n" + made.stdout[-2000:] + made.stderr[-2000:])
        result = subprocess.run([os.path.join(building, "bin", "python"), "-m", "pip", "install", "--quiet",
                                 "--disable-pip-version-check", "--no-input", "--only-binary=:all:", *PINS],
                                capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise AssertionError("cannot install the reference decoders from PyPI:\n" + result.stderr[-3000:])
        with open(os.path.join(building, "lightbox-pins.txt"), "w") as f:
            f.write(stamp_text)
        shutil.rmtree(VENV, ignore_errors=True)
        try:
            os.rename(building, VENV)
        except OSError:  # another run made it meanwhile: theirs serves if it is for the same pins
            with open(stamp) as f:
                if f.read() != stamp_text:
                    raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
    # A venv's scripts (bin/pip) name the folder they were made in; its python, a link to the system's,
    # finds the environment from where it is, moved or not: the tests run nothing else.
    return python


# ---- the venv side: decoding ------------------------------------------------------------------------
def raw_tags(paths):
    """exiftool's previews and orientation of each RAW file, in one run: {path: tags}."""
    if not paths:
        return {}
    out = subprocess.run(["exiftool", "-j", "-b", "-n", "-JpgFromRaw", "-PreviewImage", "-OtherImage",
                          "-ThumbnailImage", "-IFD0:Orientation", *paths], capture_output=True, timeout=120).stdout
    return {entry["SourceFile"]: entry for entry in json.loads(out or b"[]")}


def orient(image, orientation):
    from PIL import Image
    ops = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
           5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
           8: Image.Transpose.ROTATE_90}
    return image.transpose(ops[orientation]) if orientation in ops else image


def blank(image):
    """A placeholder rather than a picture: ExifTool's stripped test files keep 8 x 8 blank JPEGs where
    the previews were."""
    from PIL import ImageStat
    return max(image.size) < 32 or max(ImageStat.Stat(image.convert("L")).stddev) < 1.0


def raw_reference(path, tags):
    """The RAW's largest embedded picture that is one, turned by the RAW's orientation; None if none."""
    import base64
    import io
    from PIL import Image
    candidates = []
    try:
        import rawpy
        with rawpy.imread(path) as raw:
            thumb = raw.extract_thumb()
            if thumb.format == rawpy.ThumbFormat.JPEG:
                candidates.append(("rawpy thumbnail", Image.open(io.BytesIO(thumb.data))))
            else:
                candidates.append(("rawpy thumbnail", Image.fromarray(thumb.data)))
    except Exception:  # LibRaw cannot read it, or it has no thumbnail: exiftool's previews follow
        pass
    for tag in ("JpgFromRaw", "PreviewImage", "OtherImage", "ThumbnailImage"):
        value = tags.get(tag)
        if isinstance(value, str) and value.startswith("base64:"):
            try:
                image = Image.open(io.BytesIO(base64.b64decode(value[7:])))
                image.load()
                candidates.append((f"exiftool {tag}", image))
            except Exception:  # a placeholder that is not even a JPEG
                pass
    candidates = [(how, im.convert("RGB")) for how, im in candidates if not blank(im)]
    if not candidates:
        return None, "no picture in the file (rawpy and exiftool find none that is not a placeholder)"
    how, image = max(candidates, key=lambda c: c[1].size[0] * c[1].size[1])
    orientation = int(tags.get("Orientation") or 1)
    return orient(image, orientation), f"{how} {image.size[0]}x{image.size[1]}, EXIF orientation {orientation}"


def is_raw(path):
    return path.rsplit(".", 1)[-1].lower() in RAW_EXTENSIONS


def reference(path, tags=None):
    """(the picture the right way up as a Pillow RGB image, how it was made), or (None, why)."""
    from PIL import Image, ImageOps
    extension = path.rsplit(".", 1)[-1].lower()
    if is_raw(path):
        return raw_reference(path, tags or {})
    if extension in ("heic", "heif", "hif"):
        import pillow_heif
        pillow_heif.register_heif_opener()
        image = Image.open(path)
        how = "pillow-heif (irot/imir applied)"
    elif extension == "jxl":
        import pillow_jxl  # noqa: F401  (registers the plugin)
        image = Image.open(path)
        if not getattr(image, "jpeg", False):
            # libjxl turned it by the codestream's orientation; an Exif box would say it again.
            image.load()
            return image.convert("RGB"), "pillow-jxl-plugin (libjxl, codestream orientation applied)"
        how = "pillow-jxl-plugin (JPEG reconstructed) + exif_transpose"
    else:
        image = Image.open(path)
        how = f"Pillow {image.format} + exif_transpose"
    if image.format == "JPEG":
        image.draft("RGB", (512, 512))  # a DCT-scaled decode: enough for a 24 x 24 grid, and quick
    image.load()
    return ImageOps.exif_transpose(image).convert("RGB"), how


def grey(array):
    return array[..., 0] * 0.299 + array[..., 1] * 0.587 + array[..., 2] * 0.114


def grid_of(image):
    """A GRID x GRID grid of the colour of each cell (the means of its pixels' R, G and B)."""
    import numpy as np
    from PIL import Image
    small = np.asarray(image.resize((GRID * 8, GRID * 8), Image.Resampling.BOX), dtype=np.float64)
    return small.reshape(GRID, 8, GRID, 8, 3).mean(axis=(1, 3))


# The eight ways a picture can be laid down, as EXIF numbers them: what each does to the upright one.
def transforms():
    import numpy as np
    return {
        "as is": lambda a: a,
        "mirrored (left-right)": lambda a: a[:, ::-1],
        "upside down": lambda a: a[::-1, ::-1],
        "mirrored (top-bottom)": lambda a: a[::-1, :],
        "transposed": lambda a: np.swapaxes(a, 0, 1),
        "turned a quarter clockwise": lambda a: np.rot90(a, -1),
        "transversed": lambda a: np.rot90(a, 2).swapaxes(0, 1),
        "turned a quarter anticlockwise": lambda a: np.rot90(a, 1),
    }


KEEP_SIDES = ("as is", "mirrored (left-right)", "upside down", "mirrored (top-bottom)")


def contain(size, box):
    """Where a picture of `size` is drawn in `box` (x, y, w, h), scaled to fit and centred (GtkPicture's
    "contain")."""
    x, y, w, h = box
    scale = min(w / size[0], h / size[1])
    dw, dh = size[0] * scale, size[1] * scale
    return (x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)


def shot_grid(shot, rect, masks):
    """The grid of the screenshot's pixels in rect (GRID x GRID x RGB); cells mostly under masks (the
    controls drawn over the photo) are NaN."""
    import numpy as np
    x, y, w, h = rect
    H, W = shot.shape[:2]
    xs = np.clip(np.round(x + (np.arange(GRID * 8) + 0.5) * w / (GRID * 8)).astype(int), 0, W - 1)
    ys = np.clip(np.round(y + (np.arange(GRID * 8) + 0.5) * h / (GRID * 8)).astype(int), 0, H - 1)
    sample = shot[np.ix_(ys, xs)]
    valid = np.ones(sample.shape[:2], dtype=bool)
    for mx, my, mw, mh in masks:
        valid[np.ix_((ys >= my) & (ys < my + mh), (xs >= mx) & (xs < mx + mw))] = False
    sums = np.where(valid[..., None], sample, 0).reshape(GRID, 8, GRID, 8, 3).sum(axis=(1, 3))
    counts = valid.reshape(GRID, 8, GRID, 8).sum(axis=(1, 3))[..., None]
    return np.where(counts >= 16, sums / np.maximum(counts, 1), np.nan)


def correlation(a, b):
    import numpy as np
    keep = ~(np.isnan(a) | np.isnan(b))
    a, b = a[keep], b[keep]
    if a.size < 32 or a.std() < 1e-6 or b.std() < 1e-6:
        return float("nan")
    return float(np.corrcoef(a, b)[0, 1])


def dark_shares(shot, box, rect, masks, level=96):
    """The share of dark pixels (grey below level) in rect, and in the rest of box; masked pixels
    (the controls over the photo) left out of both."""
    import numpy as np
    H, W = shot.shape[:2]
    ys, xs = np.mgrid[0:H, 0:W]
    in_box = (xs >= box[0]) & (xs < box[0] + box[2]) & (ys >= box[1]) & (ys < box[1] + box[3])
    for mx, my, mw, mh in masks:
        in_box &= ~((xs >= mx) & (xs < mx + mw) & (ys >= my) & (ys < my + mh))
    # A pixel's worth inside the rect's edges, where the picture's edge is smoothed.
    inside = (xs >= rect[0] + 2) & (xs < rect[0] + rect[2] - 2) & (ys >= rect[1] + 2) & (ys < rect[1] + rect[3] - 2)
    outside = ~((xs >= rect[0] - 2) & (xs < rect[0] + rect[2] + 2) & (ys >= rect[1] - 2) & (ys < rect[1] + rect[3] + 2))
    dark = grey(shot) < level
    share = lambda where: float(dark[where].mean()) if where.any() else float("nan")  # noqa: E731
    return share(in_box & inside), share(in_box & outside)


def compare(case, pictures):
    """case: {"file", "shot" (PNG of the X window), "offset" (where the window's (0, 0) is in it),
    "box" (the photo's widget, window coordinates), "masks" (controls over it), "reference" (PNG)}.
    What the test asserts on: each transform's correlation with the screenshot, and more."""
    import numpy as np
    from PIL import Image
    picture = pictures[case["file"]]
    shot = np.asarray(Image.open(case["shot"]).convert("RGB"), dtype=np.float64)
    ox, oy = case["offset"]
    box = [case["box"][0] + ox, case["box"][1] + oy, case["box"][2], case["box"][3]]
    masks = [(m[0] + ox - 4, m[1] + oy - 4, m[2] + 8, m[3] + 8) for m in case["masks"]]
    upright = grid_of(picture)
    scores = {}
    for name, turn in transforms().items():
        laid = turn(upright)
        size = picture.size if name in KEEP_SIDES else picture.size[::-1]
        scores[name] = correlation(shot_grid(shot, contain(size, box), masks), laid)
    rect = contain(picture.size, box)
    dark_inside, dark_outside = dark_shares(shot, box, rect, masks)
    return {"scores": scores, "reference_size": list(picture.size), "reference_spread": float(grey(upright).std()),
            "expected_rect": [round(v, 1) for v in rect], "dark_inside": dark_inside, "dark_outside": dark_outside}


def main(argv):
    command = argv[0]
    if command == "prepare":
        # prepare: only make the environment (make test does it while the build compiles).
        print(f"reference decoders: {venv_python()}")
        return
    if command == "refs":
        # refs OUT.json DIR FILE...: how each file looks upright, as PNGs in DIR (kept there, by the
        # file's hash and this script's, for the next run: decoding 7008 x 4672 HEIFs takes seconds).
        out, cache, files = argv[1], argv[2], argv[3:]
        os.makedirs(cache, exist_ok=True)
        with open(os.path.abspath(__file__), "rb") as f:
            version = hashlib.sha256(f.read() + "\n".join(PINS).encode()).hexdigest()[:16]
        result, todo = {}, []
        for path in files:
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            stem = os.path.join(cache, f"{digest[:32]}-{version}")
            try:
                with open(stem + ".json") as f:
                    result[os.path.basename(path)] = json.load(f)
            except OSError:
                todo.append((path, digest, stem))
        tags = raw_tags([path for path, _, _ in todo if is_raw(path)])
        for path, digest, stem in todo:
            try:
                image, how = reference(path, tags.get(path))
            except Exception as e:  # a decoder's refusal is an answer too
                image, how = None, f"{type(e).__name__}: {e}"
            entry = {"how": how, "size": list(image.size) if image else None, "sha256": digest}
            if image is not None:
                small = image.copy()
                small.thumbnail((384, 384))
                entry["png"] = stem + ".png"
                small.save(entry["png"])
            with open(stem + ".json", "w") as f:
                json.dump(entry, f)
            result[os.path.basename(path)] = entry
        with open(out, "w") as f:
            json.dump(result, f, indent=1)
    elif command == "compare":
        # compare CASES.json OUT.json: the screenshots against the references' PNGs.
        from PIL import Image
        with open(argv[1]) as f:
            cases = json.load(f)
        pictures = {c["file"]: Image.open(c["reference"]).convert("RGB") for c in cases}
        with open(argv[2], "w") as f:
            json.dump({c["file"]: compare(c, pictures) for c in cases}, f, indent=1)
    else:
        raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
