"""End-to-end tests of following the desktop's dark style and high contrast preferences (the
Settings portal's color-scheme and contrast), read at start and watched for changes.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import subprocess

import lightbox_a11y as a11y
from lightbox_a11y import wait_for
from lightbox_case import LightboxTestCase


def header_brightness(title, white=False):
    """The mean brightness (0 black … 1 white) of the window's top 40 rows, its header bar; with
    white, the share of its pixels that are white or nearly."""
    window = a11y.x_window(title)
    width = a11y.x_geometry(window)[2]
    shot = subprocess.run(["import", "-window", window, "png:-"], capture_output=True, check=True).stdout
    threshold = ["-threshold", "88%"] if white else []
    mean = subprocess.run(["convert", "png:-", "-crop", f"{width}x40+0+0", "-colorspace", "gray", *threshold,
                           "-format", "%[fx:mean]", "info:"], input=shot, capture_output=True, check=True)
    return float(mean.stdout)


def start_portal(case, *values):
    portal = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "settings_portal.py"),
                               *values], env=case.sandbox.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    case.addCleanup(portal.kill)
    case.assertEqual(portal.stdout.readline().strip(), "ready")
    return portal


class AppearanceTests(LightboxTestCase):
    def test_the_window_follows_the_desktop_dark_style_and_its_changes(self):
        portal = start_portal(self, "1")
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

    def test_the_window_follows_the_desktop_high_contrast_and_its_changes(self):
        # GTK's high contrast theme draws the header bar white where the usual one is light grey.
        portal = start_portal(self, "0", "1")
        app, window = self.launch_main_window()
        self.wait_label(window, "No photos yet")
        wait_for(lambda: header_brightness("Lightbox", white=True) > 0.5, message=lambda: f"a high contrast "
                 f"header bar, white share {header_brightness('Lightbox', white=True):.2f}")
        portal.stdin.write("contrast 0\n")
        portal.stdin.flush()
        wait_for(lambda: header_brightness("Lightbox", white=True) < 0.3, message=lambda: f"the usual header "
                 f"bar, white share {header_brightness('Lightbox', white=True):.2f}")
