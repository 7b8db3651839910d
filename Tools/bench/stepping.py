"""`make bench`'s stepping measurement: key press to the next photo on the
screen, in Lightbox's photo window, in Eye of GNOME, and in a floor (a GTK 4
program swapping two ready textures, Tools/bench/floor/flip.c), stepping through
the same 50 camera-size photos at two steps a second. All are timed from
outside by Tools/bench/floor/stepper.c (XTest for the key, X Damage and the
window's pixels for the photo), so none is instrumented."""
import json
import os
import shutil
import subprocess
import time

from harness import Home, ROOT, summary, warm_files

STEPPER_SOURCE = os.path.join(ROOT, "Tools", "bench", "floor", "stepper.c")
FLIP_SOURCE = os.path.join(ROOT, "Tools", "bench", "floor", "flip.c")
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


def step_through(stepper, command, env, title_pattern, steps, sizes):
    """Starts a viewer on the first photo, lets it settle, steps `steps` times at 2 a second.
    The floor (no photo to open) is given the size Lightbox's window decoded to (`sizes`)."""
    if command[-1].endswith("flip"):
        command = command + [str(v) for v in sizes]
    viewer = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = window_id(title_pattern)
        if title_pattern == r"^IMG_0001$":
            sizes[:] = decoded_size(window)
        time.sleep(3)  # the first photo decoded, and whatever the viewer reads ahead
        out = subprocess.run([stepper, window, str(steps), "500"], capture_output=True, text=True, timeout=120)
        line = out.stdout.strip().splitlines()[-1]
        result = json.loads(line)  # {"latencies_ms": [...], "missed": n}
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
