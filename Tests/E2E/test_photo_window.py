"""End-to-end tests of the photo window's calm layout, through the accessibility tree and real keys
and pointer moves: a header bar of a few buttons, previous and next on the photo's sides, zoom and
full screen at the bottom's end, the rating bar at the bottom in the middle; every control keeps its
name, and the keyboard reaches the ones over the photo (Tab) even while they are faded out.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, press, send_keys, wait_for
from lightbox_case import HEADER_HEIGHT, LightboxTestCase
from test_photos import make_jpeg

# The title bar's own buttons, which GTK adds as the desktop asks (the E2E X server shows all three).
TITLE_BUTTONS = {"Minimize", "Maximize", "Close"}


def focused(node):
    return "focused" in a11y.states(node)


def focus_in(window):
    """What has the keyboard focus in window, described (for failure messages)."""
    nodes = find_all(window, pred=focused, everywhere=True)
    return a11y.describe(nodes[0]) if nodes else "nothing"


def middle(node):
    x, y, width, height = a11y.extents(node)
    return x + width / 2, y + height / 2


class PhotoWindowTests(LightboxTestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Bayreuth")
        os.makedirs(self.folder)
        # Taken one after the other: the window's order (by date) is 0041, 0042, 0043.
        for seed in range(3):
            path = os.path.join(self.folder, f"Kleiber_2024-07-14_004{seed + 1}.jpg")
            make_jpeg(path, seed)
            os.utime(path, (1_720_000_000 + seed * 60,) * 2)

    def open_middle_photo(self):
        """The window of the middle photo, at 1000 x 700, the pointer over it (keys go to it)."""
        app = self.start_app(os.path.join(self.folder, "Kleiber_2024-07-14_0042.jpg"))
        title = "Kleiber_2024-07-14_0042"
        photo = app.window(title)
        wid = a11y.x_window(title)
        a11y.xdotool("windowsize", wid, "1000", "700")
        wait_for(lambda: a11y.extents(photo)[2:] == (990, 690), message=lambda: f"1000 x 700: {a11y.extents(photo)}")
        a11y.xdotool("mousemove", "--window", wid, "300", "300")
        picture = find(photo, "image", title)
        return app, photo, picture

    def test_a_few_header_buttons_and_the_controls_over_the_photo(self):
        app, photo, picture = self.open_middle_photo()
        header = {n.name for n in find_all(photo, "push button") if a11y.extents(n)[1] < HEADER_HEIGHT}
        self.assertEqual(header - TITLE_BUTTONS, {"Properties", "Photo Menu"}, "the header bar's own buttons")
        x, y, width, height = a11y.extents(picture)
        self.assertGreater(width, 900, "the photo fills the window")
        # Previous and next on the photo's sides, halfway down.
        for name, side in (("Previous Photo", x), ("Next Photo", x + width)):
            button_x, button_y = middle(find(photo, "push button", name))
            self.assertLess(abs(button_x - side), 60, f"{name} at {button_x}, the side at {side}")
            self.assertLess(abs(button_y - (y + height / 2)), 40, f"{name} halfway down")
        # Zoom and full screen at the bottom's end; the rating bar at the bottom in the middle.
        for name in ("Zoom Out", "Actual Size", "Zoom In", "Full Screen"):
            button_x, button_y = middle(find(photo, "push button", name))
            self.assertGreater(button_x, x + width * 0.75, f"{name} at the end")
            self.assertGreater(button_y, y + height - 70, f"{name} at the bottom")
        stars = [find(photo, "push button", "Rate 1 star")] + \
            [find(photo, "push button", f"Rate {n} stars") for n in range(2, 6)]
        reject = find(photo, "push button", "Reject")
        left, right = middle(reject)[0], middle(stars[-1])[0]
        self.assertLess(abs((left + right) / 2 - (x + width / 2)), 40, "the rating bar in the middle")
        self.assertGreater(middle(stars[0])[1], y + height - 70, "the rating bar at the bottom")
        # The photo menu holds what left the header bar.
        press(find(photo, "push button", "Photo Menu"))
        for name in ("Full Screen", "Set as Profile Photo", "Move to Trash", "Go to Next Photo After Rating"):
            find(photo, "menu item", name)

    def test_previous_next_and_zoom_keep_their_names_and_tab_reaches_them(self):
        app, photo, picture = self.open_middle_photo()
        wait_for(lambda: focused(picture), message=lambda: a11y.describe(picture))
        # Tab from the photo: previous first, even before the pointer showed it.
        send_keys("Tab")
        previous = find(photo, "push button", "Previous Photo")
        wait_for(lambda: focused(previous), message=lambda: f"the focus on {a11y.describe(previous)}; it is on "
                 + focus_in(photo))
        self.assertEqual(previous.description, "Left", "its keys")
        send_keys("space")
        wait_for(lambda: picture.name == "Kleiber_2024-07-14_0041", message=lambda: a11y.describe(picture))
        # The first photo: no previous one, and the keyboard is back on the photo.
        a11y.wait_gone(photo, "push button", "Previous Photo")
        wait_for(lambda: focused(picture), message=lambda: a11y.describe(picture))
        press(find(photo, "push button", "Next Photo"))
        wait_for(lambda: picture.name == "Kleiber_2024-07-14_0042", message=lambda: a11y.describe(picture))
        # The zoom level's toggle: 100 %, then fitted again; its name says what it does next.
        actual = find(photo, "push button", "Actual Size")
        self.assertEqual(actual.description, "Ctrl+1")
        press(actual)
        fit = find(photo, "push button", "Best Fit")
        self.assertEqual(fit.description, "Ctrl+0")
        press(fit)
        find(photo, "push button", "Actual Size")
        # The stars still rate, the reject button still rejects.
        press(find(photo, "push button", "Rate 3 stars"))
        wait_for(lambda: (picture.description or "").startswith("Rated 3 stars"),
                 message=lambda: a11y.describe(picture))
        press(find(photo, "push button", "Reject"))
        wait_for(lambda: (picture.description or "").startswith("Rejected"), message=lambda: a11y.describe(picture))
        reject = find(photo, "push button", "Reject")
        wait_for(lambda: {"pressed", "checked"} & set(a11y.states(reject)), message=lambda: a11y.describe(reject))


if __name__ == "__main__":
    unittest.main()
