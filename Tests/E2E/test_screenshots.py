"""The screenshots of the AppStream metainfo, taken from the real app: a main window on a folder of
generated landscapes (some rated, labelled, one rejected) and a photo window with its properties.

Each run takes both and checks them: PNGs of the window's size, every thumbnail on screen drawn
(not a placeholder) and the photo shown, read from the capture itself. They go to the test's own
folder; with LIGHTBOX_SCREENSHOTS_DIR (relative to the repository; `make screenshots` sets
Resources/screenshots) they replace the ones the metainfo names.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import random
import shutil
import struct
import subprocess
import tempfile
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, send_keys, wait_for
from lightbox_case import LightboxTestCase

FOLDER = "Mountains"
# The X window's size; GTK draws its window 5 px inside it on every side (see lightbox_a11y), and
# the screenshot is that window: 1270 x 790, about 16:10.
X_SIZE = (1280, 800)
BORDER = 5
SHOT_SIZE = (X_SIZE[0] - 2 * BORDER, X_SIZE[1] - 2 * BORDER)
# PNGs in the repository stay small (the metainfo's readers download them).
MOST_BYTES = 300_000

# name, sky (top, horizon), sun or moon (colour, x, y, radius; fractions of the picture), ridges from
# the farthest to the nearest, portrait, rating (-1 rejected), label.
SCENES = [
    ("Aiguilles at Dawn", ("#2b3a67", "#f5a25d"), ("#ffe3a3", .7, .55, .06),
     ("#9a6f8f", "#6b4f7a", "#3d2f5a", "#1f1a33"), False, 5, "Red"),
    ("Blue Hour", ("#141a3c", "#6d7fb8"), None, ("#5a6aa0", "#3c4b80", "#28335c", "#151b38"), False, 0, None),
    ("Col de la Croix", ("#3a7bd5", "#d6ecff"), ("#fffdf0", .25, .18, .05),
     ("#a9c4d6", "#6f98a8", "#3f6e66", "#244a3c"), False, 4, "Green"),
    ("Desert Ridge", ("#4fa3e0", "#fbe6c2"), ("#fffaf0", .8, .2, .04),
     ("#e8b47d", "#cf8a4f", "#a35a2c", "#6d3416"), False, 3, None),
    ("Evening Glow", ("#1e1b3a", "#ff8a65"), ("#ffd0a8", .5, .5, .08),
     ("#b4587a", "#7d3566", "#4a1f48", "#221029"), False, 5, "Red"),
    ("Foggy Valley", ("#b9cfc6", "#eef3ea"), None, ("#9db7aa", "#75978a", "#4d7466", "#2c4d41"), True, 2, None),
    ("Glacier", ("#5b9bd5", "#f0f7ff"), ("#ffffff", .15, .15, .04),
     ("#e4eef7", "#b7cde0", "#7fa0bd", "#48627f"), False, 4, "Blue"),
    ("High Pass", ("#6fa8dc", "#fff2cc"), ("#fffbe6", .62, .3, .05),
     ("#c9b38f", "#9c8464", "#6f5a43", "#3f3224"), False, 0, None),
    ("Larch Forest", ("#f3d9a4", "#f7efe1"), None, ("#e0a96d", "#c7743c", "#8f4424", "#4d2216"), True, 3, "Yellow"),
    ("Moonrise", ("#070b1e", "#2a3b70"), ("#f4f1de", .3, .25, .04),
     ("#26325e", "#1a2347", "#111832", "#080c1c"), False, 5, None),
    ("Morning Haze", ("#f6d5c3", "#fdf1e7"), ("#fff6ea", .4, .42, .07),
     ("#e4b9b0", "#c98f91", "#9a6173", "#5d3b52"), False, -1, None),
    ("Pine Hills", ("#87b5d9", "#e3f1e4"), None, ("#8fb89a", "#5d9270", "#356b4c", "#1c4430"), False, 1, None),
    ("Red Cliffs", ("#ffb88c", "#ffe7c7"), ("#fff3e0", .2, .35, .06),
     ("#de8d6a", "#b8593f", "#86352a", "#4e1b19"), False, 4, "Green"),
    ("Snow Line", ("#9fc5e8", "#f5fbff"), None, ("#dce8f2", "#aac1d6", "#6f8fae", "#3a5271"), False, 0, None),
    ("Summit Sunrise", ("#3d2c5e", "#ffc07a"), ("#fff0c2", .45, .36, .055),
     ("#c7768a", "#8e4a74", "#5b2d5c", "#2c1739"), False, 5, "Purple"),
    ("Twilight Lake", ("#2c2350", "#e07a8f"), ("#ffd6c9", .78, .44, .05),
     ("#a25a86", "#6c3a6c", "#3f2349", "#1d1129"), False, 3, None),
]
OPENED = "Summit Sunrise"
OPENED_TITLE = "Sunrise over the Summit"
OPENED_CAPTION = "The first light on the ridge, seen from the hut at 2,900 m."
OPENED_KEYWORDS = ("Places|Alps|Mont Blanc", "sunrise", "mountains")
# What the grid names each cell: its title, else its file name.
TITLES = [OPENED_TITLE if scene[0] == OPENED else scene[0] for scene in SCENES]


def ridge(rng, width, base, rough, points=65):
    """A mountain skyline: (x, y) points by midpoint displacement, y within `rough` of `base`."""
    ys = [0.0] * points
    ys[0], ys[-1] = rng.uniform(-1, 1), rng.uniform(-1, 1)
    step, scale = points - 1, 1.0
    while step > 1:
        half = step // 2
        for i in range(half, points - 1, step):
            ys[i] = (ys[i - half] + ys[i + half]) / 2 + rng.uniform(-scale, scale)
        step, scale = half, scale * 0.55
    return [(round(i * width / (points - 1)), round(base + y * rough)) for i, y in enumerate(ys)]


def make_landscape(path, seed, sky, sun, ridges, portrait=False):
    """A JPEG of layered mountains under a sky (ImageMagick), the same for the same seed."""
    w, h = (1000, 1500) if portrait else (1500, 1000)
    rng = random.Random(seed)
    cmd = ["convert", "-size", f"{w}x{h}", f"gradient:{sky[0]}-{sky[1]}"]
    if sky[0] in ("#070b1e", "#141a3c"):  # a night sky: stars
        cmd += ["-fill", "#fffbe8", "-draw",
                " ".join(f"point {rng.randrange(w)},{rng.randrange(int(h * 0.6))}" for _ in range(220))]
    if sun:
        colour, sx, sy, r = sun
        cx, cy, rr = round(sx * w), round(sy * h), round(r * min(w, h))
        q = 8  # the glow is blurred small, then enlarged: a blur at full size takes seconds
        cmd += ["(", "-size", f"{w // q}x{h // q}", "xc:none", "-fill", colour,
                "-draw", f"circle {cx // q},{cy // q} {(cx + rr * 3) // q},{cy // q}",
                "-channel", "A", "-evaluate", "multiply", "0.35", "+channel", "-blur", f"0x{rr * 2 // q}",
                "-resize", f"{w}x{h}!", ")", "-composite",
                "-fill", colour, "-draw", f"circle {cx},{cy} {cx + rr},{cy}"]
    for i, colour in enumerate(ridges):
        share = i / (len(ridges) - 1)
        points = ridge(rng, w, h * (0.45 + 0.4 * share), h * (0.22 - 0.08 * share))
        cmd += ["-fill", colour, "-draw",
                "polygon " + " ".join(f"{x},{y}" for x, y in [(0, h), *points, (w, h)])]
    subprocess.run([*cmd, "-quality", "92", path], check=True)


def make_folder(folder):
    """The scenes as JPEGs with EXIF (made-up, as the samples' in Resources/samples), taken one
    morning with the opened photo first (the grid sorts by date: it is in the top row), and their
    ratings, labels, title, caption and keywords in XMP."""
    os.makedirs(folder)
    args = []
    for index, (name, sky, sun, ridges, portrait, rating, label) in enumerate(SCENES):
        path = os.path.join(folder, f"{name}.jpg")
        make_landscape(path, index + 1, sky, sun, ridges, portrait)
        minutes = 5 * 60 + 17 * (0 if name == OPENED else index + 1)
        args += ["-DateTimeOriginal=2026:07:14 %02d:%02d:00" % divmod(minutes, 60)]
        if rating:
            args += [f"-XMP-xmp:Rating={rating}"]
        if label:
            args += [f"-XMP-xmp:Label={label}"]
        if name == OPENED:
            args += [f"-XMP-dc:Title={OPENED_TITLE}", f"-XMP-dc:Description={OPENED_CAPTION}"]
            args += [f"-XMP-lr:HierarchicalSubject+={k}" for k in OPENED_KEYWORDS]
            args += [f"-XMP-dc:Subject+={k.split('|')[-1]}" for k in OPENED_KEYWORDS]
        args += ["-Make=Lightbox", "-Model=Sample Generator", "-FNumber=8", "-ExposureTime=1/250", "-ISO=200",
                 "-FocalLength=35", "-overwrite_original", "-q", path, "-execute"]
    # One exiftool for all the files (-execute between them): Perl starts once, not 16 times.
    subprocess.run(["exiftool", "-q", "-@", "-"], input="\n".join(args[:-1]) + "\n", text=True, check=True)


def tool(name, package):
    if shutil.which(name) is None:
        raise AssertionError(f"{name} is missing: apt-get install -y {package}")


def capture(wid):
    """The X window's pixels less GTK's border: (width, height, RGB bytes)."""
    png = subprocess.run(["import", "-window", wid, "png:-"], capture_output=True, check=True, timeout=20).stdout
    ppm = subprocess.run(["convert", "png:-", "-crop", "%dx%d+%d+%d" % (*SHOT_SIZE, BORDER, BORDER), "+repage",
                          "-depth", "8", "ppm:-"], input=png, capture_output=True, check=True).stdout
    magic, width, height, maximum, pixels = ppm.split(maxsplit=4)
    assert magic == b"P6" and maximum == b"255", ppm[:20]
    return int(width), int(height), pixels


def tinted_share(shot, box):
    """The share of pixels in box (x, y, w, h) with some colour (not grey): a landscape has it, the
    grid's background and the grey icon a cell shows while its thumbnail is made do not."""
    width, height, pixels = shot
    x, y, w, h = box
    samples = tinted = 0
    for row in range(max(0, y), min(height, y + h), 3):
        for col in range(max(0, x), min(width, x + w), 3):
            r, g, b = pixels[(row * width + col) * 3:(row * width + col) * 3 + 3]
            samples += 1
            tinted += max(r, g, b) - min(r, g, b) > 10
    return tinted / max(1, samples)


def write_png(shot, path):
    """A capture as a PNG without metadata, compressed as far as PNG goes."""
    width, height, pixels = shot
    subprocess.run(["convert", "ppm:-", "-strip", "-define", "png:compression-level=9", path],
                   input=b"P6 %d %d 255\n" % (width, height) + pixels, check=True)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise AssertionError(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


class ScreenshotTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        for name, package in (("exiftool", "libimage-exiftool-perl"), ("import", "imagemagick"),
                              ("convert", "imagemagick")):
            tool(name, package)
        # Not in the sandbox: the photo window's properties show the folder's path, kept short here.
        parent = tempfile.mkdtemp(prefix="photos-")
        self.addCleanup(shutil.rmtree, parent, True)
        self.folder = os.path.join(parent, FOLDER)
        make_folder(self.folder)
        wanted = os.environ.get("LIGHTBOX_SCREENSHOTS_DIR")
        self.out = os.path.join(a11y.REPO, wanted) if wanted else self.sandbox.path("screenshots")
        os.makedirs(self.out, exist_ok=True)

    def size_window(self, title, window):
        """The X window at X_SIZE, seen by GTK (its accessible extents are the window inside it)."""
        wid = a11y.x_window(title)
        a11y.xdotool("windowsize", wid, *map(str, X_SIZE))
        wait_for(lambda: a11y.x_geometry(wid)[2:] == X_SIZE and a11y.extents(window)[2:] == SHOT_SIZE,
                 message=lambda: f"{title!r} at {X_SIZE}: X says {a11y.x_geometry(wid)}, "
                 f"AT-SPI {a11y.extents(window)}")
        # The pointer on the header bar's middle: no cell under it is lit, no tooltip comes up.
        a11y.xdotool("mousemove", "--window", wid, str(X_SIZE[0] // 2), "14")
        return wid

    def steady_capture(self, wid, drawn, what, name):
        """A capture for which drawn(shot) holds, once two captures in a row are the same picture.
        When none comes, the last one is kept in the test's folder as `name` (run.sh keeps it)."""
        last = [None]

        def probe():
            shot = capture(wid)
            same = last[0] is not None and shot[2] == last[0][2]
            last[0] = shot
            return shot if same and drawn(shot) else None
        try:
            # Longer than other waits: decoders run at a low priority, and `make screenshots` may
            # share the machine with a build.
            return wait_for(probe, 3 * a11y.TIMEOUT, interval=0.3,
                            message=lambda: what() if callable(what) else what)
        except a11y.E2EError:
            if last[0] is not None:
                write_png(last[0], self.sandbox.path(name))
            raise

    def save(self, shot, name):
        """The capture as a PNG without metadata (a few hundred kB at most: flat colours), checked."""
        path = os.path.join(self.out, name)
        write_png(shot, path)
        self.assertEqual(png_size(path), SHOT_SIZE, path)
        self.assertLess(os.path.getsize(path), MOST_BYTES, f"{path} is too large for the metainfo")
        return path

    def test_main_window_and_photo_window(self):
        # The main window opens at the screenshot's size, kept from last time (GSettings, in the
        # sandbox's key file). Grown after it opened, it would show the cells that came on screen
        # without thumbnails until a scroll: the grid looks for cells on screen after a scroll, a
        # bind or a zoom, not after a resize.
        settings = os.path.join(self.sandbox.env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
        os.makedirs(settings, exist_ok=True)
        with open(os.path.join(settings, "keyfile"), "w") as f:
            f.write("[org/lightboxphotos/Lightbox]\nwindow-width=%d\nwindow-height=%d\n" % X_SIZE)
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, f"{FOLDER} \u2014 {len(SCENES)} photos")
        wid = self.size_window("Lightbox", window)

        def pictures():
            """The middle of the picture of each cell on screen (the cell's top part, less the title
            and stars under it), as far as the window shows it: {title: (x, y, w, h)}."""
            boxes = {}
            for title in TITLES:
                for node in a11y.find_all(window, name=title):
                    x, y, w, h = a11y.extents(node)
                    box = (x + w // 3, y + h // 4, w // 3, min(h // 4, SHOT_SIZE[1] - (y + h // 4)))
                    if w > 60 and h > 60 and box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= SHOT_SIZE[0] \
                            and box[3] > 10:
                        boxes[title] = box
            return boxes
        wait_for(lambda: len(pictures()) >= 10, message=lambda: f"ten photos or more on screen, {pictures()}; "
                 + a11y.dump_tree(window))

        def thumbnails_drawn(shot):
            return all(tinted_share(shot, box) > 0.5 for box in pictures().values())
        shot = self.steady_capture(wid, thumbnails_drawn, lambda: "every thumbnail on screen drawn; coloured: "
                                   + ", ".join(f"{title} {tinted_share(capture(wid), box):.2f}"
                                               for title, box in pictures().items()), "unsteady-main-window.png")
        self.save(shot, "main-window.png")

        # The photo window, over the main one, with its properties: a title, a caption, keywords.
        x, y, w, h = a11y.extents(find(window, name=OPENED_TITLE))
        a11y.xdotool("mousemove", "--window", wid, str(x + w // 2), str(y + h // 4), "click", "1")
        send_keys("Return")
        photo = app.window(OPENED_TITLE)
        picture = find(photo, "image", OPENED_TITLE)
        wait_for(lambda: "Rated 5 stars" in (picture.description or ""), message=lambda: a11y.describe(picture))
        send_keys("F9")
        find(photo, "text", "Caption")
        find(photo, "push button", "Remove keyword \u201cMont Blanc\u201d")
        wid = self.size_window(OPENED_TITLE, photo)
        # The keyboard on the photo, not in a field of the properties.
        wait_for(lambda: "focused" in a11y.states(picture), message=lambda: a11y.describe(picture))
        box = a11y.extents(picture)

        def photo_drawn(shot):
            x, y, w, h = box
            return tinted_share(shot, (x + w // 4, y + h // 4, w // 2, h // 2)) > 0.8
        shot = self.steady_capture(wid, photo_drawn, lambda: f"the photo drawn in {box}: "
                                   f"{tinted_share(capture(wid), box):.2f} of it coloured", "unsteady-photo-window.png")
        self.save(shot, "photo-window.png")

        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())


if __name__ == "__main__":
    unittest.main()
