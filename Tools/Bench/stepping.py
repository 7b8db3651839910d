"""`make bench`'s stepping measurement: key press to the next photo on the
screen, in Lightbox's photo window, in Eye of GNOME, and in a floor (a GTK 4
program swapping two ready textures, Tools/Bench/floor/flip.c), stepping through
the same 50 camera-size photos at two steps a second. All are timed from
outside by Tools/Bench/floor/stepper.c (XTest for the key, X Damage and the
window's pixels for the photo), so none is instrumented.

`raw_stepping` (the `rawstepping` part) times the same steps through camera RAW files with
full-size embedded previews (the raw-24mp folder's first RAW_STEPS files, NEF, ARW, CR2, ORF and
DNG in turn), in Lightbox and in Geeqie, and through the very JPEGs those files embed, so a
RAW's cost shows beside the same picture as a JPEG."""
import json
import os
import re
import shutil
import subprocess
import time

import raw
from harness import Home, ROOT, summary, warm_files
from make_library import RAW_FOLDER
from tags import PartFailed

STEPPER_SOURCE = os.path.join(ROOT, "Tools", "Bench", "floor", "stepper.c")
FLIP_SOURCE = os.path.join(ROOT, "Tools", "Bench", "floor", "flip.c")
PHOTOS = 50


def log(message):
    print(f"bench: {message}", flush=True)


def build(work, name, source, packages):
    binary = os.path.join(work, name)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs"] + packages, check=True,
                           capture_output=True, text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", binary, source] + flags, check=True)
    return binary


def decoded_size(window):
    """The size Lightbox decodes a 4000×3000 photo to: fitted to its photo window's picture area
    (the window's size less its 46 px header bar)."""
    geometry = subprocess.run(["xdotool", "getwindowgeometry", window], capture_output=True, text=True,
                              check=True).stdout
    width, height = (int(v) for v in geometry.split("Geometry:")[1].split()[0].split("x"))
    height -= 46
    scale = min(width / 4000, height / 3000)
    return int(4000 * scale), int(3000 * scale)


def make_photos(work):
    """50 camera-size JPEGs (4000×3000, noisy plasma, about 5 MB): five different pictures in
    turn, so every step changes what is on screen."""
    folder = os.path.join(work, "steps")
    os.makedirs(folder, exist_ok=True)
    bases = []
    for i in range(5):
        base = os.path.join(work, f"step-base-{i}.jpg")
        bases.append(subprocess.Popen(["convert", "-size", "4000x3000", "plasma:fractal", "-blur", "0x1",
                                       "-attenuate", "0.4", "+noise", "Gaussian", "-sampling-factor", "4:2:0",
                                       "-quality", "88", base]))
    for process in bases:
        process.wait()
    for n in range(1, PHOTOS + 1):
        shutil.copyfile(os.path.join(work, f"step-base-{n % 5}.jpg"), os.path.join(folder, f"IMG_{n:04d}.jpg"))
    return folder


def window_id(name_pattern, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name_pattern],
                               capture_output=True, text=True).stdout.split()
        if found:
            return found[-1]
        time.sleep(0.1)
    raise RuntimeError(f"no window named like {name_pattern!r}")


def step_through(stepper, command, env, title_pattern, steps, sizes, key="Right", seen=None, keys_before=()):
    """Starts a viewer on the first photo, lets it settle, steps `steps` times at 2 a second.
    The floor (no photo to open) is given the size Lightbox's window decoded to (`sizes`).
    `seen`, when given, gets the window's size and its title after the last step. `keys_before`
    are pressed once it has settled (the aids part turns aids on with them)."""
    if command[-1].endswith("flip"):
        command = command + [str(v) for v in sizes]
    viewer = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = window_id(title_pattern)
        if title_pattern == r"^IMG_0001$":
            sizes[:] = decoded_size(window)
        time.sleep(3)  # the first photo decoded, and whatever the viewer reads ahead
        if keys_before:
            # With no window manager, keys go to the window under the pointer.
            subprocess.run(["xdotool", "mousemove", "--window", window, "200", "200"], check=True)
            for key_before in keys_before:
                subprocess.run(["xdotool", "key", "--window", window, key_before], check=True)
            time.sleep(3)  # what the keys turned on is on screen, and what it reads ahead read
        out = subprocess.run([stepper, window, str(steps), "500", key], capture_output=True, text=True,
                             timeout=120)
        line = out.stdout.strip().splitlines()[-1]
        result = json.loads(line)  # {"latencies_ms": [...], "missed": n}
        if seen is not None:
            seen["title"] = subprocess.run(["xdotool", "getwindowname", window], capture_output=True,
                                           text=True).stdout.strip()
            seen["geometry"] = subprocess.run(["xdotool", "getwindowgeometry", window], capture_output=True,
                                              text=True).stdout.split("Geometry:")[-1].strip()
        return result["latencies_ms"], result["missed"]
    finally:
        viewer.terminate()
        try:
            viewer.wait(timeout=10)
        except subprocess.TimeoutExpired:
            viewer.kill()


def stepping(work, lightbox, runs):
    """Per viewer: median and worst milliseconds from the key to the next photo on screen."""
    stepper = build(work, "stepper", STEPPER_SOURCE, ["x11", "xtst", "xdamage"])
    flip = build(work, "flip", FLIP_SOURCE, ["gtk4"])
    folder = make_photos(work)
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder))
    warm_files(files)
    first = files[0]
    viewers = {"lightbox": ([lightbox, first], r"^IMG_0001$"), "floor": ([flip], r"^flip$")}
    if shutil.which("eog"):
        viewers["eog"] = (["eog", "--new-instance", first], r"IMG_0001\.jpg")
    out = {}
    sizes = [1280, 960]  # until Lightbox's window is measured (it runs first)
    for name, (command, pattern) in viewers.items():
        latencies, missed = [], 0
        for run in range(runs):
            home = Home(work, f"home-stepping-{name}-{run}")
            got, lost = step_through(stepper, command, home.env(), pattern, PHOTOS - 1, sizes)
            latencies += got
            missed += lost
            log(f"stepping, {name} run {run + 1}/{runs}: median {sorted(got)[len(got) // 2]:.1f} ms, "
                f"worst {max(got):.1f} ms, {lost} missed")
        out[name] = dict(summary(latencies), worst=max(latencies), missed=missed, steps=len(latencies) + missed)
    return out


