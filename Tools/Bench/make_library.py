#!/usr/bin/env python3
"""Creates the benchmark photo library under Tools/Bench/library/, once.

    python3 Tools/Bench/make_library.py [--root Tools/Bench/library] [--jobs 2]

  bases/        200 distinct camera-size JPEGs (4000x3000, ImageMagick plasma
                and gradients with sensor-like noise, 4:2:0, 2.5-4.5 MB) with
                camera EXIF written by exiftool, including the 160x120 copy of
                the picture cameras embed (IFD1); 40 small ones (480x360).
  photos-10k/   10,000 real copies of the bases, YYYY/YYYY-MM-DD/IMG_NNNNN.JPG;
                every copy gets its own EXIF date (patched in place), so no
                two files are byte-identical and each has its own inode/mtime.
  photos-100k/  100,000 copies of the small bases, dNN/sN/IMG_NNNNNN.jpg.
  photos-flat/  10,000 copies of the camera bases in one folder, DSC_NNNNN.JPG,
                as a camera card copied by a file manager: written in name
                order (so modification times rise with the names, a second
                apart or less) with rising EXIF dates (the first-screen part).
  raw-24mp/     the RAW part (Tools/Bench/raw.py), its own recipe (RAW_RECIPE):
                previews/ 20 distinct 6000x4000 photo-like JPEGs (2-4.5 MB,
                as a camera's full-size preview); raw/ 150 camera RAW files,
                IMG_NNNNN.{NEF,ARW,CR2,ORF,DNG} in turn, each a 6000x4000
                sensor with one of those JPEGs as its full-size embedded
                preview (Tests/Fixtures/raw_samples.py --preview-jpeg; 7.5-51
                MB, 41 MB on average), EXIF dates rising with the names;
                jpeg/ IMG_NNNNN.JPG, file N the very JPEG RAW file N embeds.
  raw-pairs/    the pairs part (Tools/Bench/pairs.py), its own recipe
                (PAIRS_RECIPE): 1,000 RAW+JPEG pairs in one folder, as a card
                copied whole: DSC_NNNN.{NEF,ARW,CR2,ORF,DNG} (the kinds in
                turn) and DSC_NNNN.JPG, each pair written together in name
                order. The RAW is a 1500x1000 sensor (PAIRS_SENSOR) with a
                JPEG of the same size as its embedded preview; the JPEG of
                the pair is that same picture with camera EXIF and its
                160x120 EXIF thumbnail; both carry the same rising date.

Each part is skipped when its completion stamp names the current RECIPE
(delete the folder to rebuild). About 34 GB in all; about 10-15 minutes on 2 cores, mostly disk.
"""
import argparse
import concurrent.futures
import datetime
import fcntl
import os
import shutil
import subprocess
import sys
import time

MARKER = b"2000:01:01 00:00:00"
CAMERAS = [("Canon", "Canon EOS R6"), ("NIKON CORPORATION", "NIKON Z 6_2"),
           ("SONY", "ILCE-7M3"), ("FUJIFILM", "X-T4"), ("OLYMPUS CORPORATION", "E-M10MarkIV")]
COLOURS = ["navy-gold", "darkgreen-khaki", "maroon-skyblue", "black-orange",
           "steelblue-wheat", "purple-lightyellow", "sienna-lightblue", "teal-salmon"]
CONVERT = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else "convert"
# Copies made by an older recipe are made again: 2 added the bases' EXIF
# thumbnails.
RECIPE = 2
# The RAW part's own recipe (raw-24mp/): 2 varies the previews' quality
# within each kind (1 gave each kind its own quality).
RAW_RECIPE = 2
RAW_FOLDER = "raw-24mp"
# (raw_samples.py kind, extension), in turn in name order.
RAW_KINDS = (("nef", "NEF"), ("arw", "ARW"), ("cr2", "CR2"), ("orf", "ORF"), ("dng-preview", "DNG"))
RAW_SENSOR = "6000x4000"
# The pairs part's own recipe (raw-pairs/), folder and sensor size. 1500x1000 keeps 1,000
# pairs at 2.8 GB (a RAW of 0.5-3.3 MB, its uncompressed sensor data the most of it; a JPEG of
# about 0.2 MB): a camera's 25 MB RAW and 8 MB JPEG would make 33 GB, made and evicted again for
# a first screen that shows a few dozen of them.
PAIRS_RECIPE = 1
PAIRS_FOLDER = "raw-pairs"
PAIRS_SENSOR = "1500x1000"
# This file is in Tools/Bench/: the repository's root is two folders up (the fixtures stayed in Tests/
# when bench/ moved into Tools/, and one level up found no raw_samples.py).
RAW_SAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                           "Tests", "Fixtures", "raw_samples.py")


