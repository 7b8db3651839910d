"""End-to-end test of comparing two photos side by side: two selected in the grid, C opens them in
one window, the rating keys act on the photo with the focus (Tab moves it), and the ratings reach
the files (read back by exiftool).

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import re
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, send_keys, wait_for
from trip_case import TripCase


def xmp_rating(path):
    out = subprocess.run(["exiftool", "-s3", "-n", "-XMP:Rating", path], capture_output=True, text=True, check=True)
    return out.stdout.strip() or None


class CompareTests(TripCase):
    def test_two_selected_photos_side_by_side(self):
        app, window = self.open_trip()
        send_keys("Home")
        send_keys("shift+Right")
        self.wait_label(window, "Trip \u2014 4 photos, 2 selected")
        left, right = [n for n in ("four", "one", "three", "two") if "selected" in a11y.states(find(window, name=n))]
        send_keys("c")
        compare = app.window(re.compile("^Compare "))
        pictures = wait_for(lambda: (lambda found: found if len(found) == 2 else None)(
            find_all(compare, "image", pred=lambda n: a11y.plain_name(n.name) in (left, right))),
            message=lambda: a11y.dump_tree(compare))
        by_name = {a11y.plain_name(p.name): p for p in pictures}
        self.point_at_grid(f"Compare {left} and {right}")
        wait_for(lambda: "focused" in a11y.states(by_name[left]), message="the left photo focused")
        send_keys("3")
        wait_for(lambda: (by_name[left].description or "").startswith("Rated 3 stars"),
                 message=lambda: a11y.describe(by_name[left]))
        send_keys("Tab")
        wait_for(lambda: "focused" in a11y.states(by_name[right]), message="Tab: the right photo focused")
        send_keys("x")
        wait_for(lambda: (by_name[right].description or "").startswith("Rejected"),
                 message=lambda: a11y.describe(by_name[right]))
        self.assertTrue((by_name[left].description or "").startswith("Rated 3 stars"), "the left one unchanged")
        send_keys("ctrl+w")
        app.wait_window_gone(re.compile("^Compare "))
        # The grid shows both decisions, and they reach the files.
        wait_for(lambda: self.cell_description(window, left).startswith("Rated 3 stars"),
                 message=lambda: self.cell_description(window, left))
        self.point_at_grid()
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        self.assertEqual(xmp_rating(os.path.join(self.folder, f"{left}.jpg")), "3")
        self.assertEqual(xmp_rating(os.path.join(self.folder, f"{right}.jpg")), "-1")

    def test_four_selected_photos_in_a_square_the_arrows_move_between_them(self):
        app, window = self.open_trip()
        send_keys("ctrl+a")
        self.wait_label(window, "Trip \u2014 4 photos, 4 selected")
        send_keys("c")
        compare = app.window(re.compile("^Compare .* and 3 more$"))
        pictures = wait_for(lambda: (lambda found: found if len(found) == 4 else None)(
            find_all(compare, "image", pred=lambda n: a11y.plain_name(n.name) in ("one", "two", "three", "four"))),
            message=lambda: a11y.dump_tree(compare))
        place = lambda p: (p.description or "").rsplit(", ", 1)[-1]
        by_place = {place(p): p for p in pictures}
        self.assertEqual(sorted(by_place), ["lower left", "lower right", "upper left", "upper right"])
        self.point_at_grid(compare.name)
        wait_for(lambda: "focused" in a11y.states(by_place["upper left"]), message="the first photo focused")
        send_keys("Right")
        wait_for(lambda: "focused" in a11y.states(by_place["upper right"]), message="Right: the next photo focused")
        send_keys("2")
        wait_for(lambda: (by_place["upper right"].description or "").startswith("Rated 2 stars"),
                 message=lambda: a11y.describe(by_place["upper right"]))
        self.assertTrue((by_place["upper left"].description or "").startswith("Not rated"), "the first unchanged")
        send_keys("ctrl+w")
        app.wait_window_gone(re.compile("^Compare "))


if __name__ == "__main__":
    unittest.main()
