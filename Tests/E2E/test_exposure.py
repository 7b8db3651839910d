"""End-to-end tests of the exposure aids in a photo window, through the accessibility tree and real
keys: the properties say how much of the photo is clipped at white and how much lies in deep
shadows, read from a picture made with known areas; J marks them over the photo and says what it
found; the choice is kept for the next window.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import struct
import subprocess
import zlib

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, send_keys, wait_for
from lightbox_case import LightboxTestCase


def make_png(path, width, height, pixel):
    """A real PNG (8-bit RGB), written here: pixel(x, y) gives each pixel's (r, g, b)."""
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def quarters(x, y):
    """A quarter white (clipped), a quarter black (deep shadows), the rest mid grey: 200 x 100."""
    if x < 50:
        return (255, 255, 255)
    if x < 100:
        return (0, 0, 0)
    return (128, 128, 128)


class ExposureTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Exposure")
        os.makedirs(self.folder)
        make_png(os.path.join(self.folder, "quarters.png"), 200, 100, quarters)

    def open_photo(self):
        app = self.start_app(os.path.join(self.folder, "quarters.png"))
        photo = app.window("quarters")
        wid = a11y.x_window("quarters")
        # With no window manager, keys go to the window under the pointer.
        a11y.xdotool("mousemove", "--window", wid, "300", "300")
        return app, photo, find(photo, "image", "quarters")

    def labels(self, photo):
        return [n.name for n in find_all(photo, "label", everywhere=True) if n.name]

    def test_the_properties_say_what_is_clipped_and_j_marks_it(self):
        app, photo, picture = self.open_photo()
        send_keys("F9")
        clipped = "Highlights Clipped: 25.0 % of the photo (red 25.0 %, green 25.0 %, blue 25.0 %)"
        shadows = "Deep Shadows: 25.0 % more than 6 stops below white"
        wait_for(lambda: clipped in self.labels(photo) and shadows in self.labels(photo),
                 message=lambda: f"the exposure in the properties: {self.labels(photo)}")
        self.assertIn("Read From: The picture as decoded", self.labels(photo))
        find(photo, "image", "Histogram")

        send_keys("j")
        said = "Clipping shown: 25.0 % clipped in the highlights, 25.0 % in deep shadows"
        wait_for(lambda: picture.description == said, message=lambda: f"J says: {picture.description!r}")
        send_keys("j")
        wait_for(lambda: picture.description == "Clipping hidden", message=lambda: f"J again: {picture.description!r}")
        send_keys("j")
        wait_for(lambda: picture.description == said, message=lambda: f"J once more: {picture.description!r}")

        # Kept: the next photo window marks the clipping from the start, so J there hides it.
        send_keys("ctrl+w")
        app.wait_window_gone("quarters")
        a11y.xdotool("mousemove", "--window", a11y.x_window("Lightbox"), "300", "300")
        send_keys("Return")
        photo = app.window("quarters")
        picture = find(photo, "image", "quarters")
        a11y.xdotool("mousemove", "--window", a11y.x_window("quarters"), "300", "300")
        send_keys("j")
        wait_for(lambda: picture.description == "Clipping hidden",
                 message=lambda: f"J in a new window turns the kept clipping off: {picture.description!r}")

    def test_h_shows_the_histogram_over_the_photo(self):
        app, photo, picture = self.open_photo()
        send_keys("h")
        wait_for(lambda: picture.description == "Histogram shown: 25.0 % clipped",
                 message=lambda: f"H says: {picture.description!r}")
        self.assertIn("visible", a11y.states(find(photo, "image", "Histogram: 25.0 % clipped")))
        send_keys("h")
        wait_for(lambda: picture.description == "Histogram hidden", message=lambda: f"H again: {picture.description!r}")
        # A hidden widget leaves the tree: asked anew, no histogram shows.
        wait_for(lambda: not [n for n in find_all(photo, "image", "Histogram: 25.0 % clipped")
                              if "visible" in a11y.states(n)], message="the histogram is gone")

    def test_p_marks_the_sharp_edges_and_says_so(self):
        app, photo, picture = self.open_photo()
        send_keys("p")
        wait_for(lambda: picture.description == "Focus peaking shown: the sharp edges in green",
                 message=lambda: f"P says: {picture.description!r}")
        send_keys("p")
        wait_for(lambda: picture.description == "Focus peaking hidden", message=lambda: f"P again: {picture.description!r}")


class SensorExposureTests(LightboxTestCase):
    """A camera RAW's exposure read from its sensor data, which its preview would hide."""

    def test_a_raws_properties_say_what_its_sensor_clipped(self):
        folder = self.sandbox.path("Raw")
        os.makedirs(folder)
        # The top quarter's photosites at the white level, the rest at black; its preview is a
        # plain blue picture that clips nothing.
        generator = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "raw_samples.py")
        subprocess.run(["/usr/bin/python3", generator, "nef", os.path.join(folder, "extremes.nef"), "--size", "1200x800",
                        "--extremes"], check=True, timeout=60)
        app = self.start_app(os.path.join(folder, "extremes.nef"))
        photo = app.window("extremes")
        a11y.xdotool("mousemove", "--window", a11y.x_window("extremes"), "300", "300")
        send_keys("F9")
        labels = lambda: [n.name for n in find_all(photo, "label", everywhere=True) if n.name]
        clipped = "Highlights Clipped: 25.0 % of the photo (red 25.0 %, green 25.0 %, blue 25.0 %)"
        wait_for(lambda: clipped in labels() and "Read From: The sensor data" in labels(),
                 message=lambda: f"the sensor's exposure in the properties: {labels()}")
        self.assertIn("Deep Shadows: 75.0 % more than 6 stops below white", labels())
