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
        # The side panel is there from the start, as in Files and gThumb: the folders in sight.
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

    def test_the_side_panel_stays_as_the_person_left_it(self):
        os.makedirs(os.path.join(self.folder, "2024"))
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Trip \u2014 4 photos")
        find(window, name="Folders Inside", pred=a11y.on_screen)
        self.point_at_grid()
        send_keys("F9")
        a11y.wait_for(lambda: not a11y.find_all(window, name="Folders Inside", pred=a11y.on_screen),
                      message="the side panel to go on F9")
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        # The next start remembers: the photos across the whole window.
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Trip \u2014 4 photos")
        find(window, name=NAMES[0])
        self.assertEqual(a11y.find_all(window, name="Folders Inside", pred=a11y.on_screen), [],
                         "the side panel hidden, as it was left")
        self.point_at_grid()
        send_keys("F9")
        find(window, name="Folders Inside", pred=a11y.on_screen)
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())


if __name__ == "__main__":
    unittest.main()
