"""End-to-end tests of what a keyboard and screen reader user meets: the names and descriptions in
the accessibility tree, and the keys that move the focus or close windows. Orca's own speech is
tested in Tests/Orca.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, send_keys, wait_for
from lightbox_case import LightboxTestCase
from test_photos import make_jpeg

PHOTOS = 5


def focused(node):
    return "focused" in a11y.states(node)


def focus_in(window):
    """The focused node inside window, or None."""
    nodes = find_all(window, pred=focused, everywhere=True)
    return nodes[0] if nodes else None


class KeyboardTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Walk")
        os.makedirs(self.folder)
        for index in range(1, PHOTOS + 1):
            make_jpeg(os.path.join(self.folder, f"walk-{index}.jpg"), index)

    def launch(self):
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, f"Walk \u2014 {PHOTOS} photos")
        return app, window

    def point_at(self, title):
        """Keys go to the window under the pointer (there is no window manager)."""
        wid = a11y.x_window(title)
        a11y.xdotool("mousemove", "--window", wid, "200", "300")

    def wait_focus(self, window, probe, what):
        return wait_for(lambda: (node := focus_in(window)) is not None and probe(node) and node,
                        message=lambda: f"the focus on {what}; it is on "
                        + (a11y.describe(focus_in(window)) if focus_in(window) else "nothing"))

    def test_cells_are_named_and_placed_and_icon_buttons_read_cleanly(self):
        app, window = self.launch()
        # The focusable cell (GTK's own widget around the cell) carries the title, the rating
        # and the place, so a screen reader says all three when the focus lands on it.
        cell = find(window, name="walk-3")
        wait_for(lambda: cell.description == f"Not rated, 3 of {PHOTOS}",
                 message=lambda: f"the cell's description: {a11y.describe(cell)}")
        self.assertIn("focusable", a11y.states(cell))
        # Nothing a screen reader says on the way to the focus is a class name: icon buttons are
        # not "GtkImage Open Folder", stack pages not "GtkStackPage", overlays not "GtkOverlay".
        said = set()
        for node in find_all(window, pred=lambda n: "focusable" in a11y.states(n)):
            while node is not None and a11y.role(node) != "frame":
                said.add(f"{a11y.role(node)} {node.name!r}")
                node = node.parent
        self.assertEqual(sorted(n for n in said if "Gtk" in n), [], a11y.dump_tree(window))
        button = self.header_button(window, "Open Folder")
        self.assertEqual(button.description, "Ctrl+O", "the keys, not the name again")

    def test_f6_moves_between_the_header_bar_and_the_grid(self):
        app, window = self.launch()
        self.point_at("Lightbox")
        self.wait_focus(window, lambda n: a11y.role(n) in ("table cell", "list item"), "a grid cell")
        send_keys("F6")
        self.wait_focus(window, lambda n: a11y.extents(n)[1] < 60, "the header bar")
        send_keys("F6")
        self.wait_focus(window, lambda n: n.name.startswith("walk-"), "a photo in the grid")

    def test_photo_window_rates_aloud_and_closes_with_escape_and_ctrl_w(self):
        app, window = self.launch()
        self.point_at("Lightbox")
        self.wait_focus(window, lambda n: n.name == "walk-1", "the first photo")
        send_keys("Return")
        photo = app.window("walk-1")
        self.point_at("walk-1")
        # The photo itself has the focus, named after it, its rating as the description.
        picture = self.wait_focus(photo, lambda n: a11y.role(n) == "image", "the photo")
        self.assertEqual(picture.name, "walk-1")
        send_keys("4")
        wait_for(lambda: picture.description == f"Rated 4 stars, 1 of {PHOTOS}",
                 message=lambda: f"the rating said on the photo: {a11y.describe(picture)}")
        # The stars are toggle buttons: pressed up to the rating.
        stars = [find(photo, name=f"Rate {n} star" + ("s" if n > 1 else "")) for n in range(1, 6)]
        wait_for(lambda: ["pressed" in a11y.states(s) or "checked" in a11y.states(s) for s in stars]
                 == [True] * 4 + [False], message=lambda: "\n".join(a11y.describe(s) for s in stars))
        send_keys("Right")
        wait_for(lambda: picture.name == "walk-2", message=lambda: a11y.describe(picture))
        send_keys("Escape")
        app.wait_window_gone("walk-2")

        # Back in the grid, the photo shown last has the focus: Enter opens it again.
        self.point_at("Lightbox")
        self.wait_focus(window, lambda n: n.name == "walk-2", "the photo shown last")
        send_keys("Return")
        app.window("walk-2")
        self.point_at("walk-2")
        send_keys("ctrl+w")
        app.wait_window_gone("walk-2")

    def test_profile_window_is_reachable_by_tab(self):
        app, window = self.launch()
        # F10 opens the main menu; Edit Profile is its third item.
        self.point_at("Lightbox")
        send_keys("F10")
        item = find(window, "menu item", "Edit Profile\u2026")
        for _ in range(6):
            if focused(item):
                break
            send_keys("Down")
        wait_for(lambda: focused(item), message=lambda: a11y.describe(item))
        send_keys("Return")
        profile = app.window("Profile")
        self.point_at("Profile")
        edit = find(profile, "push button", "Edit")
        for _ in range(6):
            if focused(edit):
                break
            send_keys("Tab")
        wait_for(lambda: focused(edit), message=lambda: "Tab reaches Edit; the focus is on "
                 + (a11y.describe(focus_in(profile)) if focus_in(profile) else "nothing"))
        send_keys("Return")
        name = find(profile, "text", "Display name")
        wait_for(lambda: focused(name), message=lambda: a11y.describe(name))

    def test_shortcuts_window_reads_row_by_row(self):
        app, window = self.launch()
        send_keys("ctrl+question")
        shortcuts = app.window("Keyboard Shortcuts")
        row = find(shortcuts, name="Open a folder")
        self.assertEqual(row.description, "Ctrl+O")
        self.assertIn("focusable", a11y.states(row))


if __name__ == "__main__":
    unittest.main()
