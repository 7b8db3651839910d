"""What Orca says while a person uses Lightbox with the keyboard alone: the jobs that work today.

Run through Tests/Orca/run.sh (Xvfb + openbox + a private D-Bus session + speech-dispatcher + Orca);
see orca_speech.py. Each test checks that Orca says what the app exposes (titles, positions, ratings,
field names, messages), cross-checked against AT-SPI where the app decides the order. The comments
quote what Orca said when these tests were written, for comparison when the app changes; the
assertions pin only what matters, so wording around it may improve without breaking them.
"""
import re
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import wait_for
from orca_case import OrcaTestCase, exactly
from orca_speech import ALL_SAMPLES, SAMPLES

PHOTOS = len(SAMPLES)


class GridTests(OrcaTestCase):
    def focused_cell(self, other_than=None):
        """(name, description) of the focused grid cell, once it is not `other_than`."""
        def probe():
            node = self.session.focused_node()
            if a11y.role(node) == "table cell" and node.name != other_than:
                return node.name, node.description
            return None
        return wait_for(probe, message=lambda: f"a focused grid cell other than {other_than!r}; "
                        f"focus: {self.session.focused()}")

    def test_orca_started_with_the_app_open_says_the_window_and_the_photo(self):
        self.launch(self.make_folder())
        name, description = self.focused_cell()
        # Orca: "Screen reader on." "Lightbox frame." "misty-forest." "Not rated, 1 of 6."
        since = self.session.launch_mark
        self.say(r"^Lightbox frame\.?$", since=since)
        self.say(exactly(name), since=since)
        self.assertRegex(description, rf"\b1 of {PHOTOS}$")
        self.say(exactly(description), since=since)

    def test_arrow_keys_say_each_photo_title_and_position(self):
        # Eight photos, so that Down from the second has a photo below it in any layout up to six
        # columns (the window shows three today).
        total = len(ALL_SAMPLES)
        self.launch(self.make_folder(ALL_SAMPLES))
        name, _ = self.focused_cell()
        for key, position in (("Right", 2), ("Right", 3), ("Left", 2), ("Down", None), ("Up", 2),
                              ("End", total), ("Home", 1)):
            with self.subTest(key=key):
                self.press(key)
                name, description = self.focused_cell(other_than=name)
                # Right: "dunes-at-dusk." "Not rated, 2 of 8." "Not rated, 2 of 8" (said twice)
                self.say(exactly(name))
                self.say(exactly(description))
                if position is not None:
                    self.assertRegex(description, rf"\b{position} of {total}$")

    def test_selecting_and_rating_several_photos_is_heard(self):
        self.launch(self.make_folder())
        name, _ = self.focused_cell()
        self.press("shift+Right")
        name, description = self.focused_cell(other_than=name)
        # Orca: "dunes-at-dusk." "Not rated, 2 of 6. 2 selected."
        self.assertRegex(description, r"\b2 of \d+\. 2 selected$")
        self.say(r"\b2 selected\b")
        self.press("4")
        self.say(r"^Rated 4 stars, 2 of \d+\. 2 selected\.?$")
        self.press("Escape")
        self.say(r"^Rated 4 stars, 2 of \d+\.?$")

    def test_orca_running_before_the_app_starts(self):
        # What a person hears launching the app with Orca on: the focused photo ("misty-forest."
        # "Not rated, 1 of 6."), sometimes after "Lightbox frame." (see OrcaSession.launch), and then
        # each photo the arrow keys move to.
        self.launch(self.make_folder(), orca_first=True)
        try:
            node = self.session.say_focus(since=self.session.launch_mark, description=True)
        except AssertionError:
            # A known GTK 4.8 bug, out of the app's hands (see OrcaSession): a skip naming it, counted
            # by the suite; any other silence or wrong speech fails.
            race = self.session.startup_race()
            if race:
                self.skipTest(race)
            raise
        self.assertEqual(a11y.role(node), "table cell", self.session.focused())
        self.assertRegex(node.description, rf"\b1 of {PHOTOS}$")
        self.press("Right")
        name, description = self.focused_cell(other_than=node.name)
        self.say(exactly(name))
        self.say(exactly(description))
        self.assertRegex(description, rf"\b2 of {PHOTOS}$")


