"""End-to-end tests of the sharpness measure, through the accessibility tree and real keys: five
photos made with known blur are measured in the background after the folder loads, "Sharpest
First" sorts them by it, "Only the Sharpest" shows the sharpest quarter, and a photo's properties
say where it stands in the folder. Nothing is rejected or changed by it.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import hashlib
import os
import subprocess

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, press, send_keys, wait_for
from lightbox_case import LightboxTestCase

# Blur (a Gaussian's sigma in pixels) by name: name order is not sharpness order.
BLURS = {"c": 0, "a": 0.8, "e": 1.6, "b": 3, "d": 6}
SHARPEST_FIRST = ["c", "a", "e", "b", "d"]


def make_detail(path, sigma):
    """A 320 x 240 PNG of fine grey detail (the same seeded noise each time), blurred by sigma."""
    blur = ["-blur", f"0x{sigma}"] if sigma else []
    subprocess.run(["/usr/bin/convert", "-seed", "7", "-size", "320x240", "xc:gray50", "+noise", "Random",
                    "-colorspace", "Gray", *blur, path], check=True, timeout=30)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class SharpnessTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Burst")
        os.makedirs(self.folder)
        for name, sigma in BLURS.items():
            make_detail(os.path.join(self.folder, f"{name}.png"), sigma)
        self.before = {name: digest(os.path.join(self.folder, name)) for name in os.listdir(self.folder)}

    def cells(self, window):
        """The names of the grid's cells, in the grid's order."""
        # A cell and the picture inside it carry the photo's name: each once.
        return list(dict.fromkeys(n.name for n in find_all(window, pred=lambda n: n.name in BLURS)))

    def test_sharpest_first_only_the_sharpest_and_the_properties(self):
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Burst \u2014 5 photos")
        wid = a11y.x_window("Lightbox")
        a11y.xdotool("mousemove", "--window", wid, str(a11y.x_geometry(wid)[2] // 2), "12")

        press(self.header_button(window, "Sort Photos"))
        press(find(window, None, "Sharpest First", pred=a11y.on_screen))
        # The measures arrive in the background: the order follows them.
        wait_for(lambda: self.cells(window) == SHARPEST_FIRST, message=lambda: f"the order: {self.cells(window)}")

        press(self.header_button(window, "Filter Photos"))
        press(find(window, None, "Only the Sharpest", pred=a11y.on_screen))
        self.wait_label(window, "2 of 5 photos")
        wait_for(lambda: self.cells(window) == ["c", "a"], message=lambda: f"the sharpest: {self.cells(window)}")
        press(self.header_button(window, "Filter Photos"))
        press(find(window, None, "Show All Photos", pred=a11y.on_screen))
        self.wait_label(window, "Burst \u2014 5 photos")

        # The sharpest photo's properties say where it stands.
        a11y.click(find(window, name="c"), "Lightbox")
        send_keys("Return")
        photo = app.window("c")
        a11y.xdotool("mousemove", "--window", a11y.x_window("c"), "300", "300")
        send_keys("F9")
        labels = lambda: [n.name for n in find_all(photo, "label", everywhere=True) if n.name]
        wait_for(lambda: "Sharpness: Sharpest of 5 in this folder" in labels(), message=lambda: f"{labels()}")

        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        after = {name: digest(os.path.join(self.folder, name)) for name in os.listdir(self.folder)}
        self.assertEqual(after, self.before, "measuring changes no photo and writes nothing into the folder")
