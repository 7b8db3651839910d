"""End-to-end tests of working on many photos at once, and with the rest of the desktop:
keyboard selection, batch rating and trash with one Undo, `lightbox PHOTO`, the clipboard.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import os
import subprocess
import unittest
from urllib.parse import quote

import lightbox_a11y as a11y
from lightbox_a11y import find, press, send_keys, wait_for
from trip_case import NAMES, TripCase
from test_photos import make_jpeg

# How often a drag waiting for the other app's answer looks for it (and moves a pixel, see drag()).
DRAG_POLL = 0.05


class SelectionTests(TripCase):
    def test_select_with_the_keyboard_rate_trash_and_undo(self):
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Trip \u2014 4 photos")
        self.point_at_grid()
        first = find(window, name="four")  # the grid is in date order; these have none: by name
        wait_for(lambda: any("focused" in a11y.states(find(window, name=n)) for n in NAMES),
                 message=lambda: a11y.dump_tree(window))
        send_keys("Home")
        send_keys("shift+Right")
        send_keys("shift+Right")
        self.wait_label(window, "Trip \u2014 4 photos, 3 selected")
        selected = [n for n in NAMES if "selected" in a11y.states(find(window, name=n))]
        self.assertEqual(len(selected), 3, a11y.dump_tree(window))
        send_keys("3")
        for name in selected:
            wait_for(lambda: self.cell_description(window, name).startswith("Rated 3 stars"),
                     message=lambda: a11y.describe(find(window, name=name)))
        send_keys("Delete")
        self.wait_label(window, "Trip \u2014 1 photo")
        self.wait_label(window, "3 photos moved to trash")
        for name in selected:
            self.assertFalse(os.path.exists(os.path.join(self.folder, f"{name}.jpg")))
        press(find(window, "push button", "Undo"))
        self.wait_label(window, "Trip \u2014 4 photos")
        for name in NAMES:
            self.assertTrue(os.path.exists(os.path.join(self.folder, f"{name}.jpg")), name)
        for name in selected:
            wait_for(lambda: self.cell_description(window, name).startswith("Rated 3 stars"),
                     message=lambda: a11y.describe(find(window, name=name)))
        send_keys("Escape")
        wait_for(lambda: not any("Trip \u2014 4 photos, " in t for t in a11y.label_texts(window)),
                 message=lambda: "the selection cleared: " + repr(a11y.label_texts(window)))
        self.assertIsNotNone(first)

    def test_reject_with_x_then_move_rejected_to_trash(self):
        app, window = self.open_trip()
        send_keys("End")
        send_keys("shift+Left")
        self.wait_label(window, "2 selected")
        send_keys("x")
        rejected = [n for n in NAMES if self.cell_description(window, n).startswith("Rejected")]
        wait_for(lambda: len([n for n in NAMES if self.cell_description(window, n).startswith("Rejected")]) == 2,
                 message=lambda: a11y.dump_tree(window))
        rejected = [n for n in NAMES if self.cell_description(window, n).startswith("Rejected")]
        send_keys("F10")
        press(find(window, "menu item", "Move Rejected to Trash…", timeout=10))
        dialog = app.window("Move Rejected to Trash")
        press(find(dialog, "push button", "Move to Trash"))
        self.wait_label(window, "Trip \u2014 2 photos")
        self.wait_label(window, "2 photos moved to trash")
        self.assertEqual(sorted(os.listdir(self.folder)), sorted(f"{n}.jpg" for n in NAMES if n not in rejected))

    def test_copy_to_a_folder_with_a_name_clash_keeps_both(self):
        album = self.sandbox.path("Album")
        os.makedirs(album)
        make_jpeg(os.path.join(album, "one.jpg"), 9)
        with open(os.path.join(album, "one.jpg"), "rb") as theirs:
            before = theirs.read()
        app, window = self.open_trip()
        send_keys("ctrl+a")
        self.wait_label(window, "4 selected")
        send_keys("F7")
        chooser = app.window("Copy to Folder")
        a11y.xdotool("mousemove", "--window", a11y.x_window("Copy to Folder"), "300", "12")
        send_keys("ctrl+l")
        a11y.xdotool("type", "--delay", "20", album + "/")
        # The chooser's location entry has all the typed path (GTK handles the keys after xdotool
        # returns), and no completion added to it.
        find(chooser, "text", pred=lambda node: a11y.read_text(node) == album + "/")
        press(find(chooser, "push button", "Copy"))
        question = app.window("File Already Exists")
        a11y.wait_for(lambda: any("one.jpg" in t for t in a11y.label_texts(question)),
                      message=lambda: a11y.label_texts(question))
        # GTK 4.8's check box offers AT-SPI no action: the keyboard ticks it (it has the focus).
        self.assertIn("focused", a11y.states(find(question, "check box", "Apply to all")))
        a11y.xdotool("mousemove", "--window", a11y.x_window("File Already Exists"), "100", "12")
        send_keys("space")
        wait_for(lambda: "checked" in a11y.states(find(question, "check box", "Apply to all")),
                 message=lambda: a11y.describe(find(question, "check box", "Apply to all")))
        press(find(question, "push button", "Keep Both"))
        self.wait_label(window, "4 photos copied to \u201cAlbum\u201d")
        self.assertEqual(sorted(os.listdir(album)),
                         ["four.jpg", "one (2).jpg", "one.jpg", "three.jpg", "two.jpg"])
        with open(os.path.join(album, "one.jpg"), "rb") as theirs:
            self.assertEqual(theirs.read(), before, "the file already there is untouched")
        with open(os.path.join(album, "one (2).jpg"), "rb") as ours, \
                open(os.path.join(self.folder, "one.jpg"), "rb") as original:
            self.assertEqual(ours.read(), original.read())
        self.assertEqual(len(os.listdir(self.folder)), 4, "a copy leaves the photos where they were")

    def test_a_photo_on_the_command_line_opens_in_a_photo_window_over_its_folder(self):
        app = self.start_app(os.path.join(self.folder, "two.jpg"), os.path.join(self.folder, "three.jpg"))
        app.window("two")
        app.window("three")
        window = app.window("Lightbox")
        self.wait_label(window, "Trip \u2014 4 photos, 2 selected")
        missing = self.sandbox.run(os.path.join(self.folder, "gone.jpg"))
        self.assertEqual(missing.returncode, 1, missing.stderr)
        self.assertIn("gone.jpg", missing.stderr)

    def other_app(self, *args):
        """Starts the other application (drop_target.py), moved aside, before Lightbox (whose window,
        mapped last, is then the active one); returns the path of the file where it says "accepted"
        once a drag may be let go."""
        status = self.sandbox.path("drag-status.txt")
        other = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "drop_target.py"),
                                  *args, status], env=self.sandbox.env)
        self.addCleanup(other.kill)
        window = a11y.x_window("Drop Here" if args[0] == "--receive" else "Drag Me")
        a11y.xdotool("windowmove", window, "900", "100")
        wait_for(lambda: a11y.x_geometry(window)[:2] == (900, 100), message="the other app moved aside")
        return status

    def drag(self, start, end, status):
        """Presses at `start`, moves past GTK's drag threshold to `end` (screen coordinates), and lets
        go there once the other app says in `status` that the drop is accepted (see drop_target.py).

        Synthetic motion needs no pauses to be seen: the X server delivers it in order. But GTK
        starts a drag on a motion it has handled, and only a motion after that takes the drag over
        the other window: moves sent all at once may all arrive before the drag has begun, and then
        nothing moves it. So at `end` the pointer goes a pixel back and forth, one move per poll,
        until the other app says "accepted"."""
        a11y.xdotool("mousemove", str(start[0]), str(start[1]))
        a11y.xdotool("mousedown", "1")
        for step in range(1, 16):
            a11y.xdotool("mousemove", str(start[0] + step * (end[0] - start[0]) // 16),
                         str(start[1] + step * (end[1] - start[1]) // 16))
        a11y.xdotool("mousemove", str(end[0]), str(end[1]))
        moves = [0]

        def accepted():
            if os.path.exists(status):
                return True
            moves[0] += 1
            a11y.xdotool("mousemove", str(end[0] + moves[0] % 2), str(end[1]))
            return False
        wait_for(accepted, interval=DRAG_POLL, message=lambda: f"the other app to accept the drag "
                 f"({moves[0]} moves at the end)")
        a11y.xdotool("mouseup", "1")

    def test_a_photo_dropped_on_the_window_opens(self):
        elsewhere = self.sandbox.path("Elsewhere")
        os.makedirs(elsewhere)
        make_jpeg(os.path.join(elsewhere, "dropped.jpg"), 7)
        status = self.other_app("--give", os.path.join(elsewhere, "dropped.jpg"))
        app, window = self.launch_main_window(self.folder)
        self.wait_label(window, "Trip \u2014 4 photos")
        self.drag((1050, 250), (300, 300), status)
        app.window("dropped")
        self.wait_label(app.window("Lightbox"), "Elsewhere \u2014 1 photo, 1 selected")

    def test_show_in_files_asks_the_file_manager_or_says_none_answered(self):
        app, window = self.open_trip()
        send_keys("ctrl+a")
        self.wait_label(window, "4 selected")
        send_keys("ctrl+alt+o")
        self.wait_label(window, "No file manager could show the photos")

        shown = self.sandbox.path("shown.txt")
        manager = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "file_manager.py"),
                                    shown], env=self.sandbox.env, stdout=subprocess.PIPE, text=True)
        self.addCleanup(manager.kill)
        self.assertEqual(manager.stdout.readline().strip(), "ready")
        self.press_bar_action(window, "Show in Files")
        # The stand-in renames the file into place once written: there, it is whole. (wait_for
        # gives up after LIGHTBOX_E2E_TIMEOUT.)
        wait_for(lambda: os.path.exists(shown), message="ShowItems called")
        with open(shown) as uris:
            self.assertEqual(sorted(line.strip() for line in uris),
                             sorted("file://" + quote(os.path.join(self.folder, f"{n}.jpg")) for n in NAMES))

    def test_open_with_starts_the_chosen_application_with_the_photos(self):
        opened = self.sandbox.path("opened.txt")
        applications = os.path.join(self.sandbox.env["XDG_DATA_HOME"], "applications")
        os.makedirs(applications, exist_ok=True)
        viewer = self.sandbox.path("viewer.sh")
        with open(viewer, "w") as script:
            script.write(f'#!/bin/sh\nfor photo in "$@"; do echo "$photo"; done > {opened}\n')
        os.chmod(viewer, 0o755)
        with open(os.path.join(applications, "test-viewer.desktop"), "w") as entry:
            entry.write(f"[Desktop Entry]\nType=Application\nName=Test Viewer\nMimeType=image/jpeg;\nExec={viewer} %F\n")
        # GIO finds applications by type through this cache (ImageMagick's viewer is there too).
        subprocess.run(["update-desktop-database", applications], check=True)
        mimeapps = os.path.join(self.sandbox.env["XDG_CONFIG_HOME"], "mimeapps.list")
        app, window = self.open_trip()
        send_keys("Home")
        send_keys("shift+Right")
        self.wait_label(window, "2 selected")
        selected = sorted(n for n in NAMES if "selected" in a11y.states(find(window, name=n)))
        send_keys("ctrl+shift+o")
        chooser = wait_for(lambda: next((w for w in app.windows() if w.name not in ("Lightbox", "")), None),
                           message=lambda: [w.name for w in app.windows()])
        # GTK 4.8's application list (a GtkTreeView) shows no rows to AT-SPI: the person's own
        # application for the type comes first, selected.
        press(find(chooser, "push button", "Open"))
        wait_for(lambda: os.path.exists(opened) and os.path.getsize(opened) > 0, message=lambda: "the viewer started; "
                 + repr([w.name for w in app.windows()]) + repr(a11y.label_texts(window)))
        with open(opened) as paths:
            self.assertEqual(sorted(line.strip() for line in paths if line.strip()),
                             [os.path.join(self.folder, f"{n}.jpg") for n in selected])
        self.assertFalse(os.path.exists(mimeapps), "the choice is not remembered as the type's application")

    def test_dragging_the_selection_out_gives_another_app_the_files(self):
        received = self.sandbox.path("dropped.txt")
        status = self.other_app("--receive", received)
        app, window = self.open_trip()
        send_keys("Home")
        send_keys("shift+Right")
        self.wait_label(window, "2 selected")
        selected = sorted(n for n in NAMES if "selected" in a11y.states(find(window, name=n)))
        left, top = a11y.x_geometry(a11y.x_window("Lightbox"))[:2]
        x, y, w, h = a11y.extents(find(window, name=selected[0]))
        start_x, start_y = left + x + w // 2, top + y + h // 3
        self.drag((start_x, start_y), (1000, 200), status)
        wait_for(lambda: os.path.exists(received), message="the drop")
        with open(received) as dropped:
            uris = sorted(line.strip() for line in dropped if line.strip())
        self.assertEqual(uris, ["file://" + quote(os.path.join(self.folder, f"{n}.jpg")) for n in selected])

    def test_ctrl_c_puts_the_photos_on_the_clipboard_as_files(self):
        app, window = self.open_trip()
        send_keys("ctrl+a")
        self.wait_label(window, "4 selected")
        send_keys("ctrl+c")
        self.wait_label(window, "4 photos copied")
        expected = sorted("file://" + quote(os.path.join(self.folder, f"{n}.jpg")) for n in NAMES)

        def clipboard(target):
            result = subprocess.run(["xclip", "-selection", "clipboard", "-t", target, "-o"],
                                    capture_output=True, text=True, timeout=10)
            return [line.strip() for line in result.stdout.splitlines() if line.strip()]

        wait_for(lambda: sorted(clipboard("text/uri-list")) == expected,
                 message=lambda: repr(clipboard("text/uri-list")))
        copied = clipboard("x-special/gnome-copied-files")
        self.assertEqual(copied[0], "copy")
        self.assertEqual(sorted(copied[1:]), expected)
        send_keys("ctrl+shift+c")
        self.wait_label(window, "4 paths copied")
        wait_for(lambda: sorted(clipboard("UTF8_STRING")) == sorted(os.path.join(self.folder, f"{n}.jpg")
                                                                    for n in NAMES),
                 message=lambda: repr(clipboard("UTF8_STRING")))


if __name__ == "__main__":
    unittest.main()
