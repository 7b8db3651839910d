"""End-to-end tests of browsing a folder: the count, search, a photo window, ratings kept across
restarts, files dropped into the folder, and broken files among good ones.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import shutil
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, press, send_keys, wait_for
from lightbox_case import LightboxTestCase

PHOTOS = 12


def make_jpeg(path, seed):
    """A real JPEG (a coloured gradient), made with cjpeg from a PPM written here."""
    width, height = 96, 64
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            pixels += bytes(((x * 3 + seed * 40) % 256, (y * 4 + seed * 20) % 256, (seed * 70) % 256))
    ppm = path + ".ppm"
    with open(ppm, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (width, height) + bytes(pixels))
    with open(path, "wb") as out:
        subprocess.run(["cjpeg", "-quality", "85", ppm], stdout=out, check=True)
    os.remove(ppm)


def make_folder(root):
    os.makedirs(os.path.join(root, "nested"))
    for index in range(1, PHOTOS + 1):
        sub = "nested" if index > 8 else ""
        make_jpeg(os.path.join(root, sub, f"photo-{index:02d}.jpg"), index)
    with open(os.path.join(root, "broken.jpg"), "w") as f:
        f.write("this is not a JPEG")
    open(os.path.join(root, "empty.jpg"), "w").close()
    with open(os.path.join(root, "notes.txt"), "w") as f:
        f.write("not a photo")


class PhotoTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Holidays")
        make_folder(self.folder)

    def launch(self):
        return self.launch_main_window(self.folder)

    def search(self, window, text):
        send_keys("ctrl+f")
        entry = find(window, "entry", "Search Photos")
        a11y.set_text(entry, text, "Lightbox")
        return entry

    def open_by_search(self, app, window, title):
        self.search(window, title)
        self.wait_label(window, f"1 of {PHOTOS + 2} photos")
        send_keys("Return")
        return app.window(title)

    def test_browse_search_rate_restart_and_watch(self):
        app, window = self.launch()
        # Twelve photos and two broken files count as photos; the text file does not.
        self.wait_label(window, f"Holidays \u2014 {PHOTOS + 2} photos")
        # The grid's cells are named after the photos' titles.
        find(window, name="photo-01")

        self.search(window, "PHOTO-1")
        self.wait_label(window, f"3 of {PHOTOS + 2} photos")  # photo-10, -11, -12

        photo = self.open_by_search(app, window, "photo-03")
        press(find(photo, "push button", "Rate 4 stars"))
        self.wait_label(photo, "Rated 4 stars")
        # The photo is the only one found: no previous or next photo to go to, and the photo menu
        # holds what is not over the photo.
        for name in ("Previous Photo", "Next Photo"):
            self.assertEqual(find_all(photo, "push button", name), [], f"no {name} button: the only photo found")
        press(find(photo, "push button", "Photo Menu"))
        for name in ("Set as Profile Photo", "Move to Trash"):
            find(photo, "menu item", name)
        send_keys("Escape")

        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())

        app, window = self.launch()
        self.wait_label(window, f"{PHOTOS + 2} photos")
        photo = self.open_by_search(app, window, "photo-03")
        self.wait_label(photo, "Rated 4 stars")
        press(find(photo, "push button", "Rate 4 stars"))  # the same rating again clears it
        self.wait_label(photo, "Not rated")

        # A file dropped into the folder appears without a reload.
        shutil.copy(os.path.join(self.folder, "photo-01.jpg"), os.path.join(self.folder, "nested", "dropped.jpg"))
        self.wait_label(window, f"{PHOTOS + 3} photos")
        os.remove(os.path.join(self.folder, "photo-02.jpg"))
        self.wait_label(window, f"{PHOTOS + 2} photos")

    def test_thumbnail_size_follows_ctrl_minus_and_plus_and_is_remembered(self):
        app, window = self.launch()
        self.wait_label(window, f"Holidays \u2014 {PHOTOS + 2} photos")
        width = a11y.extents(find(window, name="photo-01"))[2]
        # Keys go to the window under the pointer.
        a11y.xdotool("mousemove", "--window", a11y.x_window("Lightbox"), "300", "300")
        send_keys("ctrl+minus")
        wait_for(lambda: a11y.extents(find(window, name="photo-01"))[2] < width,
                 message=lambda: f"smaller cells: {a11y.extents(find(window, name='photo-01'))} (was {width} wide)")
        smaller = a11y.extents(find(window, name="photo-01"))[2]
        # The header's Thumbnail Size menu shows the level.
        find(window, "push button", "Thumbnail Size")
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        app, window = self.launch()
        wait_for(lambda: a11y.extents(find(window, name="photo-01"))[2] == smaller,
                 message=lambda: f"the size kept: {a11y.extents(find(window, name='photo-01'))}")
        a11y.xdotool("mousemove", "--window", a11y.x_window("Lightbox"), "300", "300")
        send_keys("ctrl+plus")
        wait_for(lambda: a11y.extents(find(window, name="photo-01"))[2] == width,
                 message=lambda: f"back to the standard size: {a11y.extents(find(window, name='photo-01'))}")

    def test_trash_from_a_photo_window_and_undo(self):
        app, window = self.launch()
        self.wait_label(window, f"{PHOTOS + 2} photos")
        self.open_by_search(app, window, "photo-05")
        send_keys("Delete")
        self.wait_label(window, f"0 of {PHOTOS + 1} photos")  # the search still says photo-05
        self.assertFalse(os.path.exists(os.path.join(self.folder, "photo-05.jpg")))
        self.wait_label(window, "\u201cphoto-05\u201d moved to trash")
        press(find(window, "push button", "Undo"))
        self.wait_label(window, f"1 of {PHOTOS + 2} photos")
        self.assertTrue(os.path.exists(os.path.join(self.folder, "photo-05.jpg")))

    def test_broken_files_get_a_placeholder_and_a_reason(self):
        app, window = self.launch()
        self.wait_label(window, f"{PHOTOS + 2} photos")
        self.search(window, "broken")
        self.wait_label(window, f"1 of {PHOTOS + 2} photos")
        cell = find(window, name="broken")
        wait_for(lambda: "not an image" in (cell.description or "").lower()
                 or "damaged" in (cell.description or "").lower(),
                 message=lambda: f"a reason on the broken cell, got {cell.description!r}:\n"
                 + a11y.dump_tree(window))
        send_keys("Return")
        photo = app.window("broken")
        self.wait_label(photo, "Cannot Show This Photo")


if __name__ == "__main__":
    unittest.main()
