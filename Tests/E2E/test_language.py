"""Lightbox in another language: German names, text and numbers, and Hebrew, right to left, with
a photo window whose buttons and arrow keys are mirrored.

Needs the de_DE.UTF-8 and he_IL.UTF-8 locales (scripts/install-deps.sh --test makes them) and the
catalogs `make` compiles into .build/locale. Run through Tests/E2E/run.sh; see lightbox_a11y.py.
"""
import os
import shutil
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import find, send_keys, wait_for
from lightbox_case import LightboxTestCase
from test_photos import make_jpeg


def has_locale(name):
    wanted = name.lower().replace("utf-8", "utf8")
    return wanted in subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower().split()


class LanguageTestCase(LightboxTestCase):
    LOCALE = LANGUAGE = None

    def setUp(self):
        super().setUp()
        if not has_locale(self.LOCALE):
            self.fail(f"no {self.LOCALE} locale here: run scripts/install-deps.sh --test")
        self.sandbox.env.pop("LC_ALL", None)
        self.sandbox.env.pop("LC_MESSAGES", None)
        self.sandbox.env.update(LANG=self.LOCALE, LANGUAGE=self.LANGUAGE)


class GermanTests(LanguageTestCase):
    LOCALE, LANGUAGE = "de_DE.UTF-8", "de"

    def test_names_text_and_the_count_are_german(self):
        folder = self.sandbox.path("Urlaub")
        os.makedirs(folder)
        make_jpeg(os.path.join(folder, "bild-0000.jpg"), 1)
        for index in range(1, 1204):
            shutil.copyfile(os.path.join(folder, "bild-0000.jpg"), os.path.join(folder, f"bild-{index:04d}.jpg"))
        app, window = self.launch_main_window(folder)
        # A thousands separator of the locale's: a point, not a comma.
        self.wait_label(window, "Urlaub \u2014 1.204 Fotos")
        for name in ("Ordner öffnen", "Suchen", "Hauptmenü", "Fotos sortieren", "Fotos filtern"):
            with self.subTest(button=name):
                self.header_button(window, name)
        a11y.xdotool("mousemove", "--window", a11y.x_window("Lightbox"), "200", "300")
        send_keys("ctrl+f")
        find(window, "entry", "Fotos durchsuchen")

    def test_the_about_window_credits_the_translators(self):
        app, window = self.launch_main_window()
        a11y.press(self.header_button(window, "Hauptmenü"))
        a11y.press(find(window, "menu item", "Info zu Lightbox"))
        about = app.window("Info zu Lightbox")
        a11y.press(find(about, name="Mitwirkende", pred=lambda n: a11y.role(n) != "panel"))
        wait_for(lambda: any("Lightbox-Entwickler" in text for text in a11y.label_texts(about))
                 and any("Übersetzung" in text for text in a11y.label_texts(about)),
                 message=lambda: f"the translators' credit; labels: {a11y.label_texts(about)}")

    def test_help_is_german(self):
        result = self.sandbox.run("--help")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Jeden ORDNER in einem Fenster öffnen", result.stdout)


class HebrewTests(LanguageTestCase):
    LOCALE, LANGUAGE = "he_IL.UTF-8", "he"

    def setUp(self):
        super().setUp()
        self.folder = self.sandbox.path("Trip")
        os.makedirs(self.folder)
        # Taken one after the other: the grid's order (by date) is a, b, c.
        for seed, name in enumerate(("a", "b", "c")):
            path = os.path.join(self.folder, f"{name}.jpg")
            make_jpeg(path, seed)
            os.utime(path, (1_700_000_000 + seed * 60,) * 2)

    def test_the_main_window_is_mirrored(self):
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "3 תמונות")
        open_folder = self.header_button(window, "פתיחת תיקייה")
        menu = self.header_button(window, "תפריט ראשי")
        # Opening a folder starts the header bar: on the right in Hebrew.
        self.assertGreater(a11y.extents(open_folder)[0], a11y.extents(menu)[0])

    def test_the_photo_window_steps_the_way_its_buttons_point(self):
        app = self.start_app(os.path.join(self.folder, "b.jpg"))
        photo = app.window("b")
        a11y.xdotool("mousemove", "--window", a11y.x_window("b"), "200", "300")
        previous = find(photo, "push button", "התמונה הקודמת")
        following = find(photo, "push button", "התמונה הבאה")
        self.assertGreater(a11y.extents(previous)[0], a11y.extents(following)[0],
                           "the previous photo's button is on the right")
        picture = find(photo, "image", "b")
        # Right goes towards the previous photo's button, Left towards the next one's.
        send_keys("Right")
        wait_for(lambda: picture.name == "a", message=lambda: a11y.describe(picture))
        send_keys("Left")
        send_keys("Left")
        wait_for(lambda: picture.name == "c", message=lambda: a11y.describe(picture))


if __name__ == "__main__":
    unittest.main()