def log(message):
    print(f"make_library: {message}", flush=True)


def base_command(index, out, small):
    """One distinct image: a fractal landscape-ish field, noise like a sensor."""
    size = "480x360" if small else "4000x3000"
    source = "plasma:fractal" if index % 3 == 0 else f"plasma:{COLOURS[index % len(COLOURS)]}"
    noise = 0.36 + 0.04 * (index % 6)  # file size varies with the noise
    quality = 86 + index % 6
    command = [CONVERT, "-seed", str(1000 + index), "-size", "800x600", source]
    if index % 4 == 1:  # some with a sky-like gradient laid over
        command += ["(", "-size", "800x600", "gradient:white-none", ")", "-compose", "over", "-composite"]
    command += ["-blur", "0x0.7", "-resize", size + "!", "-attenuate", f"{noise:.2f}",
                "+noise", "Gaussian", "-sampling-factor", "2x2", "-quality", str(quality), out]
    return command


def exif_args(index, path):
    make, model = CAMERAS[index % len(CAMERAS)]
    exposures = ["1/60", "1/125", "1/250", "1/500", "1/1000", "1/30"]
    return [f"-Make={make}", f"-Model={model}",
            f"-DateTimeOriginal={MARKER.decode()}", f"-CreateDate={MARKER.decode()}",
            f"-ModifyDate={MARKER.decode()}",
            f"-ExposureTime={exposures[index % len(exposures)]}",
            f"-FNumber={[1.8, 2.8, 4, 5.6, 8][index % 5]}", f"-ISO={[100, 200, 400, 800, 3200][index % 5]}",
            f"-FocalLength={[24, 35, 50, 85, 135][index % 5]}",
            f"-Orientation#={6 if index % 10 == 7 else 1}", "-Software=bench", "-overwrite_original",
            path, "-execute"]


def make_bases(folder, count, small, jobs):
    os.makedirs(folder, exist_ok=True)
    paths = [os.path.join(folder, f"base{'-small' if small else ''}-{i:03d}.jpg") for i in range(count)]
    todo = [i for i, p in enumerate(paths) if not os.path.exists(p)]
    env = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_NUM_THREADS="1")

    def one(i):
        temporary = paths[i] + ".tmp.jpg"
        subprocess.run(base_command(i, temporary, small), check=True, env=env)
        return i, temporary

    made = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for n, (i, temporary) in enumerate(pool.map(one, todo), 1):
            made.append((i, temporary))
            if n % 20 == 0:
                log(f"  {n}/{len(todo)} {'small' if small else 'camera'} bases")
    if made:
        argfile = os.path.join(folder, "exif.args")
        with open(argfile, "w") as out:
            for i, temporary in made:
                out.write("\n".join(exif_args(i, temporary)) + "\n")
        subprocess.run(["exiftool", "-q", "-q", "-@", argfile], check=True)
        os.unlink(argfile)
        for i, temporary in made:
            os.rename(temporary, paths[i])
    if not small:
        embed_thumbnails(folder, paths, jobs, env)
    blobs = []
    for p in paths:
        with open(p, "rb") as f:
            data = f.read()
        if MARKER not in data[:65536]:
            sys.exit(f"make_library: {p} lacks the EXIF date marker")
        blobs.append(data)
    return blobs


