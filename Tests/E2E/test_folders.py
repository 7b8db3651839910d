"""End-to-end tests of walking through a library's folders in a main window: the side panel's
folders, Back and Forward by real keys, the location row, and "Include Subfolders", through the
accessibility tree.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, press, send_keys
from trip_case import NAMES, TripCase
from test_photos import make_jpeg


class FolderTests(TripCase):
    def test_into_a_folder_back_forward_and_without_subfolders(self):
        inside = os.path.join(self.folder, "2024")
        os.makedirs(inside)
        make_jpeg(os.path.join(inside, "five.jpg"), 5)
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Trip \u2014 5 photos")
        # The side panel comes with F9 (a window opens without it).
        self.point_at_grid()
        send_keys("F9")
        panel = find(window, name="Folders Inside", pred=a11y.on_screen)
        press(find(panel, "push button", "2024"))
        self.wait_label(window, "2024 \u2014 1 photo")
        find(window, name="Location")
        self.point_at_grid()
        send_keys("alt+Left")
        self.wait_label(window, "Trip \u2014 5 photos")
        send_keys("alt+Right")
        self.wait_label(window, "2024 \u2014 1 photo")
        send_keys("alt+Left")
        self.wait_label(window, "Trip \u2014 5 photos")
        # GTK 4.8 gives a check box no AT-SPI action: a real click.
        a11y.click(find(window, "check box", "Include Subfolders"), "Lightbox")
        self.wait_label(window, "Trip \u2014 4 photos")
        for name in NAMES:
            find(window, name=name)
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())


if __name__ == "__main__":
    unittest.main()
