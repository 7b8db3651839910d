"""End-to-end tests of Lightbox's foundation: window, header bar, menu, shortcuts, command line.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import re
import time
import unittest

import lightbox_a11y as a11y
from test_photos import make_folder
from lightbox_case import HEADER_HEIGHT, LightboxTestCase
from lightbox_a11y import E2EError, find, find_all, press, send_keys, wait_for

MENU_ITEMS = ["Open Folder\u2026", "Edit Profile\u2026", "Preferences", "Keyboard Shortcuts", "About Lightbox", "Quit"]
MISSING = "/nonexistent/x"


class CommandLineTests(LightboxTestCase):
    def test_version(self):
        result = self.sandbox.run("--version")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "lightbox 0.1.0")

    def test_help(self):
        result = self.sandbox.run("--help")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("FOLDER", result.stdout)
        self.assertRegex(result.stdout, re.compile("usage", re.I))


class MainWindowTests(LightboxTestCase):
    def test_window_and_header_bar(self):
        app, window = self.launch_main_window()
        self.assertEqual(a11y.role(window), "frame")
        self.assertEqual(len(app.frames("Lightbox")), 1)
        for name in ("Open Folder", "Edit Profile", "Main Menu"):
            with self.subTest(control=name):
                button = self.header_button(window, name)
                self.assertTrue(a11y.action_names(button) or find_all(button, "push button"),
                                f"{name} cannot be activated: {a11y.describe(button)}")

    def test_empty_state(self):
        app, window = self.launch_main_window()
        find(window, "label", "No photos yet")
        # The page's button opens a dialog, so its label ends in an ellipsis (GNOME HIG).
        page_button = find(window, "push button", "Open Folder\u2026", timeout=5,
                           pred=lambda n: a11y.extents(n)[1] >= HEADER_HEIGHT)
        press(page_button)
        app.window("Open Folder")
        send_keys("Escape")
        app.wait_window_gone("Open Folder")

    def test_open_folder_button_opens_chooser(self):
        app, window = self.launch_main_window()
        press(self.header_button(window, "Open Folder"))
        chooser = app.window("Open Folder")
        press(find(chooser, "push button", "Cancel"))
        app.wait_window_gone("Open Folder")
        self.assertEqual(len(app.frames("Lightbox")), 1)

    def test_ctrl_o_opens_chooser_and_escape_closes_it(self):
        app, window = self.launch_main_window()
        send_keys("ctrl+o")
        app.window("Open Folder")
        send_keys("Escape")
        app.wait_window_gone("Open Folder")
        self.assertEqual(len(app.frames("Lightbox")), 1)

    def test_main_menu(self):
        app, window = self.launch_main_window()
        press(self.header_button(window, "Main Menu"))
        for item in MENU_ITEMS:
            with self.subTest(item=item):
                find(window, "menu item", item, timeout=5)
        press(find(window, "menu item", "About Lightbox"))
        about = app.window("About Lightbox")
        wait_for(lambda: not find_all(window, "menu item", "Quit"), 5,
                 message="the popover menu to close after activating an item")
        press(find(about, "push button", "Close"))
        app.wait_window_gone("About Lightbox")
        self.assertEqual(len(app.frames("Lightbox")), 1)

    def test_about_says_how_images_are_decoded(self):
        folder = self.sandbox.path("Photos")
        make_folder(folder)
        app, window = self.launch_main_window(folder)
        find(window, "table cell", timeout=10)  # thumbnails: decoders have run
        press(self.header_button(window, "Main Menu"))
        press(find(window, "menu item", "About Lightbox"))
        about = app.window("About Lightbox")
        press(find(about, "page tab", "System"))
        wait_for(lambda: any("sandboxed helper processes" in a11y.read_text(n)
                             for n in find_all(about, "text", everywhere=True)),
                 message=lambda: [a11y.read_text(n) for n in find_all(about, "text", everywhere=True)])

    def test_f10_opens_the_main_menu(self):
        app, window = self.launch_main_window()
        send_keys("F10")
        find(window, "menu item", "About Lightbox", timeout=5)
        send_keys("Escape")
        wait_for(lambda: not find_all(window, "menu item", "About Lightbox"), 5,
                 message="the menu to close on Escape")

    def test_keyboard_shortcuts_window(self):
        app, window = self.launch_main_window()
        send_keys("ctrl+question")
        app.window(re.compile("Shortcuts"))
        send_keys("Escape")
        try:
            app.wait_window_gone(re.compile("Shortcuts"), timeout=5)
        except E2EError as error:
            self.fail(f"Escape did not close the Keyboard Shortcuts window: {error}")
        # Shown again (it was only hidden), its close button closes it too.
        send_keys("ctrl+question")
        shortcuts = app.window(re.compile("Shortcuts"))
        press(find(shortcuts, "push button", "Close"))
        app.wait_window_gone(re.compile("Shortcuts"))

    def test_ctrl_q_quits(self):
        app, window = self.launch_main_window()
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(10), 0, app.stderr())


class InstanceAndFolderTests(LightboxTestCase):
    def test_second_launch_presents_existing_window(self):
        app, window = self.launch_main_window()
        started = time.monotonic()
        second = self.sandbox.run(timeout=15)
        self.assertEqual(second.returncode, 0, second.stderr)
        self.assertLess(time.monotonic() - started, 10, "the second launch should return promptly")
        # The second launch's exit is the signal: it ends when the primary answers its CommandLine
        # call, which the primary does once its handler has returned, having presented the window,
        # or made a (wrong) second one there and then (AppFlow.handle(_: CommandLineInvocation)).
        # AT-SPI asks the primary live (GTK 4.8 has no cache), in its main loop, after that handler.
        self.assertEqual(len(app.frames("Lightbox")), 1, a11y.dump_tree(app.application(), 2))
        self.assertIsNone(app.proc.poll(), "the first instance must keep running")

    def test_bad_folder(self):
        app, window = self.launch_main_window(MISSING)

        def message_in_window():
            texts = a11y.label_texts(window)
            return any(MISSING in t or re.search("not found|does not exist", t, re.I) for t in texts)
        wait_for(message_in_window, 10, message=lambda: "a label naming the missing folder:\n"
                 + a11y.dump_tree(window))
        wait_for(lambda: MISSING in app.stderr(), 10, message=lambda: "the path on stderr: "
                 + repr(app.stderr()))
        self.assertIsNone(app.proc.poll(), "a missing folder must not end the app")

        second = self.sandbox.run(MISSING, timeout=15)
        self.assertEqual(second.returncode, 1, second.stderr)
        self.assertIn(MISSING, second.stderr)
        self.assertIsNone(app.proc.poll(), "the first instance must keep running")
        self.assertEqual(len(app.frames("Lightbox")), 1)

    def test_an_unusable_library_is_announced(self):
        # A file where the data folder should be: the index cannot be opened.
        data = self.sandbox.path("data")
        os.makedirs(data, exist_ok=True)
        with open(os.path.join(data, "lightbox"), "w") as f:
            f.write("not a folder")
        app, window = self.launch_main_window()
        self.wait_label(window, "Ratings cannot be saved")

    def test_window_size_remembered(self):
        app, window = self.launch_main_window()
        wid = a11y.x_window("Lightbox")
        before = a11y.extents(window)
        width, height = (720, 530) if before[2] != 710 else (820, 610)
        a11y.xdotool("windowsize", wid, str(width), str(height))
        wait_for(lambda: a11y.x_geometry(wid)[2:] == (width, height) and a11y.extents(window) != before,
                 10, message=lambda: f"the window to be resized to {width}x{height}: X says "
                 f"{a11y.x_geometry(wid)}, AT-SPI says {a11y.extents(window)}")
        resized = a11y.extents(window)
        send_keys("ctrl+w")
        self.assertEqual(app.wait_exit(10), 0, app.stderr())

        app, window = self.launch_main_window()
        wid = a11y.x_window("Lightbox")

        def close_enough():
            x_size, size = a11y.x_geometry(wid)[2:], a11y.extents(window)[2:]
            return all(abs(a - b) <= 4 for a, b in zip(x_size + size, (width, height) + resized[2:]))
        wait_for(close_enough, 5, message=lambda: f"the remembered size {width}x{height} (AT-SPI "
                 f"{resized[2:]}), got X {a11y.x_geometry(wid)[2:]}, AT-SPI {a11y.extents(window)[2:]}")


if __name__ == "__main__":
    unittest.main()