def embed_thumbnails(folder, paths, jobs, env):
    """The 160x120 copy of the picture a camera writes into EXIF (IFD1),
    into each base that lacks one (bases made before recipe 2 included)."""
    listing = subprocess.run(["exiftool", "-q", "-q", "-T", "-FileName", "-ThumbnailLength"] + paths,
                             check=True, capture_output=True, text=True).stdout
    lacking = {line.split("\t")[0] for line in listing.splitlines() if line.split("\t")[-1] in ("-", "")}
    todo = [p for p in paths if os.path.basename(p) in lacking]
    if not todo:
        return

    def one(path):
        thumbnail = path + ".thumb.jpg"
        subprocess.run([CONVERT, path, "-thumbnail", "160x120", "-quality", "80", thumbnail], check=True, env=env)
        return thumbnail

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        thumbnails = list(pool.map(one, todo))
    argfile = os.path.join(folder, "thumbnails.args")
    with open(argfile, "w") as out:
        for path, thumbnail in zip(todo, thumbnails):
            out.write(f"-ThumbnailImage<={thumbnail}\n-overwrite_original\n{path}\n-execute\n")
    subprocess.run(["exiftool", "-q", "-q", "-@", argfile], check=True)
    os.unlink(argfile)
    for thumbnail in thumbnails:
        os.unlink(thumbnail)
    log(f"  EXIF thumbnails embedded in {len(todo)} bases")


