"""End-to-end tests of labels and keywords in a main window, through the accessibility tree and
real keys: a label given with a key, a keyword added to three selected photos (one Undo), found
by a search, photos filtered by label, and what reached the files read back with exiftool.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, press, send_keys, wait_for
from trip_case import NAMES, TripCase


def exif(path, *tags):
    """exiftool's reading of `tags` in the file (lists joined by ", "; None when absent)."""
    out = subprocess.run(["exiftool", "-s3", "-f", "-sep", ", ", *[f"-{tag}" for tag in tags], path],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return [None if value == "-" else value for value in out]


class TagTests(TripCase):
    def test_label_keyword_search_filter_and_the_files(self):
        app, window = self.open_trip()
        send_keys("Home")
        first = next(n for n in NAMES if "focused" in a11y.states(find(window, name=n)))
        # Nothing selected: 6 labels the photo under the keyboard red.
        send_keys("6")
        wait_for(lambda: "Red label" in self.cell_description(window, first),
                 message=lambda: a11y.describe(find(window, name=first)))

        # Three selected, Ctrl+K: a keyword with its parents for all three.
        send_keys("Escape")
        send_keys("Home")
        send_keys("shift+Right")
        send_keys("shift+Right")
        self.wait_label(window, "Trip \u2014 4 photos, 3 selected")
        selected = [n for n in NAMES if "selected" in a11y.states(find(window, name=n))]
        send_keys("ctrl+k")
        dialog = app.window("Add Keyword")
        entry = find(dialog, "text", "Keyword")
        a11y.set_text(entry, "Places|Brittany|Finistere", "Add Keyword")
        press(find(dialog, "push button", "Add"))
        self.wait_label(window, "Added \u201cFinistere\u201d to 3 photos.")

        # Found by its keyword (a level of it, any case), as the search bar says.
        send_keys("ctrl+f")
        search = find(window, "entry", "Search Photos")
        a11y.set_text(search, "brittany", "Lightbox")
        self.wait_label(window, "3 of 4 photos")
        a11y.set_text(search, "", "Lightbox")
        self.wait_label(window, "Trip \u2014 4 photos, 3 selected")

        # The filter menu: only the red-labelled photo.
        press(self.header_button(window, "Filter Photos"))
        press(find(window, None, "Red Label", pred=a11y.on_screen))
        self.wait_label(window, "1 of 4 photos")
        find(window, name=first)
        press(self.header_button(window, "Filter Photos"))
        press(find(window, None, "Show All Photos", pred=a11y.on_screen))
        self.wait_label(window, "Trip \u2014 4 photos")

        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        path = lambda name: os.path.join(self.folder, f"{name}.jpg")
        self.assertEqual(exif(path(first), "XMP-xmp:Label")[0], "Red")
        for name in selected:
            self.assertEqual(exif(path(name), "XMP-lr:HierarchicalSubject", "XMP-dc:Subject"),
                             ["Places|Brittany|Finistere", "Finistere"], name)
        unselected = next(n for n in NAMES if n not in selected)
        self.assertEqual(exif(path(unselected), "XMP-dc:Subject"), [None])
        self.assertEqual(sorted(os.listdir(self.folder)), sorted(f"{n}.jpg" for n in NAMES),
                         "nothing else written into the folder")

    def test_undo_takes_a_keyword_back_from_every_photo(self):
        app, window = self.open_trip()
        send_keys("ctrl+a")
        self.wait_label(window, "Trip \u2014 4 photos, 4 selected")
        send_keys("ctrl+k")
        dialog = app.window("Add Keyword")
        a11y.set_text(find(dialog, "text", "Keyword"), "harbour", "Add Keyword")
        send_keys("Return")
        self.wait_label(window, "Added \u201charbour\u201d to 4 photos.")
        send_keys("ctrl+f")
        a11y.set_text(find(window, "entry", "Search Photos"), "harbour", "Lightbox")
        self.wait_label(window, "4 photos, 4 selected")
        press(find(window, "push button", "Undo"))
        self.wait_label(window, "0 of 4 photos")
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        for name in NAMES:
            self.assertEqual(exif(os.path.join(self.folder, f"{name}.jpg"), "XMP-dc:Subject"), [None], name)


if __name__ == "__main__":
    unittest.main()
