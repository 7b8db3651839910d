"""`make bench`'s tag parts, `search` and `keywords` (`python3 Tools/Bench/run.py --only
search,keywords`). Neither needs the photo library: each makes its own files in the run's
temporary folder. Both drive the app's own PhotoListLogic through `lightbox-bench-tags`
(Tools/Bench/Tags), release-built, on the main actor as the app does.

  search    100,000 files of a few bytes named IMG_000001.JPG…, 1,000 a folder, recorded in an
            index with metadata and tags (labels on ~15 %, 0-5 keywords from 278, titles on
            ~20 %, captions on ~10 %, accented words among them) and their real sizes and
            times, so the load reads no file. The folder loaded, "finistere maree" is typed a
            letter at a time (60 ms apart); each `await logic.filter(…searching(prefix))` is
            timed from the call to its return, when the list the grid shows is ready. Beside
            it, in the same process on a thread of its own: the floor, a plain loop of
            `contains` (Foundation's, as `Photo.matches` uses) over the same photos' search
            text prebuilt in lowercase ASCII, and the same loop comparing bytes (memchr,
            memcmp). Both loops must find as many photos as the app shows. Then a label and
            keyword filter, and back to every photo. The tool also reports the main actor's
            longest turn during each keystroke (a 1 ms heartbeat on the main actor).
  keywords  1,000 copies of a real 1024×768 camera JPEG (190 kB, EXIF by exiftool), loaded
            with PhotoListLogic over the app's RatingQueue and FileRatingWriter (each file
            edited by a sandboxed decoder, checked and swapped in, as the app does); every
            photo selected and "Places|Brittany|Finistère" added as the main window does. The
            call on the main actor is timed, then until `ratings.settled()`: files a second.
            exiftool then checks dc:subject and lr:hierarchicalSubject on a few files (the part
            fails otherwise). The peer: exiftool adding the same two tags to a fresh copy of
            the same files in one process (`-overwrite_original`), and the same followed by
            `sync` of those files, since Lightbox flushes each file before swapping it in.
"""
import json
import os
import shutil
import subprocess

from harness import Home, now_ms, summary
from measures import RELEASE

TAGS = os.path.join(RELEASE, "lightbox-bench-tags")
SEARCH_PHOTOS = 100_000
KEYWORD_FILES = 1000
KEYWORD = "Places|Brittany|Finistère"
LEAF = "Finistère"


class PartFailed(Exception):
    """A part's result was wrong (not merely slow): the bench says so and exits non-zero."""


def log(message):
    print(f"bench: {message}", flush=True)


