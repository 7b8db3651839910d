"""End-to-end tests of a photo window's label, title, caption and keywords, through the
accessibility tree and real keys: 6 labels the photo red, its properties (F9) take a title, a
caption and keywords typed there (the window's own keys leave the typing alone), and what reached
the file is read back with exiftool.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, press, send_keys, wait_for
from trip_case import NAMES, TripCase

TITLE = "Sunset at the Pointe du Raz, 2024"  # digits and an x: the rating and reject keys
CAPTION = "The lighthouse at dusk, 5 minutes after sunset."


def exif(path, *tags):
    """exiftool's reading of `tags` in the file (lists joined by ", "; None when absent)."""
    out = subprocess.run(["exiftool", "-s3", "-f", "-sep", ", ", *[f"-{tag}" for tag in tags], path],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return [None if value == "-" else value for value in out]


class PhotoWindowTagTests(TripCase):
    def focused(self, node):
        return "focused" in a11y.states(node)

    def type_text(self, text):
        a11y.xdotool("type", "--delay", "20", text)

    def test_label_title_caption_and_keywords_typed_in_a_photo_window_are_in_the_file(self):
        app, window = self.open_trip()
        send_keys("Home")
        name = next(n for n in NAMES if self.focused(find(window, name=n)))
        send_keys("Return")
        photo = app.window(name)
        self.point_at_grid(name)
        picture = find(photo, "image", name)
        wait_for(lambda: self.focused(picture), message=lambda: a11y.describe(picture))

        # 6: red, said with the rating and shown beside the stars.
        send_keys("6")
        wait_for(lambda: (picture.description or "").startswith("Not rated, Red label"),
                 message=lambda: a11y.describe(picture))
        find(photo, "image", "Red label")

        # F9, then the title typed into its field: Enter commits it, and it names the window.
        send_keys("F9")
        title = find(photo, "text", "Title")
        a11y.click(title, name)
        wait_for(lambda: self.focused(title), message=lambda: a11y.describe(title))
        self.type_text(TITLE)
        wait_for(lambda: a11y.read_text(title) == TITLE, message=lambda: a11y.describe(title))
        send_keys("Return")
        wait_for(lambda: photo.name == TITLE, message=lambda: f"the window named {TITLE!r}: {a11y.describe(photo)}")
        # The digits and the x went into the field, not to the photo (its place may change: the
        # title sorts it).
        self.assertRegex(picture.description, r"^Not rated, Red label, \d of 4$")

        # The caption: Enter is a new line there, Ctrl+Enter commits it.
        caption = find(photo, "text", "Caption")
        a11y.click(caption, TITLE)
        wait_for(lambda: self.focused(caption), message=lambda: a11y.describe(caption))
        self.type_text(CAPTION)
        wait_for(lambda: a11y.read_text(caption) == CAPTION, message=lambda: a11y.describe(caption))
        send_keys("ctrl+Return")

        # Ctrl+K: the keyword entry; a keyword with its parents, then a flat one, each on Enter.
        send_keys("ctrl+k")
        entry = find(photo, "text", "Add Keyword")
        wait_for(lambda: self.focused(entry), message=lambda: a11y.describe(entry))
        self.type_text("Places|Brittany|Finistère")
        wait_for(lambda: a11y.read_text(entry) == "Places|Brittany|Finistère", message=lambda: a11y.describe(entry))
        send_keys("Return")
        finistere = find(photo, "push button", "Remove keyword \u201cFinistère\u201d")
        self.assertEqual(finistere.description, "Places \u203a Brittany")
        self.type_text("harbour")
        wait_for(lambda: a11y.read_text(entry) == "harbour", message=lambda: a11y.describe(entry))
        send_keys("Return")
        harbour = find(photo, "push button", "Remove keyword \u201charbour\u201d")

        # Escape in a field gives the keyboard back to the photo, the window stays.
        send_keys("Escape")
        wait_for(lambda: self.focused(picture), message=lambda: a11y.describe(picture))
        press(harbour)
        a11y.wait_gone(photo, "push button", "Remove keyword \u201charbour\u201d")
        send_keys("Escape")
        wait_for(lambda: not app.windows(name=TITLE), message="the photo window to close")

        self.point_at_grid()
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        path = os.path.join(self.folder, f"{name}.jpg")
        self.assertEqual(exif(path, "XMP-xmp:Label", "XMP-dc:Title", "XMP-dc:Description"), ["Red", TITLE, CAPTION])
        self.assertEqual(exif(path, "XMP-dc:Subject", "XMP-lr:HierarchicalSubject"),
                         ["Finistère", "Places|Brittany|Finistère"])
        self.assertIn(exif(path, "XMP-xmp:Rating")[0], (None, "0"), "no rating typed into the photo")
        self.assertEqual(sorted(os.listdir(self.folder)), sorted(f"{n}.jpg" for n in NAMES),
                         "nothing else written into the folder")


if __name__ == "__main__":
    unittest.main()
