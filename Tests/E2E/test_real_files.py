"""End-to-end tests on files from real cameras and phones (Tests/Fixtures/real, see its SOURCES.md):
each is listed, shown the right way up (against a reference from decoders Lightbox does not use:
reference_decoders.py, in a virtual environment it makes under .build/), rated by keyboard with the
rating read back by exiftool, and left alone where it must be (a RAW file, and a photo's pixels).

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.

How "the right way up" is judged: the photo window's picture is captured from the screen, and each of
the eight ways the reference can be laid down (as is, turned, mirrored) is drawn where the window
would draw it (fitted and centred in the picture's widget), reduced to a 24 x 24 grid of colours,
and correlated with the capture's grid there (cells under the controls over the photo left out). The
reference as it is must match best, by a clear margin. canon_r5_dark.hif is almost black: no grid of
it tells one way from another, so its check is that the window draws a dark picture of the right
shape (landscape, 3:2) where the photo goes and nothing dark beside it.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import time
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, send_keys, wait_for
from lightbox_case import LightboxTestCase

import reference_decoders

FIXTURES = os.path.join(a11y.REPO, "Tests", "Fixtures", "real")
FOLDER = "Real"
RAW = {"dng", "cr2", "cr3", "nef", "arw", "raf", "rw2", "gpr"}
# Rated inside the file (as the app's FileRatingWriter does); every other kind gets a NAME.EXT.xmp sidecar.
RATED_INSIDE = {"jpg", "jpeg", "webp"}
# Files whose camera data stops short, though a preview in them is whole: shown from the preview,
# with a visible mark that the file is incomplete.
INCOMPLETE = {"sony_zv-e10_truncated.arw", "fujifilm_s5pro_stripped.raf"}
# Pictures no grid of colours can judge the orientation of, and why.
UNJUDGEABLE = {"canon_r5_dark.hif": "almost black (a dark frame): every way up looks the same"}
# The reference laid down as it is must correlate this well with the capture, and this much better
# than any other way.
MIN_SCORE, MIN_MARGIN = 0.9, 0.1
STAR, NO_STAR = "\u2605", "\u2606"


def fixture_files():
    return sorted(name for name in os.listdir(FIXTURES) if not name.endswith(".md"))


def extension(name):
    return name.rsplit(".", 1)[-1].lower()


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def jpeg_image_data(data):
    """What a JPEG's pixels are made of: every marker segment but APPn and COM (the tables, the frame
    header), then the scans, from the first start of scan to the end of the file."""
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    kept, at = [], 2
    while at < len(data):
        if data[at] != 0xFF:
            raise AssertionError(f"no marker at {at}")
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker == 0xDA:
            return b"".join(kept) + data[at:]
        length = int.from_bytes(data[at + 2:at + 4], "big")
        if not (0xE0 <= marker <= 0xEF or marker == 0xFE):
            kept.append(data[at:at + 2 + length])
        at += 2 + length
    raise AssertionError("no start of scan")


def webp_image_data(data):
    """A WebP's image chunks (VP8, VP8L, ALPH, ANIM, ANMF), in order: everything but the metadata."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", "not a WebP"
    kept, at = [], 12
    while at + 8 <= len(data):
        kind, size = data[at:at + 4], int.from_bytes(data[at + 4:at + 8], "little")
        if kind in (b"VP8 ", b"VP8L", b"ALPH", b"ANIM", b"ANMF"):
            kept.append(data[at:at + 8 + size])
        at += 8 + size + (size & 1)
    return b"".join(kept)


def image_data(path):
    with open(path, "rb") as f:
        data = f.read()
    return jpeg_image_data(data) if extension(path) in ("jpg", "jpeg") else webp_image_data(data)


def exiftool_values(path, *tags):
    out = subprocess.run(["exiftool", "-s3", "-n", "-f", *tags, path], capture_output=True, text=True,
                         timeout=60).stdout.split("\n")
    return [None if value in ("-", "") else value for value in out[:len(tags)]]