def run_tool(arguments, env, timeout):
    done = subprocess.run([TAGS] + arguments, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise PartFailed(f"lightbox-bench-tags {arguments[0]} failed: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# MARK: search

def search(work, runs, quick):
    """One tool run: the folder made and loaded once, the query typed `runs` times (quick: once)."""
    rounds = 1 if quick else runs
    folder = os.path.join(work, "search")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    home = Home(work, "home-search")
    log(f"search: {SEARCH_PHOTOS:,} indexed photos, the query typed {rounds} time(s)")
    try:
        out = run_tool(["search", "--work", folder, "--photos", str(SEARCH_PHOTOS), "--rounds", str(rounds)],
                       home.env(), timeout=1800)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    worst = out["worst_ms"]
    log(f"search: keystroke median {out['median_ms']:.1f} ms, worst {worst:.1f} ms "
        f"(“{out['worst_keystroke']}”); contains floor median {out['floor_median_ms']:.1f} ms, "
        f"byte floor {out['bytes_floor_median_ms']:.1f} ms; label+keyword filter "
        f"{max(out['filter_ms']):.1f} ms; load {out['load_ms']:.0f} ms")
    lightbox, floor = summary(out["keystroke_ms"]), summary(out["floor_ms"])
    return {
        "photos": out["photos"], "tagged": out["tagged"], "query": out["query"], "rounds": rounds,
        "prefixes": out["prefixes"], "shown": out["shown"],
        "lightbox": lightbox, "worst": worst, "worst_keystroke": out["worst_keystroke"],
        "floor": floor, "bytes_floor": summary(out["bytes_floor_ms"]),
        "ratio": lightbox["median"] / floor["median"] if floor["median"] else None,
        "main_actor": summary(out["main_actor_ms"]),
        "filter": summary(out["filter_ms"]), "filter_text": out["filter"],
        "clear": summary(out["clear_ms"]),
        "load_ms": out["load_ms"], "index_ms": out["index_ms"], "make_ms": out["make_ms"],
    }


# MARK: keywords

def base_jpeg(folder):
    """A real camera-like JPEG: 1024×768, noisy plasma, 4:2:0, quality 88, camera EXIF."""
    path = os.path.join(folder, "base.jpg")
    subprocess.run(["convert", "-seed", "7", "-size", "800x600", "plasma:fractal", "-blur", "0x0.7",
                    "-resize", "1024x768!", "-attenuate", "0.4", "+noise", "Gaussian", "-sampling-factor",
                    "2x2", "-quality", "88", path], check=True, env=dict(os.environ, MAGICK_THREAD_LIMIT="1"))
    subprocess.run(["exiftool", "-q", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R6",
                    "-DateTimeOriginal=2024:06:01 10:00:00", "-ExposureTime=1/250", "-FNumber=5.6",
                    "-ISO=200", "-FocalLength=35", "-Orientation#=1", path], check=True)
    return path


def copies(base, folder, count):
    os.makedirs(folder)
    paths = [os.path.join(folder, f"IMG_{n:05d}.JPG") for n in range(1, count + 1)]
    for path in paths:
        shutil.copyfile(base, path)
    # Nothing left for writeback to do while a side is timed.
    subprocess.run(["sync"], check=True)
    return paths


def check_keyword(paths, who):
    """exiftool reads dc:subject and lr:hierarchicalSubject back from a few of the files."""
    picked = sorted({paths[0], paths[len(paths) // 3], paths[len(paths) // 2], paths[2 * len(paths) // 3],
                     paths[-1]})
    done = subprocess.run(["exiftool", "-j", "-XMP-dc:Subject", "-XMP-lr:HierarchicalSubject"] + picked,
                          capture_output=True, text=True, check=True)
    for entry in json.loads(done.stdout):
        subject, hierarchy = entry.get("Subject"), entry.get("HierarchicalSubject")
        if subject != LEAF and not (isinstance(subject, list) and LEAF in subject):
            raise PartFailed(f"keywords: {who} left {entry['SourceFile']} with XMP-dc:Subject {subject!r}")
        if hierarchy != KEYWORD and not (isinstance(hierarchy, list) and KEYWORD in hierarchy):
            raise PartFailed(f"keywords: {who} left {entry['SourceFile']} with lr:hierarchicalSubject {hierarchy!r}")
    return len(picked)


def keywords(work, runs, quick):
    """Per run, alternately: Lightbox over one fresh copy of the files, exiftool over another."""
    runs = 1 if quick else runs
    root = os.path.join(work, "keywords")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    base = base_jpeg(root)
    size = os.path.getsize(base)
    log(f"keywords: {KEYWORD_FILES} copies of a {size / 1000:.0f} kB JPEG, {runs} run(s)")
    out = {k: [] for k in ("lightbox", "call_ms", "settled_ms", "main_actor_gap_ms", "load_ms",
                           "exiftool", "exiftool_synced", "ratio")}
    for i in range(runs):
        run = os.path.join(root, f"run-{i + 1}")
        home = Home(work, "home-keywords")
        paths = copies(base, os.path.join(run, "lightbox"), KEYWORD_FILES)
        lb = run_tool(["keywords", "--folder", os.path.dirname(paths[0]),
                       "--index", os.path.join(run, "library.sqlite")], home.env(), timeout=1800)
        if lb["written"] != KEYWORD_FILES:
            raise PartFailed(f"keywords: Lightbox wrote {lb['written']} of {KEYWORD_FILES} files")
        checked = check_keyword(paths, "Lightbox")
        for key in ("call_ms", "settled_ms", "load_ms"):
            out[key].append(lb[key])
        out["main_actor_gap_ms"].append(lb["longest_main_actor_gap_ms"])
        out["lightbox"].append(lb["per_second"])

        peer = copies(base, os.path.join(run, "exiftool"), KEYWORD_FILES)
        start = now_ms()
        subprocess.run(["exiftool", "-q", "-q", "-overwrite_original", f"-XMP-dc:Subject+={LEAF}",
                        f"-XMP-lr:HierarchicalSubject+={KEYWORD}", os.path.dirname(peer[0])], check=True)
        written = now_ms() - start
        subprocess.run(["sync"] + peer, check=True)
        synced = now_ms() - start
        check_keyword(peer, "exiftool")
        out["exiftool"].append(len(peer) / written * 1000)
        out["exiftool_synced"].append(len(peer) / synced * 1000)
        out["ratio"].append(out["lightbox"][-1] / out["exiftool"][-1])
        shutil.rmtree(run, ignore_errors=True)
        log(f"keywords run {i + 1}/{runs}: call {lb['call_ms']:.1f} ms on the main actor, "
            f"{lb['per_second']:.1f} files/s written ({lb['settled_ms']:.0f} ms), longest main-actor gap "
            f"{lb['longest_main_actor_gap_ms']:.1f} ms; exiftool {out['exiftool'][-1]:.1f} files/s "
            f"({out['exiftool_synced'][-1]:.1f} with sync); {checked} files checked with exiftool")
    shutil.rmtree(root, ignore_errors=True)
    result = {k: summary(v) for k, v in out.items()}
    result["files"] = KEYWORD_FILES
    result["jpeg_bytes"] = size
    result["keyword"] = KEYWORD
    return result
