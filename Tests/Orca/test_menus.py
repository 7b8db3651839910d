"""The grid's context menu and the selection bar, heard through Orca: Shift+F10 on the photo with the
focus opens its menu, named after the photo, with the keyboard on its first item; an item says its
keys; Escape gives the photo back; Reject from the menu is heard on the photo. Same harness and
conventions as test_speech.py."""
from orca_case import OrcaTestCase, exactly


class ContextMenuTests(OrcaTestCase):
    def test_shift_f10_opens_the_photos_menu_and_reject_is_heard_on_the_photo(self):
        self.launch(self.make_folder())
        first = self.focused_name("table cell")
        self.press("shift+F10")
        # Orca: "misty-forest menu." "Open."
        self.say(rf"^{first} menu\.?$")
        self.say(r"^Open\.?$")
        self.press("Down")
        self.say(r"^Open With…")
        self.press("Escape")
        self.say(exactly(first))
        self.press("Menu")
        self.say(rf"^{first} menu\.?$")
        for _ in range(4):
            self.press("Down")
        # Open, Open With…, Show in Files, (Compare: hidden for one photo), Rate, then Reject, and its key.
        self.say(r"^Reject\b")
        self.press("Return")
        self.say(exactly(first))
        self.say(r"^Rejected, 1 of \d+\.?$")