class PhotoWindowTests(OrcaTestCase):
    def cells_in_order(self):
        """The grid's photo titles by position (from each cell's "..., N of M" description)."""
        window = self.session.app.window("Lightbox")
        cells = a11y.find_all(window, "table cell")
        def position(cell):
            match = re.search(r"(\d+) of \d+$", cell.description or "")
            return int(match.group(1)) if match else 0
        return [c.name for c in sorted(cells, key=position)]

    def test_open_rate_step_and_close_a_photo(self):
        self.launch(self.make_folder())
        first = self.focused_name("table cell")
        order = self.cells_in_order()
        self.assertEqual(order[0], first)

        self.press("Return")
        self.session.app.window(first)
        # Orca: "misty-forest image." "Not rated, 1 of 6."
        self.say(rf"^{re.escape(first)}\b")
        self.say(exactly(f"Not rated, 1 of {PHOTOS}"))

        for key, said in (("3", "Rated 3 stars"), ("1", "Rated 1 star"), ("0", "Not rated")):
            with self.subTest(key=key):
                self.press(key)
                self.say(exactly(f"{said}, 1 of {PHOTOS}"))  # Orca: key echo "3", then "Rated 3 stars, 1 of 6"

        self.press("Right")
        self.session.app.window(order[1])
        self.say(exactly(order[1]))  # Orca: "dunes-at-dusk." "Not rated, 2 of 6."
        self.say(exactly(f"Not rated, 2 of {PHOTOS}"))
        self.press("Left")
        self.say(exactly(first))
        self.press("Right")
        self.say(exactly(order[1]))

        # Escape closes the photo window; the grid's focus is on the photo it showed last, and
        # Orca says it: "dunes-at-dusk." "Not rated, 2 of 6."
        self.press("Escape")
        self.session.app.wait_window_gone(order[1])
        back = self.focused_name("table cell")
        self.assertEqual(back, order[1])
        self.say(exactly(back))

        self.press("Return")
        self.session.app.window(back)
        self.say(rf"^{re.escape(back)}\b")
        self.press("ctrl+w")
        self.session.app.wait_window_gone(back)
        self.say(exactly(self.focused_name("table cell")))


    def test_the_decision_aids_are_heard_when_asked_and_not_at_every_step(self):
        self.launch(self.make_folder())
        first = self.focused_name("table cell")
        self.press("Return")
        self.session.app.window(first)
        self.say(rf"^{re.escape(first)}\b")
        self.say(exactly(f"Not rated, 1 of {PHOTOS}"))
        # Each aid says what it found once its key is pressed (the samples carry no maker notes).
        for key, said in (("f", r"^Focus point: Not recorded$"),
                          ("h", r"^Histogram shown: [\d.]+ % clipped$"),
                          ("j", r"^Clipping shown: [\d.]+ % clipped in the highlights, [\d.]+ % in deep shadows$"),
                          ("p", r"^Focus peaking shown: the sharp edges in green$")):
            with self.subTest(key=key):
                self.press(key)
                self.say(said)
        # A step says the photo and its place, not the aids again.
        self.press("Right")
        self.say(exactly(f"Not rated, 2 of {PHOTOS}"))
        self.session.orca.wait_quiet()
        said = [u.text for u in self.session.orca.utterances(self.session.orca.last_mark, "speech")]
        self.assertFalse([text for text in said if re.search(r"Focus point|Histogram|Clipping|peaking", text)],
                         f"the aids said again at a step: {said}")

    def test_the_controls_over_a_photo_and_its_header_bar_are_heard(self):
        # The photo window keeps its header bar to the properties and the photo menu; previous, next,
        # the rating bar and zoom float over the photo, faded out while the pointer rests, and Tab
        # still reaches each of them by name.
        self.launch(self.make_folder())
        order = self.cells_in_order()
        self.press("Right")
        self.say(exactly(order[1]))
        self.press("Return")
        self.session.app.window(order[1])
        self.say(rf"^{re.escape(order[1])}\b")  # Orca: "dunes-at-dusk image." "Not rated, 2 of 6."
        self.say(exactly(f"Not rated, 2 of {PHOTOS}"))
        for name in ("Previous Photo", "Next Photo"):
            with self.subTest(name=name):
                self.press("Tab")
                self.say(rf"^{name} push button\b")  # then its key: "Left", "Right"
        self.press("Tab")
        self.say(r"^Reject push button\.?$")  # then its key: "X"
        # Orca: "Rating panel." "Rate 1 star push button." and so on to five.
        self.press("Tab")
        self.say(r"^Rating panel\.?$")
        self.say(r"^Rate 1 star push button\.?$")
        for stars in range(2, 6):
            self.press("Tab")
            self.say(rf"^Rate {stars} stars push button\.?$")
        for name in ("Zoom Out", "Actual Size", "Zoom In", "Full Screen"):
            with self.subTest(name=name):
                self.press("Tab")
                self.say(rf"^{name} push button\.?$")
        # F6: the header bar's first button, then the photo again; the header bar comes before the
        # photo, so Shift+Tab from the photo is its last button.
        self.press("F6")
        self.say(r"^Properties push button\.?$")  # then "F9"
        self.press("F6")
        self.say(rf"^{re.escape(order[1])} image\.?$")
        self.press("shift+Tab")
        self.say(r"^Photo Menu push button\.?$")