def copy_tree(folder, blobs, layout, count):
    """Writes `count` copies; `layout(k)` gives the relative path of copy k."""
    stamp = os.path.join(folder, ".complete")
    if os.path.exists(stamp):
        with open(stamp) as made:
            if f"recipe {RECIPE}" in made.read():
                log(f"{folder}: present")
                return
        log(f"{folder}: made by an older recipe; making it again")
        shutil.rmtree(folder)
    start = time.monotonic()
    moment = datetime.datetime(2014, 3, 1, 9, 0, 0)
    made_dirs = set()
    total = 0
    for k in range(count):
        relative, moment = layout(k, moment)
        data = blobs[(k * 7919) % len(blobs)]
        write_copy(os.path.join(folder, relative), data, moment, made_dirs)
        total += len(data)
        if (k + 1) % max(1, count // 10) == 0:
            log(f"  {folder}: {k + 1}/{count} files, {total / 1e9:.1f} GB, {time.monotonic() - start:.0f} s")
    with open(stamp, "w") as out:
        out.write(f"{count} files, {total} bytes, recipe {RECIPE}\n")


def write_copy(path, data, moment, made_dirs):
    """A base's copy at `path`, its EXIF dates made `moment` in place; `made_dirs` remembers the
    folders made."""
    parent = os.path.dirname(path)
    if parent not in made_dirs:
        os.makedirs(parent, exist_ok=True)
        made_dirs.add(parent)
    head = data[:65536].replace(MARKER, moment.strftime("%Y:%m:%d %H:%M:%S").encode())
    with open(path, "wb") as out:
        out.write(head)
        out.write(data[65536:])


def camera_layout(k, moment):
    # About 80 photos a day on shooting days 2-9 days apart: YYYY/YYYY-MM-DD/
    if k % 80 == 0 and k:
        moment = moment.replace(hour=9, minute=0, second=0) + datetime.timedelta(days=2 + k % 8)
    moment += datetime.timedelta(seconds=37)
    return f"{moment:%Y}/{moment:%Y-%m-%d}/IMG_{k:05d}.JPG", moment


def flat_layout(k, moment):
    # One folder, as a card's DCIM/100XXXXX copied whole.
    moment += datetime.timedelta(seconds=37 if k % 80 else 3600 * 20)
    return f"DSC_{k + 1:05d}.JPG", moment


def small_layout(k, moment):
    moment += datetime.timedelta(seconds=53)
    return f"d{k // 1000:03d}/s{k // 100 % 10}/IMG_{k:06d}.jpg", moment


def raw_preview_command(index, out, size=RAW_SENSOR, seed=2000):
    """A camera's full-size preview: the bases' plasma fields at `size` (6000x4000; the pairs' 1500x1000),
    sensor-like noise, quality 85-88 (2.3-4.5 MB). Preview i goes into the
    RAW files of kind i mod 5: its noise, colours and quality vary within
    each kind, so that every kind embeds the same mix."""
    source = "plasma:fractal" if index % 3 == 0 else f"plasma:{COLOURS[index % len(COLOURS)]}"
    command = [CONVERT, "-seed", str(seed + index), "-size", "900x600", source]
    if index % 4 == 1:
        command += ["(", "-size", "900x600", "gradient:white-none", ")", "-compose", "over", "-composite"]
    command += ["-blur", "0x0.7", "-resize", size + "!", "-attenuate", f"{0.22 + 0.03 * (index % 4):.2f}",
                "+noise", "Gaussian", "-sampling-factor", "2x2", "-quality", str(85 + index // 5 % 4), out]
    return command


def make_raw(root, count, jobs, distinct=20):
    """raw-24mp/: `count` RAW files of the kinds in turn, each embedding one
    of `distinct` full-size previews, and the same previews as JPEG files.
    RAW file k is a copy of base (k mod distinct) with its own EXIF dates."""
    folder = os.path.join(root, RAW_FOLDER)
    stamp = os.path.join(folder, ".complete")
    if os.path.exists(stamp):
        with open(stamp) as made:
            if f"recipe {RAW_RECIPE}," in made.read():
                log(f"{folder}: present")
                return
        log(f"{folder}: made by an older recipe; making it again")
        shutil.rmtree(folder)
    start = time.monotonic()
    previews = os.path.join(folder, "previews")
    os.makedirs(previews, exist_ok=True)
    env = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_NUM_THREADS="1")
    preview_paths = [os.path.join(previews, f"preview-{i:02d}.jpg") for i in range(distinct)]

    def preview(i):
        if not os.path.exists(preview_paths[i]):
            subprocess.run(raw_preview_command(i, preview_paths[i] + ".tmp.jpg"), check=True, env=env)
            os.rename(preview_paths[i] + ".tmp.jpg", preview_paths[i])

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(preview, range(distinct)))
    log(f"  {distinct} previews, {sum(map(os.path.getsize, preview_paths)) / distinct / 1e6:.2f} MB average "
        f"({time.monotonic() - start:.0f} s)")
    bases = os.path.join(folder, "bases")
    os.makedirs(bases, exist_ok=True)

    def base(i):
        kind, extension = RAW_KINDS[i % len(RAW_KINDS)]
        path = os.path.join(bases, f"base-{i:02d}.{extension}")
        if not os.path.exists(path):
            subprocess.run([sys.executable, RAW_SAMPLES, kind, path, "--size", RAW_SENSOR,
                            "--preview-jpeg", preview_paths[i]], check=True)
        return path

    # distinct is a multiple of the kinds' count, so base k mod distinct has copy k's kind.
    assert distinct % len(RAW_KINDS) == 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        base_paths = list(pool.map(base, range(distinct)))
    log(f"  {distinct} RAW bases ({time.monotonic() - start:.0f} s)")
    date = b"2024:05:01 12:00:00"  # raw_samples.DATE, in every base's IFDs (before the pictures)
    moment = datetime.datetime(2024, 5, 1, 9, 0, 0)
    total = 0
    for sub in ("raw", "jpeg"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    for k in range(count):
        moment += datetime.timedelta(seconds=41)
        with open(base_paths[k % distinct], "rb") as f:
            data = f.read()
        head = data[:65536]
        if date not in head:
            sys.exit(f"make_library: {base_paths[k % distinct]} lacks its date in the first 64 KB")
        head = head.replace(date, moment.strftime("%Y:%m:%d %H:%M:%S").encode())
        extension = RAW_KINDS[k % len(RAW_KINDS)][1]
        with open(os.path.join(folder, "raw", f"IMG_{k + 1:05d}.{extension}"), "wb") as out:
            out.write(head)
            out.write(data[65536:])
        total += len(data)
        shutil.copyfile(preview_paths[k % distinct], os.path.join(folder, "jpeg", f"IMG_{k + 1:05d}.JPG"))
    shutil.rmtree(bases)
    os.sync()  # written back: the bench evicts these files from the page cache, which needs them clean
    with open(stamp, "w") as out:
        out.write(f"{count} RAW files, {total} bytes, recipe {RAW_RECIPE}, {distinct} previews\n")
    log(f"{folder}: {count} RAW files, {total / count / 1e6:.1f} MB average ({time.monotonic() - start:.0f} s)")


def pair_exif_args(index, path):
    """A camera JPEG's EXIF: the same camera as the RAW it pairs with (raw_samples.py's kinds'
    makers), the date to be patched per copy, no rotation (the RAW's preview is not turned)."""
    make, model = {"NEF": ("NIKON CORPORATION", "NIKON D750"), "ARW": ("SONY", "ILCE-7M3"),
                   "CR2": ("Canon", "Canon EOS 5D Mark III"), "ORF": ("OLYMPUS IMAGING CORP.", "E-M10"),
                   "DNG": ("Lightbox", "Synthetic DNG")}[RAW_KINDS[index % len(RAW_KINDS)][1]]
    return [f"-Make={make}", f"-Model={model}", f"-DateTimeOriginal={MARKER.decode()}",
            f"-CreateDate={MARKER.decode()}", f"-ModifyDate={MARKER.decode()}", "-Orientation#=1",
            "-Software=bench", "-overwrite_original", path, "-execute"]


def make_pairs(root, count, jobs, distinct=20):
    """raw-pairs/: `count` RAW+JPEG pairs in one folder. Pair k is made of base k mod `distinct`
    (a RAW of the kind k mod 5 and its JPEG), each with its own dates: the RAW's in its IFDs
    (raw_samples.DATE), the JPEG's in its EXIF (MARKER), both in the files' first 64 KB."""
    folder = os.path.join(root, PAIRS_FOLDER)
    stamp = os.path.join(folder, ".complete")
    if os.path.exists(stamp):
        with open(stamp) as made:
            if f"recipe {PAIRS_RECIPE}," in made.read():
                log(f"{folder}: present")
                return
        log(f"{folder}: made by an older recipe; making it again")
        shutil.rmtree(folder)
    start = time.monotonic()
    # The bases live beside the folder, not in it: the folder holds the pairs alone.
    bases = os.path.join(root, PAIRS_FOLDER + "-bases")
    os.makedirs(bases, exist_ok=True)
    env = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_NUM_THREADS="1")
    previews = [os.path.join(bases, f"preview-{i:02d}.jpg") for i in range(distinct)]
    jpegs = [os.path.join(bases, f"base-{i:02d}.jpg") for i in range(distinct)]

    def preview(i):
        if not os.path.exists(previews[i]):
            subprocess.run(raw_preview_command(i, previews[i] + ".tmp.jpg", PAIRS_SENSOR, seed=3000),
                           check=True, env=env)
            os.rename(previews[i] + ".tmp.jpg", previews[i])
        # The pair's JPEG: the preview's picture, then camera EXIF below.
        shutil.copyfile(previews[i], jpegs[i])

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(preview, range(distinct)))
    argfile = os.path.join(bases, "exif.args")
    with open(argfile, "w") as out:
        for i, path in enumerate(jpegs):
            out.write("\n".join(pair_exif_args(i, path)) + "\n")
    subprocess.run(["exiftool", "-q", "-q", "-@", argfile], check=True)
    os.unlink(argfile)
    embed_thumbnails(bases, jpegs, jobs, env)
    assert distinct % len(RAW_KINDS) == 0  # base k mod distinct has pair k's kind

    def raw_base(i):
        kind, extension = RAW_KINDS[i % len(RAW_KINDS)]
        path = os.path.join(bases, f"base-{i:02d}.{extension}")
        if not os.path.exists(path):
            subprocess.run([sys.executable, RAW_SAMPLES, kind, path + ".tmp", "--size", PAIRS_SENSOR,
                            "--preview-jpeg", previews[i]], check=True)
            os.rename(path + ".tmp", path)
        return path

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        raws = list(pool.map(raw_base, range(distinct)))
    log(f"  {distinct} pair bases ({time.monotonic() - start:.0f} s)")
    blobs = []
    for raw_path, jpeg_path in zip(raws, jpegs):
        with open(raw_path, "rb") as f:
            raw_data = f.read()
        with open(jpeg_path, "rb") as f:
            jpeg_data = f.read()
        if b"2024:05:01 12:00:00" not in raw_data[:65536] or MARKER not in jpeg_data[:65536]:
            sys.exit(f"make_library: {raw_path} or {jpeg_path} lacks its date in the first 64 KB")
        blobs.append((raw_data, jpeg_data))
    os.makedirs(folder, exist_ok=True)
    moment = datetime.datetime(2024, 6, 1, 9, 0, 0)
    total = 0
    for k in range(count):
        # About a shot every 30 s, in bursts: the camera's clock rises with the names.
        moment += datetime.timedelta(seconds=7 if k % 10 else 95)
        date = moment.strftime("%Y:%m:%d %H:%M:%S").encode()
        raw_data, jpeg_data = blobs[k % distinct]
        extension = RAW_KINDS[k % len(RAW_KINDS)][1]
        # The RAW first, then its JPEG, as a camera writing both (and a file manager copying a
        # card in name order) leaves them: modification times rise with the names.
        for name, data, old in ((f"DSC_{k + 1:04d}.{extension}", raw_data, b"2024:05:01 12:00:00"),
                                (f"DSC_{k + 1:04d}.JPG", jpeg_data, MARKER)):
            with open(os.path.join(folder, name), "wb") as out:
                out.write(data[:65536].replace(old, date))
                out.write(data[65536:])
            total += len(data)
    shutil.rmtree(bases)
    os.sync()  # written back: the bench evicts these files from the page cache, which needs them clean
    with open(stamp, "w") as out:
        out.write(f"{count} pairs, {total} bytes, recipe {PAIRS_RECIPE}, {distinct} bases\n")
    log(f"{folder}: {count} pairs, {total / count / 1e6:.1f} MB a pair ({time.monotonic() - start:.0f} s)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--root", default=os.path.join(here, "library"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--bases", type=int, default=200)
    parser.add_argument("--photos", type=int, default=10_000)
    parser.add_argument("--small", type=int, default=100_000)
    parser.add_argument("--raw", type=int, default=150, help="RAW files in raw-24mp/")
    parser.add_argument("--pairs", type=int, default=1000, help="RAW+JPEG pairs in raw-pairs/")
    parser.add_argument("--parts", default="10k,100k,flat", help="comma-separated: 10k, 100k, flat, raw, pairs")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    start = time.monotonic()
    root = args.root
    os.makedirs(root, exist_ok=True)
    lock = open(os.path.join(root, ".lock"), "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        log("another make_library.py is creating the library; waiting for it")
        fcntl.flock(lock, fcntl.LOCK_EX)
    log(f"library in {root}")
    if "raw" in parts:
        make_raw(root, args.raw, args.jobs)
        parts.discard("raw")
    if "pairs" in parts:
        make_pairs(root, args.pairs, args.jobs)
        parts.discard("pairs")
    if not parts:
        return
    big = make_bases(os.path.join(root, "bases"), args.bases, False, args.jobs)
    log(f"camera bases: {len(big)}, {sum(map(len, big)) / len(big) / 1e6:.2f} MB average "
        f"({time.monotonic() - start:.0f} s)")
    if "10k" in parts:
        copy_tree(os.path.join(root, "photos-10k"), big, camera_layout, args.photos)
    if "flat" in parts:
        copy_tree(os.path.join(root, "photos-flat"), big, flat_layout, args.photos)
    big = None
    if "100k" in parts:
        small = make_bases(os.path.join(root, "bases"), 40, True, args.jobs)
        copy_tree(os.path.join(root, "photos-100k"), small, small_layout, args.small)
    elapsed = time.monotonic() - start
    log(f"done in {elapsed:.0f} s")
    with open(os.path.join(root, "generation.txt"), "a") as out:
        out.write(f"{datetime.datetime.now():%Y-%m-%d %H:%M} {elapsed:.0f} s on {os.cpu_count()} cores\n")


if __name__ == "__main__":
    main()
