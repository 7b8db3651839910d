"""End-to-end tests of zooming a photo with the pointer: Ctrl+wheel around the pointer, dragging to
pan, a double click between fitted and 100 %, driven by real X input (xdotool) and checked on the
screen. The photo's colours say where in it a screen pixel is: red grows from its left edge to its
right, green from top to bottom, so the colour under the pointer tells which part of the photo is
there, and the change of red over 100 screen pixels tells the zoom.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, send_keys, wait_for
from lightbox_case import LightboxTestCase

WIDTH, HEIGHT = 2400, 1600


def make_position_jpeg(path):
    """A JPEG whose red is its x (0 at the left … 255 at the right) and green its y."""
    rows = []
    reds = bytes(x * 255 // (WIDTH - 1) for x in range(WIDTH))
    ppm = path + ".ppm"
    with open(ppm, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (WIDTH, HEIGHT))
        for y in range(HEIGHT):
            green = y * 255 // (HEIGHT - 1)
            f.write(bytes(b for red in reds for b in (red, green, 60)))
    with open(path, "wb") as out:
        subprocess.run(["cjpeg", "-quality", "95", ppm], stdout=out, check=True)
    os.remove(ppm)
    return rows


def colour(window, x, y):
    """(red, green) of the screen pixel at x, y of the X window."""
    shot = subprocess.run(["import", "-window", window, "png:-"], capture_output=True, check=True, timeout=10).stdout
    out = subprocess.run(["convert", "png:-", "-crop", f"1x1+{x}+{y}", "-format",
                          "%[fx:int(255*r+0.5)] %[fx:int(255*g+0.5)]", "info:"],
                         input=shot, capture_output=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


def steady(read):
    """A probe for wait_for: read()'s value once two reads in a row agree (the screen has settled)."""
    def probe():
        first = read()
        return first if read() == first else None
    return probe


class ZoomTests(LightboxTestCase):
    def open_photo(self):
        folder = self.sandbox.path("Big")
        os.makedirs(folder)
        make_position_jpeg(os.path.join(folder, "wide.jpg"))
        app, window = self.launch_main_window(folder)
        a11y.xdotool("mousemove", "--window", a11y.x_window("Lightbox"), "200", "300")
        wait_for(lambda: "focused" in a11y.states(find(window, name="wide")), message="the photo focused")
        send_keys("Return")
        app.window("wide")
        return a11y.x_window("wide")

    def redness_over(self, window, x, y, span=100):
        """How much red grows over `span` screen pixels rightwards from x, y: less when zoomed in."""
        return colour(window, x + span, y)[0] - colour(window, x, y)[0]

    def test_ctrl_wheel_drag_and_double_click(self):
        window = self.open_photo()
        x, y = 300, 300  # inside the photo, which fills the window's middle
        a11y.xdotool("mousemove", "--window", window, str(x), str(y))
        wait_for(lambda: self.redness_over(window, x, y) > 0, message="the photo shown")
        # The window shows the photo decoded to the screen's size first, then decoded to fit the
        # window: the same photo at the same size (ZoomView.show), read once it is steady.
        under, fitted = wait_for(steady(lambda: (colour(window, x, y), self.redness_over(window, x, y))),
                                 message="the fitted photo steady")

        # Ctrl + wheel up, three steps (1.25³ ≈ 1.95 times): the same part of the photo stays under the
        # pointer, twice as large.
        a11y.xdotool("keydown", "ctrl")
        for _ in range(3):
            a11y.xdotool("click", "4")
        a11y.xdotool("keyup", "ctrl")
        wait_for(lambda: self.redness_over(window, x, y) < fitted * 0.58,
                 message=lambda: f"zoomed in: {self.redness_over(window, x, y)} vs {fitted} fitted")
        zoomed = wait_for(steady(lambda: colour(window, x, y)), message="the zoomed photo settled")
        self.assertLessEqual(abs(zoomed[0] - under[0]), 4, f"{zoomed} under the pointer, was {under}")
        self.assertLessEqual(abs(zoomed[1] - under[1]), 4, f"{zoomed} under the pointer, was {under}")

        # A drag pans: the part of the photo that was under the pointer moves with it.
        a11y.xdotool("mousedown", "1")
        for step in range(1, 6):
            a11y.xdotool("mousemove", "--window", window, str(x + 30 * step), str(y))
        a11y.xdotool("mouseup", "1")
        wait_for(lambda: abs(colour(window, x + 150, y)[0] - under[0]) <= 4,
                 message=lambda: f"panned: {colour(window, x + 150, y)} at the pointer, was {under}")

        # A double click: fitted again, as at first.
        a11y.xdotool("mousemove", "--window", window, str(x), str(y))
        a11y.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        wait_for(lambda: colour(window, x, y) == under, message=lambda: f"fitted: {colour(window, x, y)}")
        # Another: 100 %, one photo pixel a screen pixel: red grows 255 over the photo's 2400.
        a11y.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        wait_for(lambda: abs(self.redness_over(window, x, y) - 100 * 255 / WIDTH) <= 2,
                 message=lambda: f"100 %: {self.redness_over(window, x, y)}")


if __name__ == "__main__":
    unittest.main()