class SearchTests(OrcaTestCase):
    def test_search_entry_count_and_result(self):
        self.launch(self.make_folder())
        self.press("ctrl+f")
        # Orca: "Search Photos entry Search photos by title." (the name, the role, the placeholder)
        self.say(r"^Search Photos entry\b")
        self.type("lake")
        # Orca: key echo for each letter; "3 of 6 photos" after "l", then "1 of 6 photos"
        self.say(exactly(f"1 of {PHOTOS} photos"))
        self.press("Return")
        self.session.app.window("alpine-lake")
        self.say(r"^alpine-lake\b")  # Orca: "alpine-lake image." "Not rated." "Not rated"
        self.press("ctrl+w")
        # Back in the search entry: "Search Photos entry lake." "1 of 6 photos."
        self.say(r"^Search Photos entry lake\.?$")
        self.press("ctrl+a BackSpace")
        self.type("zzz")
        self.say(r"^No matching photos\.?$")  # Orca: "6 photos" after the BackSpace, then this


class ProfileWindowTests(OrcaTestCase):
    def open_profile_from_the_main_menu(self):
        """F10, then Down until the focus is on "Edit Profile…" (Orca saying each item), then Return.
        (Ctrl+, opened the profile at first; it is to open preferences.)"""
        self.press("F10")
        # Orca: "expanded" "Main Menu menu" "New Window." "Ctrl+N."
        self.say(r"^Main Menu menu$")
        item = None
        for _ in range(10):
            item = a11y.wait_for(lambda: (lambda n: n if n and n != item else None)(
                self.focused_name("menu item")), message="the focus on the next menu item")
            self.say(exactly(item))
            if item.startswith("Edit Profile"):
                break
            self.press("Down")
        self.assertTrue(item.startswith("Edit Profile"), f"no Edit Profile item; the last: {item!r}")
        self.press("Return")
        self.session.app.window("Profile")

    def test_profile_window_fields_and_validation(self):
        self.launch(self.make_folder())
        self.open_profile_from_the_main_menu()
        # Orca: "Profile frame." "Edit push button." and whose profile it is: Edit has the focus.
        self.say(r"^Profile frame\.?$")
        self.say(r"^Edit( push button)?\.?$")
        self.assertEqual(self.focused_name("push button"), "Edit")
        self.press("Return")
        # Orca: "Display name text." "<name> selected." "Required, at most 64 characters." (twice)
        self.say(r"^Display name text\.?$")
        self.say(exactly("Required, at most 64 characters"))
        self.press("Tab")
        self.say(r"^Email text\.?$")  # then "name@example.com." (placeholder) "Optional."
        self.press("shift+Tab")
        self.say(r"^Display name text\.?$")
        self.press("ctrl+a BackSpace")
        # Orca: "Selection deleted." "Enter a display name." (the field's new description)
        self.say(exactly("Enter a display name"))
        # A save refused while the name is empty says why, on the field.
        self.press("ctrl+s")
        self.say(exactly("Enter a display name"))
        self.type("Zoe")
        self.say(exactly("Required, at most 64 characters"))
        # Saved: the editor closes, Edit takes the focus and says so.
        self.press("ctrl+s")
        self.say(exactly("Profile saved"))
        self.assertEqual(self.focused_name("push button"), "Edit")


class PreferencesWindowTests(OrcaTestCase):
    def test_preferences_are_read_and_chosen_by_keyboard(self):
        self.launch(self.make_folder())
        self.press("ctrl+comma")
        self.session.app.window("Preferences")
        # Orca: "Preferences" "In the photo files check box checked." and what it means (twice).
        self.say(r"^Preferences( frame)?\.?$")
        self.say(r"^In the photo files\b")
        self.press("Down")
        self.say(r"^In sidecar files only\b")
        self.press("Escape")
        self.session.app.wait_window_gone("Preferences")


if __name__ == "__main__":
    unittest.main()
