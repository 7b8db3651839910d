"""`make bench`'s aids part: what the decision aids of issue 41 cost at the moment of decision.

- toggles: F (focus points), H (histogram), P (peaking) and J (clipping) pressed in a photo window,
  each time from the key to the window's picture changed (Tools/Bench/floor/toggler.c, from
  outside: XTest, X Damage and the whole window compared).
- stepping: the steps of `stepping` (50 camera-size JPEGs at two a second, floor/stepper.c), as
  they are, with the focus points and the histogram shown, and with Zoom to Focus Point on (each
  step at 100 % on the photo's focus points, the photos decoded in full ahead). The photos carry a
  Canon EOS 5D Mark III's maker notes (copied by exiftool from Tests/Fixtures/real), so they have
  focus points to draw.
- survey: the sharpness and clipping of 1,000 of those photos measured as a folder's survey does
  (lightbox-bench-thumbnails --sharpness, both cores).
- sensor: a 24-megapixel RAW's sensor data read for its exposure in a decoder
  (lightbox-bench-thumbnails --sensor), synthetic uncompressed NEF, DNG and ARW files made by
  Tests/Fixtures/raw_samples.py.
"""
import json
import os
import subprocess
import time

import stepping
from harness import Home, ROOT, summary, warm_files

TOGGLER_SOURCE = os.path.join(ROOT, "Tools", "Bench", "floor", "toggler.c")
FOCUS_NOTES = os.path.join(ROOT, "Tests", "Fixtures", "real", "canon_5d3_ori8.jpg")
RAW_SAMPLES = os.path.join(ROOT, "Tests", "Fixtures", "raw_samples.py")
TOGGLES = {"f": "focus points", "h": "histogram", "p": "focus peaking", "j": "clipping"}
PRESSES = 10
SURVEY_FILES = 1000


def log(message):
    print(f"bench: {message}", flush=True)


def photos_with_focus(work):
    """`stepping`'s 50 photos, given a Canon's maker notes (its focus points)."""
    folder = stepping.make_photos(work)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-tagsFromFile", FOCUS_NOTES, "-MakerNotes", "-Make",
                    "-Model", folder], check=True, timeout=300)
    return sorted(os.path.join(folder, name) for name in os.listdir(folder))


def toggle_photo(work, first):
    """One of the photos with something for every toggle to show: a white rectangle (clipped, and
    sharp edges) and a black one (deep shadows), besides its focus points."""
    photo = os.path.join(work, "toggle.jpg")
    subprocess.run(["convert", first, "-fill", "white", "-draw", "rectangle 400,400 1400,1200", "-fill", "black",
                    "-draw", "rectangle 2600,1800 3600,2600", "-quality", "88", photo], check=True, timeout=120)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-tagsFromFile", FOCUS_NOTES, "-MakerNotes", "-Make",
                    "-Model", photo], check=True, timeout=60)
    return photo


