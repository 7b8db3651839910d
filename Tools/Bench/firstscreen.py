"""`make bench`'s first-screen measurement, taken the way a person sees it: the X screen is
recorded (ffmpeg's x11grab, 10 frames a second) while Lightbox, then gThumb, then Lightbox again…
opens the same cold folder of 10,000 camera photos in a window of the same size, and the frames
tell:

  first photo   the first frame showing photo pixels in the window (photos are in colour, the
                apps' own interface is grey);
  settled       the last frame whose content differs from the one before: after it the window
                no longer changes (the header bar and the bottom strip, where progress shows, are
                left out);
  changes       how many frames replaced a photo already on screen by another (a place that
                showed a photo shows a different one): 0 when the first screen stays put.

Lightbox runs at its standard thumbnail size and at its smallest ("lightbox-small"). Lightbox
also reports "first-screen-final" (when its first screen last changed and then showed
every thumbnail), so the app and the recording can be compared.

Both apps get a fresh HOME (a cold index, no thumbnails) and the folder's files in the page cache;
gThumb keeps its default sort (by modification time) and its folder tree on the left.
"""
import json
import os
import shutil
import subprocess
import threading
import time

from harness import Home, now_ms, summary, warm_files

WIDTH, HEIGHT = 1000, 700
SCALE = 4                      # frames are recorded at a quarter of the size
TILE = 5                       # 5×5 recorded pixels: 20×20 on screen
TOP, BOTTOM = 60, 64           # header bar; bottom strip (progress, status)
RECORD_LIMIT_S = 25
QUIET_S = 4                    # the recording ends this long after the last change


def log(message):
    print(f"bench: {message}", flush=True)