# MARK: RAW files

RAW_STEPS = 30
GEEQIE_STEP_DIVIDER = 200      # Geeqie's file list narrowed: the stepper's pixels fall in the image


def raw_step_folders(work, library):
    """The raw-24mp folder's first RAW_STEPS RAW files, and the JPEGs they embed, each set in a
    folder of its own (hard links, copies across file systems), so a viewer steps through those
    alone and ends on the last."""
    source = os.path.join(library, RAW_FOLDER)
    folders = {}
    for sub in ("raw", "jpeg"):
        names = sorted(os.listdir(os.path.join(source, sub)))[:RAW_STEPS]
        folder = os.path.join(work, f"steps-{sub}")
        os.makedirs(folder, exist_ok=True)
        for name in names:
            target = os.path.join(folder, name)
            if not os.path.exists(target):
                try:
                    os.link(os.path.join(source, sub, name), target)
                except OSError:
                    shutil.copyfile(os.path.join(source, sub, name), target)
        folders[sub] = [os.path.join(folder, name) for name in names]
    return folders


def geeqie_step_rc(work):
    """Geeqie's own default settings (raw.geeqie_rc: a 1000x700 window at 0,0), its file pane a
    list of names without thumbnails, 200 px wide: the rest of the window is the photo, where the
    stepper looks (a third of the way across, 333 px), not the list whose selection moves."""
    text = raw.geeqie_rc(work)
    if text is None:
        return None
    for name, value in (("file_view_type", "0"), ("show_thumbnails", "false"),
                        ("main_window.hdivider_pos", str(GEEQIE_STEP_DIVIDER))):
        text, n = re.subn(rf'(\b{re.escape(name)} = )"[^"]*"', rf'\g<1>"{value}"', text)
        if n != 1:
            return None
    return text


def raw_stepping(work, lightbox, library, runs):
    """Per viewer and per kind of file (RAW, or the JPEGs the RAW files embed): median and worst
    milliseconds from the key to the next photo on screen, as `stepping` measures them. Fails
    when a viewer did not end on the last photo (its title names it) or showed no step."""
    stepper = build(work, "stepper", STEPPER_SOURCE, ["x11", "xtst", "xdamage"])
    folders = raw_step_folders(work, library)
    # Warm, as the JPEG stepping's files are: the steps time the viewer, not the disk.
    warm_files(folders["raw"] + folders["jpeg"])
    sizes = sum(map(os.path.getsize, folders["raw"])) / RAW_STEPS / 1e6
    log(f"raw stepping: {RAW_STEPS} RAW files ({sizes:.1f} MB on average, 6000x4000 previews) and the "
        f"{RAW_STEPS} JPEGs they embed, {runs} runs each, Lightbox and Geeqie")
    viewers = {"lightbox": None}
    rc = geeqie_step_rc(work) if shutil.which("geeqie") else None
    if rc:
        viewers["geeqie"] = rc
    else:
        log("raw stepping: Geeqie is missing or not drivable here: Lightbox alone")
    out = {"files": RAW_STEPS, "mb_per_raw_file": round(sizes, 1)}
    for sub in ("raw", "jpeg"):
        first, last = folders[sub][0], folders[sub][-1]
        for name, geeqie_rc in viewers.items():
            latencies, missed, windows, later = [], 0, [], []
            for run in range(runs):
                home = Home(work, f"home-rawstepping-{name}-{sub}-{run}")
                if name == "geeqie":
                    config = os.path.join(home.folder("config"), "geeqie")
                    os.makedirs(config, exist_ok=True)
                    with open(os.path.join(config, "geeqierc.xml"), "w") as f:
                        f.write(geeqie_rc)
                    command, pattern, key = ["geeqie", first], re.escape(os.path.basename(first)) + " - Geeqie$", "space"
                else:
                    stem = os.path.splitext(os.path.basename(first))[0]
                    command, pattern, key = [lightbox, first], f"^{stem}$", "Right"
                seen = {}
                got, lost = step_through(stepper, command, home.env(), pattern, RAW_STEPS - 1, [], key, seen)
                shutil.rmtree(home.path, ignore_errors=True)
                # Something real: every step showed a change, and the window ended on the last photo.
                last_stem = os.path.splitext(os.path.basename(last))[0]
                if not got or last_stem not in seen.get("title", ""):
                    raise PartFailed(f"raw stepping: {name} over {sub} files showed {len(got)} steps and ended "
                                     f"on {seen.get('title')!r}, not {last_stem}")
                latencies += got
                later += got[1:]  # the JPEG stepping table gives the worst after the first step too
                missed += lost
                windows.append(seen["geometry"])
                log(f"raw stepping, {name}, {sub} run {run + 1}/{runs}: median {sorted(got)[len(got) // 2]:.1f} ms, "
                    f"worst {max(got):.1f} ms, {lost} missed, window {seen['geometry']}")
            out[f"{name}-{sub}"] = dict(summary(latencies), worst=max(latencies), missed=missed,
                                        steps=len(latencies) + missed,
                                        worst_after_first=max(later) if later else None,
                                        windows=windows)
    return out
