"""`make bench`'s pairs part (`python3 Tools/Bench/run.py --only pairs`): the first screen of a cold
folder of 1,000 RAW+JPEG pairs, recorded from outside as the first-screen part does
(Tools/Bench/firstscreen.py), Lightbox beside gThumb and Geeqie.

The folder (Tools/Bench/library/raw-pairs/, made once by make_library.py --parts pairs): DSC_NNNN.NEF,
ARW, CR2, ORF or DNG (the kinds in turn) and DSC_NNNN.JPG, each RAW a 1500x1000 sensor whose
embedded preview is the picture its JPEG holds, both with the same rising EXIF date, written in
name order as a card copied whole.

Cold means both, as in the raw part: a fresh HOME for each run (no index, no thumbnails in
XDG_CACHE_HOME), and every file of the folder evicted from the page cache before each app
(raw.evict: posix_fadvise(DONTNEED) of these files alone).

Lightbox runs at its standard thumbnail size (8 cells on this window's first screen) and at its
smallest ("lightbox-small", as firstscreen.py runs it): about as many shots as Geeqie's first
screen shows. Lightbox shows a pair as one photo: it must report 1,000 photos at load-finished. Each app must
show photos: a run in which the recording never saw one fails the part (nothing was measured).
"""
import os
import shutil

import firstscreen
import raw
from harness import summary
from make_library import PAIRS_FOLDER
from tags import PartFailed

SCREEN_LIMIT_S = 60            # gThumb makes 2,000 thumbnails' worth of work visible for seconds
NAMES = {"lightbox": "Lightbox", "lightbox-small": "Lightbox (smallest size)", "gthumb": "gThumb",
         "geeqie": "Geeqie"}


def log(message):
    print(f"bench: {message}", flush=True)


def pairs_part(work, lightbox, library, runs):
    folder = os.path.join(library, PAIRS_FOLDER)
    files = [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if not name.startswith(".")]
    pairs = sum(1 for path in files if path.endswith(".JPG"))
    if shutil.which("ffmpeg") is None:
        log("pairs: ffmpeg is missing (scripts/install-deps.sh --bench installs it)")
        return None
    apps = ["lightbox", "lightbox-small"] + (["gthumb"] if shutil.which("gthumb") else [])
    rc = raw.geeqie_rc(work) if shutil.which("geeqie") else None
    if rc:
        apps.append("geeqie")
    else:
        log("pairs: Geeqie is " + ("missing (apt-get install geeqie)" if not shutil.which("geeqie")
                                   else "not drivable here (no settings file written)"))
    log(f"pairs: {pairs} RAW+JPEG pairs ({len(files)} files, {sum(map(os.path.getsize, files)) / 1e9:.1f} GB), "
        f"{runs} runs each of {', '.join(apps)} in turn, page cache evicted and thumbnails cold before each")
    results = {app: [] for app in apps}
    for index in range(runs):
        for app in apps:
            raw.evict(files)
            run = firstscreen.one_run(work, app, lightbox, folder, index, limit_s=SCREEN_LIMIT_S, geeqie_rc=rc)
            log(f"  {app} {index + 1}: first photo {run['first_photo_ms']} ms, settled {run['settled_ms']} ms, "
                f"{run['changes']} changes" + (f", app says final at {run['reported_final_ms']:.0f} ms, "
                                                 f"{run['photos']} photos" if run["reported_final_ms"] is not None
                                                 else ""))
            if run["first_photo_ms"] is None or run["settled_ms"] is None:
                raise PartFailed(f"pairs: the recording never saw {NAMES[app]} show a photo "
                                 f"({run['frames']} frames): nothing was measured")
            if app.startswith("lightbox") and run["photos"] != pairs:
                raise PartFailed(f"pairs: Lightbox listed {run['photos']} photos, not the {pairs} pairs")
            results[app].append(run)
    out = {"pairs": pairs, "files": len(files), "bytes": sum(map(os.path.getsize, files))}
    for app, app_runs in results.items():
        out[app] = {key: summary([run[key] for run in app_runs])
                    for key in ("first_photo_ms", "settled_ms", "changes", "reported_final_ms")}
        out[app]["runs"] = app_runs
    return out
