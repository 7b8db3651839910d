"""The base of the selection and compare tests: Lightbox on a folder of four photos."""
import os

import lightbox_a11y as a11y
from lightbox_a11y import find, wait_for
from lightbox_case import LightboxTestCase
from test_photos import make_jpeg

NAMES = ("one", "two", "three", "four")


class TripCase(LightboxTestCase):
    """Four photos in a folder "Trip" (one, two, three, four; no dates, so in name order)."""

    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Trip")
        os.makedirs(self.folder)
        for index, name in enumerate(NAMES):
            make_jpeg(os.path.join(self.folder, f"{name}.jpg"), index + 1)

    def point_at_grid(self, title="Lightbox"):
        """Puts the pointer on the window (keys go to the window under it) where no tooltip comes up
        to take them: the title in the header bar."""
        window = a11y.x_window(title)
        a11y.xdotool("mousemove", "--window", window, str(a11y.x_geometry(window)[2] // 2), "12")

    def open_trip(self):
        """Lightbox on the Trip folder, the keyboard in its grid: (app, main window)."""
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Trip \u2014 4 photos")
        self.point_at_grid()
        wait_for(lambda: any("focused" in a11y.states(find(window, name=n)) for n in NAMES),
                 message=lambda: a11y.dump_tree(window))
        return app, window

    def cell_description(self, window, name):
        return find(window, name=name).description or ""

    def press_bar_action(self, window, name):
        """Presses the selection bar's action `name`: its button, or, in a window too narrow for
        it, its item in the bar's More menu."""
        bar = find(window, None, "Selected Photos")
        buttons = a11y.find_all(bar, "push button", name)
        if buttons:
            a11y.press(buttons[0])
            return
        a11y.press(find(bar, "push button", "More"))
        a11y.press(find(find(window, "menu", "More"), "menu item", name))
