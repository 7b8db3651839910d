"""End-to-end test of following the desktop's dark style preference (the Settings portal's
color-scheme), read at start and watched for changes.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import subprocess

import lightbox_a11y as a11y
from lightbox_a11y import wait_for
from lightbox_case import LightboxTestCase


def header_brightness(title):
    """The mean brightness (0 black … 1 white) of the window's top 40 rows, its header bar."""
    window = a11y.x_window(title)
    width = a11y.x_geometry(window)[2]
    shot = subprocess.run(["import", "-window", window, "png:-"], capture_output=True, check=True).stdout
    mean = subprocess.run(["convert", "png:-", "-crop", f"{width}x40+0+0", "-colorspace", "gray",
                           "-format", "%[fx:mean]", "info:"], input=shot, capture_output=True, check=True)
    return float(mean.stdout)


class AppearanceTests(LightboxTestCase):
    def test_the_window_follows_the_desktop_dark_style_and_its_changes(self):
        portal = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "settings_portal.py"),
                                   "1"], env=self.sandbox.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.addCleanup(portal.kill)
        self.assertEqual(portal.stdout.readline().strip(), "ready")
        app, window = self.launch_main_window()
        self.wait_label(window, "No photos yet")
        wait_for(lambda: header_brightness("Lightbox") < 0.35, message=lambda: f"a dark header bar, "
                 f"brightness {header_brightness('Lightbox'):.2f}")
        portal.stdin.write("0\n")
        portal.stdin.flush()
        wait_for(lambda: header_brightness("Lightbox") > 0.65, message=lambda: f"a light header bar, "
                 f"brightness {header_brightness('Lightbox'):.2f}")
        portal.stdin.write("1\n")
        portal.stdin.flush()
        wait_for(lambda: header_brightness("Lightbox") < 0.35, message="dark again")
