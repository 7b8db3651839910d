"""The jobs test_speech.py leaves out, heard through Orca: open a folder from the empty window, rate
the photo under the keyboard, filter by rating and hear the count, F6 between the header bar and the
grid, a photo that cannot be shown and its properties, and quitting. Same harness and conventions as
test_speech.py."""
import os

from orca_case import OrcaTestCase, exactly
from orca_speech import SAMPLES

PHOTOS = len(SAMPLES)


class FolderTests(OrcaTestCase):
    def test_open_a_folder_from_the_empty_window(self):
        folder = self.make_folder()
        self.launch()
        self.press("ctrl+o")
        self.session.app.window("Open Folder")
        # GTK 4.8's chooser says nothing as it opens: its file list (a GtkTreeView) is not exposed to
        # screen readers. Ctrl+L is GTK's key for typing a location.
        self.press("ctrl+l")
        self.say(r"^Location\.?$")
        self.type(folder)
        self.press("Return")
        self.session.app.wait_window_gone("Open Folder")
        # Orca: "Lightbox frame." "misty-forest." "Not rated, 1 of 6."
        self.say(r"^Lightbox frame\.?$")
        self.say(exactly(f"Not rated, 1 of {PHOTOS}"))

    def test_rate_the_photo_under_the_keyboard_filter_and_switch_panes(self):
        self.launch(self.make_folder())
        first = self.focused_name("table cell")
        # Nothing is selected yet: the key acts on the photo that has the focus.
        self.press("4")
        self.say(exactly(f"Rated 4 stars, 1 of {PHOTOS}"))
        self.press("F6")
        self.say(r"^Open Folder push button\.?$")
        self.press("Tab")
        self.say(r"^Search push button\.?$")
        self.press("Tab")
        self.say(r"^Thumbnail Size push button\.?$")
        self.press("Tab")
        self.say(r"^Filter Photos push button\.?$")
        self.press("space")
        self.say(r"^Filter Photos menu$")  # then "Show All Photos."
        self.press("Down")
        self.say(r"^Any Rating")
        for stars in ("1 Star", "2 Stars", "3 Stars", "4 Stars"):
            self.press("Down")
            self.say(exactly(f"{stars} or More"))
        self.press("Return")
        self.say(exactly(f"1 of {PHOTOS} photos"))
        self.press("F6")
        self.say(exactly(first))
        self.say(exactly("Rated 4 stars, 1 of 1"))


class PhotoTests(OrcaTestCase):
    def test_a_photo_that_cannot_be_shown_says_why(self):
        folder = self.make_folder()
        with open(os.path.join(folder, "zz-broken.jpg"), "wb") as f:
            f.write(b"\xff\xd8\xff\xe0 not really a photo")
        self.launch(folder)
        self.press("End")
        # Orca: "zz-broken." "The image is damaged or incomplete. 7 of 7."
        self.say(r"^zz-broken\.?$")
        self.say(exactly(f"The image is damaged or incomplete. {PHOTOS + 1} of {PHOTOS + 1}"))
        self.press("Return")
        self.session.app.window("zz-broken")
        self.say(r"^zz-broken image\.?$")
        self.say(exactly(f"Cannot show this photo. The image is damaged or incomplete. {PHOTOS + 1} of {PHOTOS + 1}"))
        self.press("F9")
        self.say(exactly("Properties shown"))
        self.press("F9")
        self.say(exactly("Properties hidden"))
        self.press("ctrl+w")
        self.session.app.wait_window_gone("zz-broken")

    def test_quit_with_ctrl_q(self):
        self.launch(self.make_folder())
        self.press("ctrl+q")
        self.assertEqual(self.session.app.proc.wait(timeout=10), 0, "the app quits, and cleanly")
