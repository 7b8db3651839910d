"""End-to-end tests of the camera's focus points in a photo window, through the accessibility tree,
real keys and the screen: F draws the points a real Canon recorded and says where they are, the
properties tell it, a photo focused by hand says so over the photo, and Z shows 100 % at the focus
point.

The photos are real cameras' files (Tests/Fixtures/real, SOURCES.md). Run through Tests/E2E/run.sh
(Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import shutil
import subprocess

import lightbox_a11y as a11y
from lightbox_a11y import extents, find, find_all, send_keys, wait_for
from lightbox_case import LightboxTestCase

REAL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "real")


def yellow_pixels(wid):
    """How many pixels of the window are the outlines' yellow (GNOME's Yellow 2, #f8e45c)."""
    out = subprocess.run(
        ["sh", "-c", f"import -window {wid} png:- | /usr/bin/convert png:- -fuzz 6% -fill white -opaque '#f8e45c' "
                     "-fill black +opaque white -format '%[fx:round(mean*w*h)]' info:"],
        capture_output=True, text=True, timeout=30, check=True)
    return int(out.stdout.strip())


class FocusPointTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Focus")
        os.makedirs(self.folder)
        for name in ("canon_5d3_ori8.jpg", "canon_eos_r6_pruned.cr3"):
            shutil.copy(os.path.join(REAL, name), self.folder)

    def open_photo(self, name):
        app = self.start_app(os.path.join(self.folder, name))
        title = os.path.splitext(name)[0]
        photo = app.window(title)
        wid = a11y.x_window(title)
        # With no window manager, keys go to the window under the pointer.
        a11y.xdotool("mousemove", "--window", wid, "300", "300")
        picture = find(photo, "image", title)
        wait_for(lambda: "rated" in (picture.description or "").lower(), message="the photo's window")
        return app, photo, picture, wid

    def labels(self, photo):
        return [n.name for n in find_all(photo, "label", everywhere=True) if n.name]

    def test_f_draws_where_the_camera_focused_and_says_where(self):
        app, photo, picture, wid = self.open_photo("canon_5d3_ori8.jpg")
        send_keys("f")
        # Five points in focus around the middle of the photo, as ExifTool reads the maker notes.
        said = "Focus point: Centre (5 points)"
        wait_for(lambda: picture.description == said, message=lambda: f"F says: {picture.description!r}")
        drawn = yellow_pixels(wid)
        send_keys("F9")
        wait_for(lambda: "Focus Point: Centre (5 points)" in self.labels(photo),
                 message=lambda: f"the properties: {self.labels(photo)}")
        send_keys("f")
        wait_for(lambda: picture.description == "Focus point hidden", message=lambda: f"F again: {picture.description!r}")
        # The five outlines' yellow was on the screen, and only while shown.
        wait_for(lambda: drawn - yellow_pixels(wid) > 200, message=lambda: f"{drawn} yellow pixels drawn, then fewer")

    def test_a_photo_focused_by_hand_says_so_over_the_photo(self):
        app, photo, picture, wid = self.open_photo("canon_eos_r6_pruned.cr3")
        send_keys("f")
        wait_for(lambda: picture.description == "Focus point: Focused by hand",
                 message=lambda: f"F says: {picture.description!r}")
        wait_for(lambda: "Focus point: Focused by hand" in self.labels(photo),
                 message=lambda: f"the note over the photo: {self.labels(photo)}")

    def test_z_shows_the_photo_at_actual_size_on_its_focus_point(self):
        app, photo, picture, wid = self.open_photo("canon_5d3_ori8.jpg")
        fitted = extents(picture)
        send_keys("z")
        wait_for(lambda: picture.description == "Actual size at the focus point: Centre (5 points)",
                 message=lambda: f"Z says: {picture.description!r}")
        # Turned by its orientation, the photo is 1280 × 1920: at 100 % it is larger than the window.
        wait_for(lambda: extents(picture)[3] >= 1900, message=lambda: f"100 %: {extents(picture)} (fitted {fitted})")
        send_keys("z")
        wait_for(lambda: picture.description == "Best fit", message=lambda: f"Z again: {picture.description!r}")
        wait_for(lambda: extents(picture)[3] < 1000, message=lambda: f"fitted again: {extents(picture)}")