def toggles(work, lightbox, toggler, first, runs):
    """Per key: the milliseconds from the key to the window changed, PRESSES presses a run."""
    photo = toggle_photo(work, first)
    out = {}
    for key in TOGGLES:
        latencies, missed = [], 0
        for run in range(runs):
            home = Home(work, f"home-toggles-{key}-{run}")
            viewer = subprocess.Popen([lightbox, photo], env=home.env(), stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
            try:
                window = stepping.window_id(r"^toggle$")
                time.sleep(3)  # shown, and the neighbours decoded ahead
                done = subprocess.run([toggler, window, key, str(PRESSES), "700"], capture_output=True, text=True,
                                      timeout=120)
                result = json.loads(done.stdout.strip().splitlines()[-1])
                latencies += result["latencies_ms"]
                missed += result["missed"]
            finally:
                viewer.terminate()
                viewer.wait(timeout=10)
        out[key] = dict(summary(latencies), worst=max(latencies) if latencies else None, missed=missed)
        log(f"aids: {TOGGLES[key]} ({key.upper()}): median {out[key]['median']:.1f} ms, worst {out[key]['worst']:.1f} ms, "
            f"{missed} missed")
    return out


def stepping_with(work, lightbox, stepper, first, runs, keys, label):
    """The steps of `stepping`, with `keys` pressed first (the aids turned on)."""
    latencies, missed = [], 0
    sizes = [1280, 960]
    for run in range(runs):
        home = Home(work, f"home-aids-{label}-{run}")
        got, lost = stepping.step_through(stepper, [lightbox, first], home.env(), r"^IMG_0001$",
                                          stepping.PHOTOS - 1, sizes, keys_before=keys)
        latencies += got
        missed += lost
    result = dict(summary(latencies), worst=max(latencies), missed=missed, steps=len(latencies) + missed)
    log(f"aids: stepping, {label}: median {result['median']:.1f} ms, worst {result['worst']:.1f} ms, {missed} missed")
    return result


def survey(work, thumbnailer, files, runs):
    """Milliseconds to measure SURVEY_FILES photos (the folder's 50, linked over and over)."""
    folder = os.path.join(work, "survey")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for n in range(SURVEY_FILES):
        path = os.path.join(folder, f"IMG_{n:05d}.jpg")
        if not os.path.exists(path):
            os.link(files[n % len(files)], path)
        paths.append(path)
    times = []
    for run in range(runs):
        home = Home(work, f"home-survey-{run}")
        done = subprocess.run([thumbnailer, "--sharpness"], input="\n".join(paths), capture_output=True, text=True,
                              env=home.env(), timeout=600, check=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        times.append(result["elapsed_ms"])
        log(f"aids: survey of {result['measured']} photos: {result['elapsed_ms'] / 1000:.1f} s")
    return {"files": SURVEY_FILES, "elapsed_ms": summary(times)}


def sensor(work, thumbnailer, runs):
    """Milliseconds to read a 24-megapixel RAW's sensor data for its exposure, by kind."""
    out = {}
    for kind, suffix in (("nef", "nef"), ("dng-sensor", "dng"), ("arw", "arw")):
        source = os.path.join(work, f"sensor-24mp.{suffix}")
        subprocess.run(["/usr/bin/python3", RAW_SAMPLES, kind, source, "--size", "6000x4000"], check=True, timeout=300)
        copies = []
        for n in range(4 * runs):
            copy = os.path.join(work, f"sensor-{n}.{suffix}")
            os.link(source, copy)
            copies.append(copy)
        warm_files(copies)
        home = Home(work, f"home-sensor-{suffix}")
        done = subprocess.run([thumbnailer, "--sensor"] + copies, capture_output=True, text=True, env=home.env(),
                              timeout=600, check=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        out[suffix] = {"median_ms": result["median_ms"], "failures": result["failures"], "files": len(copies)}
        log(f"aids: sensor exposure, 24 MP {suffix.upper()}: median {result['median_ms']:.0f} ms")
    return out


def aids(work, lightbox, thumbnailer, runs):
    toggler = stepping.build(work, "toggler", TOGGLER_SOURCE, ["x11", "xtst", "xdamage"])
    stepper = stepping.build(work, "stepper", stepping.STEPPER_SOURCE, ["x11", "xtst", "xdamage"])
    files = photos_with_focus(work)
    warm_files(files)
    return {
        "toggles": toggles(work, lightbox, toggler, files[0], runs),
        "stepping": {
            "plain": stepping_with(work, lightbox, stepper, files[0], runs, [], "plain"),
            "aids": stepping_with(work, lightbox, stepper, files[0], runs, ["f", "h"], "focus points and histogram"),
            "zoomed": stepping_with(work, lightbox, stepper, files[0], runs, ["z"], "Zoom to Focus Point (100 %)"),
        },
        "survey": survey(work, thumbnailer, files, runs),
        "sensor": sensor(work, thumbnailer, runs),
    }
