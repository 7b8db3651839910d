"""End-to-end: a photo whose file name is not UTF-8 (Latin-1, as old cameras and Windows archives
write) is listed, thumbnailed, opened, rated, trashed and put back like any other; its name shows
with a replacement character.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import hashlib
import os
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, press, send_keys, wait_for
from lightbox_case import LightboxTestCase
from test_photos import make_jpeg

LATIN1 = b"caf\xe9.jpg"  # "café.jpg" in Latin-1: not UTF-8
SHOWN = "caf\ufffd"


class FileNameTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Trip")
        os.makedirs(self.folder)
        make_jpeg(os.path.join(self.folder, "plain.jpg"), 1)
        self.odd = os.path.join(os.fsencode(self.folder), LATIN1)
        os.rename(os.path.join(self.folder, "plain.jpg"), self.odd)
        make_jpeg(os.path.join(self.folder, "other.jpg"), 2)

    def thumbnails_of(self, path):
        """Where the shared cache keeps the thumbnails of `path` (bytes), 128 and 256 px: named by the
        MD5 of its URI, each byte that is not unreserved escaped as %XX, as the thumbnail
        specification asks."""
        safe = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@"
        uri = b"file://" + b"".join(bytes([c]) if c in safe else b"%%%02X" % c for c in path)
        return [os.path.join(self.sandbox.env["XDG_CACHE_HOME"], "thumbnails", size,
                             hashlib.md5(uri).hexdigest() + ".png") for size in ("normal", "large")]

    def test_a_latin1_name_is_shown_opened_rated_trashed_and_restored(self):
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Trip \u2014 2 photos")
        cell = find(window, name=SHOWN)
        wait_for(lambda: any(map(os.path.exists, self.thumbnails_of(self.odd))),
                 message="its thumbnail in the shared cache")
        self.assertTrue((cell.description or "").startswith("Not rated"), a11y.describe(cell))

        a11y.xdotool("mousemove", "--window", a11y.x_window("Lightbox"), "200", "300")
        wait_for(lambda: any("focused" in a11y.states(find(window, name=n)) for n in (SHOWN, "other")),
                 message=lambda: a11y.dump_tree(window))
        while "focused" not in a11y.states(find(window, name=SHOWN)):
            send_keys("Right")
        send_keys("Return")
        photo = app.window(SHOWN)
        picture = find(photo, "image", SHOWN)
        wait_for(lambda: (picture.description or "").startswith("Not rated"), message=lambda: a11y.describe(picture))
        a11y.xdotool("mousemove", "--window", a11y.x_window(SHOWN), "200", "300")
        send_keys("5")
        wait_for(lambda: (picture.description or "").startswith("Rated 5 stars"),
                 message=lambda: a11y.describe(picture))
        send_keys("Escape")

        a11y.xdotool("mousemove", "--window", a11y.x_window("Lightbox"), "200", "300")
        # Closing the photo window selected the photo it showed: Delete trashes the selection.
        wait_for(lambda: "selected" in a11y.states(find(window, name=SHOWN)), message=lambda: a11y.dump_tree(window))
        send_keys("Delete")
        self.wait_label(window, "Trip \u2014 1 photo")
        self.assertFalse(os.path.exists(self.odd))
        press(find(window, "push button", "Undo"))
        self.wait_label(window, "Trip \u2014 2 photos")
        self.assertTrue(os.path.exists(self.odd), "back under its own name")
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())

        rating = subprocess.run([b"exiftool", b"-s3", b"-XMP:Rating", self.odd], capture_output=True,
                                check=True).stdout.strip()
        self.assertEqual(rating, b"5")
        self.assertEqual(sorted(os.listdir(os.fsencode(self.folder))), [LATIN1, b"other.jpg"])


if __name__ == "__main__":
    unittest.main()