def stars(n):
    return STAR * n + NO_STAR * (5 - n)


class RealFileTests(LightboxTestCase):
    @classmethod
    def setUpClass(cls):
        # The reference decoders work while the app does: their environment once, their pictures
        # from the cache under .build/ when the files and decoders are the same as last time.
        cls.venv_python = reference_decoders.venv_python()
        cls.refs_dir = os.path.join(reference_decoders.VENV, "references")
        cls.refs_json = os.path.join(reference_decoders.VENV, f"references-{os.getpid()}.json")
        cls.refs = subprocess.Popen(
            [cls.venv_python, reference_decoders.__file__, "refs", cls.refs_json, cls.refs_dir,
             *(os.path.join(FIXTURES, name) for name in fixture_files())],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    @classmethod
    def tearDownClass(cls):
        if not hasattr(cls, "_references"):  # no test asked for them
            cls.refs.kill()
            cls.refs.communicate()
        if os.path.exists(cls.refs_json):
            os.remove(cls.refs_json)

    @classmethod
    def references(cls):
        if not hasattr(cls, "_references"):
            out, _ = cls.refs.communicate(timeout=120)
            if cls.refs.returncode != 0:
                raise AssertionError("the reference decoders failed:\n" + out.decode(errors="replace")[-3000:])
            with open(cls.refs_json) as f:
                cls._references = json.load(f)
        return cls._references

    def setUp(self):
        super().setUp()
        # Sorted by name: the dates taken, read after the folder is listed, move nothing (by date, the
        # photos would move into place, or wait for the person to ask, once a key has been pressed).
        settings = os.path.join(self.sandbox.env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
        os.makedirs(settings)
        with open(os.path.join(settings, "keyfile"), "w") as f:
            f.write("[org/lightboxphotos/Lightbox]\nsort-key='name'\n")
        self.folder = self.sandbox.path(FOLDER)
        os.makedirs(self.folder)
        self.files = fixture_files()
        for name in self.files:
            shutil.copyfile(os.path.join(FIXTURES, name), os.path.join(self.folder, name))

    # ---- the main window --------------------------------------------------------------------------
    def open_folder(self):
        """The app on the folder, the keyboard on its first cell: (app, window, number of photos)."""
        app, window = self.launch_main_window(self.folder)
        pattern = re.compile(rf"^{FOLDER} \u2014 (\d+) photos?$")
        count = wait_for(lambda: next((int(m.group(1)) for m in map(pattern.match, a11y.label_texts(window)) if m),
                                      None), message=lambda: f"the folder's count; labels: {a11y.label_texts(window)}")
        # The walk goes by places: it starts once the details are read. Sorted by name, a photo whose
        # title comes from its metadata (the JPEG XL "040621-N-6536T-062") moves when it is read, and on
        # a busy machine that came after the walk had begun (the keyboard then found itself one photo on).
        wait_for(lambda: not any(t.startswith(("Scanning", "Reading photo details")) for t in a11y.label_texts(window)),
                 60, message=lambda: f"the folder's details read; labels: {a11y.label_texts(window)}")
        self.point_at("Lightbox")
        wait_for(lambda: self.focused_cell(window), message=lambda: "a focused cell: " + a11y.dump_tree(window))
        # Home until the first cell has the keyboard: a key sent before the window took the keyboard
        # from the pointer's move is lost (seen once in a few runs), and Home twice is Home.
        first = re.compile(rf"\b1 of {count}$")

        def on_first():
            cell = self.focused_cell(window)
            return cell is not None and first.search(cell.description or "")

        def home():
            send_keys("Home")
            try:
                return wait_for(on_first, 1.0)
            except a11y.E2EError:
                return None
        wait_for(home, message=lambda: "the first cell after Home: " + a11y.dump_tree(window))
        return app, window, count

    def point_at(self, title):
        """The pointer on the window's title, where no tooltip comes up: keys go to that window, and no
        control over a photo shows or stays for a pointer resting there."""
        wid = a11y.x_window(title)
        a11y.xdotool("mousemove", "--window", wid, str(a11y.x_geometry(wid)[2] // 2), "12")
        return wid

    def focused_cell(self, window):
        """The grid's cell with the keyboard: the one selected, as arrow keys select the cell they go to,
        else the focused one (before any is selected). The selection says it first: a cell's
        "focused" state has been seen to stay on the cell left after a key moved on."""
        if getattr(self, "grid", None) is None:
            self.grid = find(window, "table", "Photos")  # its own children only: quicker than the tree
        cells = [(c, a11y.states(c)) for c in a11y.children(self.grid)]
        selected = [c for c, s in cells if "selected" in s]
        if len(selected) == 1:
            return selected[0]
        return next((c for c, s in cells if "focused" in s), None) if not selected else None

    def file_of(self, cell):
        """The file a cell stands for: named after its title, else its file name (less the extension);
        with a title, the line under it names the file."""
        by_stem = [f for f in self.files if f.rsplit(".", 1)[0] == cell.name]
        under = " ".join(a11y.label_texts(cell))
        found = by_stem or [f for f in self.files if f in under]
        if len(found) != 1:
            raise AssertionError(f"which file is the cell {a11y.describe(cell)}?")
        return found[0]

    def cell_at(self, window, position, count, previous=None):
        """The cell with the keyboard, once it is the position-th (from 1) of count: each cell's
        description ends with where it is, "3 of 26". A recycled cell can say its new place a moment
        before its new name (seen once: the photo before read twice, the one there missed), so it
        must also name another file than `previous`."""
        where = re.compile(rf"\b{position} of {count}$")

        def probe():
            cell = self.focused_cell(window)
            if cell is None or not where.search(cell.description or ""):
                return None
            if previous is None:
                return cell
            try:
                return cell if self.file_of(cell) != previous else None
            except AssertionError:  # its name and labels half way between two photos
                return None
        return wait_for(probe, message=lambda: f"cell {position} of {count} focused: " + a11y.dump_tree(window))

    def walk_cells(self, window, count, visit):
        """Each cell in turn, from the first (Home) with Right: visit(cell, file) with the keyboard on
        it. Returns the files seen, in order."""
        seen = []
        for position in range(1, count + 1):
            if position > 1:
                send_keys("Right")
            cell = self.cell_at(window, position, count, seen[-1] if seen else None)
            seen.append(self.file_of(cell))
            visit(cell, seen[-1])
        return seen

    def assert_listed(self, seen, count):
        for name in self.files:
            with self.subTest(name, check="listed"):
                self.assertIn(name, seen, f"{name} has a cell in the main window ({count} photos listed)")

    def test_each_real_file_is_listed_and_rated_by_keyboard_into_the_file_or_its_sidecar(self):
        before = {}
        for name in self.files:
            path = os.path.join(self.folder, name)
            before[name] = {"sha256": sha256(path)}
            if extension(name) in RATED_INSIDE:
                before[name]["image"] = image_data(path)
                before[name]["orientation"] = exiftool_values(path, "-EXIF:Orientation")[0]
        app, window, count = self.open_folder()
        given = {}

        def rate(cell, name):
            shown = re.match(r"Rated (\d) star", cell.description or "")
            current = int(shown.group(1)) if shown else 0
            n = len(given) % 5 + 1
            n = n % 5 + 1 if n == current else n
            send_keys(str(n))
            # (The cell found again each time: the grid may give the photo a new cell as it changes.)
            wait_for(lambda: (c := self.focused_cell(window)) is not None
                     and any(t.startswith(stars(n)) for t in a11y.label_texts(c)),
                     message=lambda: f"{stars(n)} under {name}: " + a11y.dump_tree(self.grid))
            given[name] = n
        seen = self.walk_cells(window, count, rate)
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())

        self.assert_listed(seen, count)
        for name in self.files:
            if name not in given:
                continue
            path = os.path.join(self.folder, name)
            sidecar = path + ".xmp"
            with self.subTest(name, check="rating read back by exiftool"):
                if extension(name) in RATED_INSIDE:
                    self.assertFalse(os.path.exists(sidecar), f"{name} is rated inside, with no sidecar")
                    self.assertEqual(exiftool_values(path, "-XMP:Rating", "-EXIF:Rating"), [str(given[name])] * 2,
                                     f"{name}: XMP and EXIF")
                else:
                    self.assertEqual(exiftool_values(sidecar, "-XMP:Rating")[0], str(given[name]),
                                     f"{name}: its sidecar {os.path.basename(sidecar)}")
            with self.subTest(name, check="left alone"):
                if extension(name) in RATED_INSIDE:
                    self.assertEqual(image_data(path), before[name]["image"],
                                     f"{name}: its pixels' bytes are as they were (only metadata written)")
                    self.assertEqual(exiftool_values(path, "-EXIF:Orientation")[0], before[name]["orientation"],
                                     f"{name}: its orientation")
                else:
                    what = "a RAW file is never written" if extension(name) in RAW else "rated in a sidecar"
                    self.assertEqual(sha256(path), before[name]["sha256"], f"{name}: {what}")
        # Nothing in the folder but the files and the sidecars of those rated in one.
        self.assertEqual(sorted(os.listdir(self.folder)), sorted(
            self.files + [n + ".xmp" for n in given if extension(n) not in RATED_INSIDE]))

    # ---- the photo window -------------------------------------------------------------------------
    def capture(self, wid, path):
        subprocess.run(["import", "-window", wid, f"png:{path}"], check=True, capture_output=True, timeout=20)
        with open(path, "rb") as f:
            return f.read()

    def open_and_capture(self, app, cell, name, cases):
        """Return on the cell; the photo window's picture captured once it is steady, or its message."""
        title = cell.name
        send_keys("Return")
        photo = app.window(title)
        wid = self.point_at(title)
        picture = find(photo, "image", title)
        failed = lambda: (picture.description or "").startswith("Cannot show this photo")  # noqa: E731
        shot = self.sandbox.path(f"shot-{name}.png")
        last = [None]

        # The picture's widget is in a scroller on the stage, where a spinner turns while it loads.
        stage = picture.parent.parent.parent
        started = time.monotonic()

        def shown():
            if failed():
                return "failed"
            if any(c.name == "GtkSpinner" for c in a11y.children(stage)):
                return None
            # Loaded: once two captures in a row are the same, the window has drawn it.
            pixels = self.capture(wid, shot)
            steady, last[0] = pixels == last[0], pixels
            return "shown" if steady else None
        outcome = wait_for(shown, interval=0.05, message=lambda: f"{name} shown or refused: " + a11y.dump_tree(photo))
        texts = [(n.name or "") + " " + (n.description or "") + " " + (a11y.read_text(n) or "")
                 for n in find_all(photo)]
        case = {"file": name, "outcome": outcome, "description": picture.description or "",
                "seconds": round(time.monotonic() - started, 2),
                "texts": texts, "alive": app.proc.poll() is None}
        if outcome == "shown":
            box = a11y.extents(picture)
            w, h = a11y.x_geometry(wid)[2:]
            fw, fh = a11y.extents(photo)[2:]
            masks = [a11y.extents(n) for n in find_all(photo, "push button") + find_all(photo, "panel", "Rating")
                     if a11y.extents(n)[1] >= box[1]]
            case.update(shot=shot, box=list(box), offset=[(w - fw) // 2, (h - fh) // 2], masks=masks)
        cases[name] = case
        send_keys("Escape")
        app.wait_window_gone(title)
        self.point_at("Lightbox")

    def test_each_real_file_is_shown_the_right_way_up_or_said_to_be_unshowable(self):
        app, window, count = self.open_folder()
        cases = {}
        seen = self.walk_cells(window, count, lambda cell, name: self.open_and_capture(app, cell, name, cases))
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        self.assert_listed(seen, count)

        references = self.references()
        compared = {}
        todo = [dict(c, reference=references[n]["png"])
                for n, c in cases.items() if c["outcome"] == "shown" and references[n].get("png")]
        if todo:
            with open(self.sandbox.path("cases.json"), "w") as f:
                json.dump(todo, f)
            result = subprocess.run([self.venv_python, reference_decoders.__file__, "compare",
                                     self.sandbox.path("cases.json"), self.sandbox.path("compared.json")],
                                    capture_output=True, text=True, timeout=120)
            self.assertEqual(result.returncode, 0, result.stderr[-3000:])
            with open(self.sandbox.path("compared.json")) as f:
                compared = json.load(f)
        report = []
        for name in self.files:
            if name not in cases:
                continue  # not listed: assert_listed said so
            case, ref = cases[name], references[name]
            with self.subTest(name, check="shown or refused"):
                self.assertTrue(case["alive"], f"{name}: the app still runs")
                if ref["size"] is None:
                    # No decoder finds a picture in it: the window says so, in words.
                    self.assertEqual(case["outcome"], "failed", f"{name} has no picture ({ref['how']}): "
                                     f"the window says it cannot show it; it says {case['description']!r}")
                    self.assertRegex(case["description"], r"^Cannot show this photo\. \S",
                                     f"{name}: a reason after the message")
                    continue
                self.assertEqual(case["outcome"], "shown", f"{name} is shown ({ref['how']}); the window says "
                                 f"{case['description']!r}")
            if name in INCOMPLETE:
                with self.subTest(name, check="marked incomplete"):
                    self.assertTrue(case["outcome"] == "shown"
                                    and any(re.search(r"file incomplete", t, re.I) for t in case["texts"]),
                                    f"{name}: the window shows its preview with a mark that the file is "
                                    f"incomplete; it says: {[t for t in case['texts'] if t.strip()]}")
            if name not in compared:
                continue  # not shown: said above
            with self.subTest(name, check="the right way up"):
                got = compared[name]
                scores = got["scores"]
                report.append(f"{name} ({case['seconds']:.1f} s): "
                              + ", ".join(f"{k} {v:.3f}" for k, v in scores.items()))
                if name in UNJUDGEABLE:
                    # What can be said of it: the window draws a dark picture of its shape where it
                    # goes, and nothing dark around it (no room around it when the shapes agree).
                    self.assertLess(got["reference_spread"], 3.0, f"{name} is {UNJUDGEABLE[name]}")
                    self.assertGreaterEqual(got["dark_inside"], 0.97, f"{name}: dark where a {ref['size']} "
                                            f"picture is drawn ({got['expected_rect']}): {got}")
                    if got["dark_outside"] is not None and got["dark_outside"] == got["dark_outside"]:  # not NaN
                        self.assertLessEqual(got["dark_outside"], 0.02, f"{name}: nothing dark beside it: {got}")
                    continue
                as_is = scores["as is"]
                other, best_other = max((v, k) for k, v in scores.items() if k != "as is")
                self.assertGreaterEqual(as_is, MIN_SCORE, f"{name} looks like its reference ({ref['how']}): "
                                        f"{scores}")
                # Clearly better than any other way: by MIN_MARGIN, and with a residual (1 - correlation)
                # a fifth of the next best's at most.
                self.assertTrue(as_is - other >= MIN_MARGIN and (1 - other) >= 5 * (1 - as_is),
                                f"{name} matches its reference as it is, clearly better than {best_other} "
                                f"({as_is:.3f} against {other:.3f}): {scores}")
        with open(self.sandbox.path("scores.txt"), "w") as f:  # kept by run.sh when a test fails
            f.write("\n".join(report) + "\n")


if __name__ == "__main__":
    unittest.main()