class Recorder:
    """ffmpeg grabbing the window's area of the X screen; frames stamped as they arrive."""

    def __init__(self):
        width, height = WIDTH // SCALE, HEIGHT // SCALE
        self.frame_bytes = width * height * 3
        self.frames = []
        self.process = subprocess.Popen(
            ["ffmpeg", "-loglevel", "error", "-f", "x11grab", "-framerate", "10",
             "-video_size", f"{WIDTH}x{HEIGHT}", "-i", os.environ["DISPLAY"] + "+0,0",
             "-vf", f"scale={width}:{height}:flags=area", "-pix_fmt", "rgb24", "-f", "rawvideo", "pipe:1"],
            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        while True:
            data = self.process.stdout.read(self.frame_bytes)
            if len(data) < self.frame_bytes:
                return
            self.frames.append((now_ms(), data))

    def wait_first_frame(self):
        deadline = time.monotonic() + 10
        while not self.frames and time.monotonic() < deadline:
            time.sleep(0.02)

    def stop(self):
        self.process.terminate()
        self.process.wait()
        self.thread.join(timeout=5)
        return self.frames


def tiles(data):
    """(mean red, green, blue, is photo) per tile of the content area."""
    width = WIDTH // SCALE
    rows = range(TOP // SCALE, (HEIGHT - BOTTOM) // SCALE - TILE + 1, TILE)
    result = []
    for top in rows:
        for left in range(0, width - TILE + 1, TILE):
            r = g = b = coloured = 0
            for y in range(top, top + TILE):
                start = (y * width + left) * 3
                row = data[start:start + TILE * 3]
                for x in range(0, TILE * 3, 3):
                    pr, pg, pb = row[x], row[x + 1], row[x + 2]
                    r += pr
                    g += pg
                    b += pb
                    high, low = max(pr, pg, pb), min(pr, pg, pb)
                    coloured += high > 40 and high - low > 0.25 * high
            n = TILE * TILE
            result.append((r / n, g / n, b / n, coloured > n // 2))
    return result


def difference(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])


def analyse(frames, t_exec):
    """first photo, settled (ms after exec) and changes, from the recorded frames."""
    first_photo = settled = None
    changes = 0
    previous = None
    for stamp, data in frames:
        current = tiles(data)
        t = stamp - t_exec
        if first_photo is None and sum(tile[3] for tile in current) >= 4:
            first_photo = t
        if previous is not None and t > 0:
            moved = [difference(p, c) for p, c in zip(previous, current)]
            if max(moved) > 24:
                settled = t
            # A place that showed a photo now shows another (not a photo filling an empty place).
            replaced = sum(1 for p, c, d in zip(previous, current, moved) if p[3] and c[3] and d > 60)
            if first_photo is not None and replaced >= 6:
                changes += 1
        previous = current
    return first_photo, settled, changes


def pointer_away():
    """Moves the pointer off the window as soon as it is mapped: Xvfb starts it in the middle of
    the screen, where it would rest on a photo and raise its tooltip. (Xvfb ignores a warp while
    no window is mapped, so it cannot be moved before.)"""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        subprocess.run(["xdotool", "mousemove", str(WIDTH + 100), str(HEIGHT + 50)], capture_output=True)
        where = subprocess.run(["xdotool", "getmouselocation"], capture_output=True, text=True).stdout
        if where.startswith(f"x:{WIDTH + 100} "):
            return
        time.sleep(0.01)


def keyfile(home, text):
    """GSettings values in the HOME's keyfile (GSETTINGS_BACKEND=keyfile)."""
    folder = os.path.join(home.folder("config"), "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "keyfile"), "w") as out:
        out.write(text)


def gthumb_settings(home):
    """gThumb's window at the same size as Lightbox's."""
    keyfile(home, f"[org/gnome/gthumb/browser]\nwindow-width={WIDTH}\nwindow-height={HEIGHT}\n")


def geeqie_settings(home, text):
    """Geeqie's settings file (Tools/Bench/raw.py makes it from Geeqie's own defaults)."""
    folder = os.path.join(home.folder("config"), "geeqie")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "geeqierc.xml"), "w") as out:
        out.write(text)


def one_run(work, app, lightbox, folder, index, limit_s=RECORD_LIMIT_S, geeqie_rc=None):
    home = Home(work, f"firstscreen-{app}-{index}")
    env = home.env(GSETTINGS_BACKEND="keyfile", LIGHTBOX_BENCH_EVENTS="1")
    if app == "gthumb":
        gthumb_settings(home)
        command = ["gthumb", folder]
    elif app == "geeqie":
        geeqie_settings(home, geeqie_rc)
        command = ["geeqie", folder]
    else:
        if app == "lightbox-small":
            # The densest zoom level: about twice as many cells on screen.
            keyfile(home, "[org/lightboxphotos/Lightbox]\nthumbnail-size='small'\n")
        command = [lightbox, folder]
    recorder = Recorder()
    recorder.wait_first_frame()
    t_exec = now_ms()
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, errors="replace")
    events = []
    threading.Thread(target=lambda: events.extend(process.stderr), daemon=True).start()
    threading.Thread(target=pointer_away, daemon=True).start()
    # Until the window has stopped changing for a while (or the limit).
    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        time.sleep(1)
        frames = list(recorder.frames)
        if len(frames) > 20 and now_ms() - t_exec > 3000:
            _, settled, _ = analyse(frames[-(QUIET_S * 10 + 2):], t_exec)
            if settled is None:
                break
    frames = recorder.stop()
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    first_photo, settled, changes = analyse(frames, t_exec)
    keep = os.environ.get("LIGHTBOX_BENCH_FRAMES")
    if keep:
        # Every frame as a PNG named by its time after exec, to look at.
        folder = os.path.join(keep, f"{app}-{index}")
        os.makedirs(folder, exist_ok=True)
        for stamp, data in frames:
            subprocess.run(["convert", "-size", f"{WIDTH // SCALE}x{HEIGHT // SCALE}", "-depth", "8", "rgb:-",
                            os.path.join(folder, f"{stamp - t_exec:07.0f}.png")], input=data, check=True)
    reported = None
    for line in events:
        if '"first-screen-final"' in line:
            reported = json.loads(line)["t"] - t_exec
    shutil.rmtree(home.path, ignore_errors=True)
    milestones = {}
    photos = None
    for line in events:
        if line.startswith('{"event"'):
            event = json.loads(line)
            milestones.setdefault(event["event"], round(event["t"] - t_exec))
            if event["event"] == "load-finished":
                # How many photos the list holds (a RAW+JPEG pair counts once): Tools/Bench/pairs.py checks it.
                photos = event.get("photos")
    return {"first_photo_ms": first_photo, "settled_ms": settled, "changes": changes,
            "reported_final_ms": reported, "frames": len(frames), "milestones": milestones, "photos": photos}


def first_screen(work, lightbox, folder, runs):
    if not shutil.which("ffmpeg") or not shutil.which("gthumb"):
        log("first screen: ffmpeg or gthumb is missing (scripts/install-deps.sh --bench installs them)")
        return None
    files = [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if not name.startswith(".")]
    log(f"first screen: {len(files)} photos in {folder}, {runs} runs each, Lightbox and gThumb in turn")
    warm_files(files)
    results = {"lightbox": [], "lightbox-small": [], "gthumb": []}
    for index in range(runs):
        for app in results:
            run = one_run(work, app, lightbox, folder, index)
            log(f"  {app} {index + 1}: first photo {run['first_photo_ms']} ms, settled {run['settled_ms']} ms, "
                f"{run['changes']} changes" + (f", app says final at {run['reported_final_ms']:.0f} ms"
                                                 if run["reported_final_ms"] is not None else ""))
            results[app].append(run)
    out = {}
    for app, app_runs in results.items():
        out[app] = {key: summary([run[key] for run in app_runs])
                    for key in ("first_photo_ms", "settled_ms", "changes", "reported_final_ms")}
        out[app]["runs"] = app_runs
    return out
