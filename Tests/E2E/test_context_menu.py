"""End-to-end tests of the grid's context menus and the selection bar, through the accessibility
tree and real input: a right click on a photo and Shift+F10 (and the Menu key) on the focused one
open its menu, which acts on the selection (a photo outside it becomes the selection first); a
right click on empty space opens the grid's menu, whose Paste copies (or, cut, moves) the photos a
file manager put on the clipboard; the selection bar names its actions and keeps them all at
GNOME's narrowest window, the ones that do not fit in its More menu.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
What GTK 4.8 shows of a context menu (a GtkPopoverMenu): while open, a "menu" named as Lightbox
names it (the photo's title, "2 selected photos", "Photos") among the descendants of the window,
its items "menu item"s named by their labels; a submenu's items appear once it is opened.
"""
import os
import subprocess
import unittest
from urllib.parse import quote

import lightbox_a11y as a11y
from lightbox_a11y import find, find_all, press, send_keys, wait_for
from test_photos import make_jpeg
from test_tags import exif
from trip_case import NAMES, TripCase

PHOTO_ITEMS = ["Open", "Open With…", "Show in Files", "Rate", "Reject", "Label and Keywords", "Copy",
               "Copy to Folder…", "Move to Folder…", "Rotate Left", "Rotate Right", "Move to Trash"]


class ContextMenuTests(TripCase):
    def menu(self, window, name):
        """The context menu named `name`, once it is open."""
        return find(window, "menu", name)

    def item_names(self, menu):
        return [node.name for node in find_all(menu, "menu item")]

    def right_click_at(self, x, y):
        """A real right click at (x, y) in the main window, the pointer brought there as a hand
        brings it. (GTK 4.8 sends a press that comes with no motion after a menu closed to that
        menu, hidden: a second click on the very same pixel would open nothing.)"""
        wid = a11y.x_window("Lightbox")
        a11y.xdotool("mousemove", "--window", wid, str(x - 5), str(y - 5))
        a11y.xdotool("mousemove", "--window", wid, str(x), str(y), "click", "3")

    def right_click(self, window, name):
        """A real right click in the middle of the photo's cell (its thumbnail)."""
        x, y, w, h = a11y.extents(find(window, name=name))
        self.right_click_at(x + w // 2, y + h // 3)

    def selected(self, window):
        return sorted(n for n in NAMES if "selected" in a11y.states(find(window, name=n)))

    def test_a_right_click_selects_the_photo_and_reject_writes_it_into_the_file(self):
        app, window = self.open_trip()
        send_keys("Home")
        send_keys("shift+Right")
        self.wait_label(window, "2 selected")
        outside = next(n for n in NAMES if n not in self.selected(window))
        self.right_click(window, outside)
        menu = self.menu(window, outside)
        # The photo outside the selection became the selection, as in a file manager.
        self.wait_label(window, "Trip \u2014 4 photos, 1 selected")
        self.assertEqual(self.selected(window), [outside])
        names = self.item_names(menu)
        for item in PHOTO_ITEMS + ["Set as Profile Photo", "Properties"]:
            self.assertIn(item, names, a11y.dump_tree(menu))
        self.assertNotIn("Compare Side by Side", names, "two photos are compared, not one")
        # Its keys, as the menu shows them, are the item's description.
        self.assertEqual(find(menu, "menu item", "Reject").description, "X")
        press(find(menu, "menu item", "Reject"))
        wait_for(lambda: self.cell_description(window, outside).startswith("Rejected"),
                 message=lambda: a11y.describe(find(window, name=outside)))
        a11y.wait_gone(window, "menu")
        # The focus is back on the photo.
        wait_for(lambda: "focused" in a11y.states(find(window, name=outside)),
                 message=lambda: a11y.dump_tree(window))
        # Again on the same (now rejected) photo: the item takes the rejection back.
        self.right_click(window, outside)
        find(self.menu(window, outside), "menu item", "Take Back Rejection")
        send_keys("Escape")
        a11y.wait_gone(window, "menu")
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(), 0, app.stderr())
        for name in NAMES:
            rating = exif(os.path.join(self.folder, f"{name}.jpg"), "XMP-xmp:Rating")[0]
            self.assertEqual(rating, "-1" if name == outside else None, name)

    def test_shift_f10_acts_on_the_selection_and_the_menu_key_on_the_focused_photo(self):
        app, window = self.open_trip()
        send_keys("Home")
        send_keys("shift+Right")
        self.wait_label(window, "2 selected")
        chosen = self.selected(window)
        send_keys("shift+F10")
        menu = self.menu(window, "2 selected photos")
        self.assertIn("Compare Side by Side", self.item_names(menu))
        self.assertNotIn("Set as Profile Photo", self.item_names(menu), "one photo is a profile photo")
        # The keyboard is in the menu: Rate's submenu, then its first item (5 stars).
        wait_for(lambda: find_all(menu, "menu item", pred=lambda n: "focused" in a11y.states(n)),
                 message=lambda: a11y.dump_tree(menu))
        press(find(menu, "menu item", "Rate"))
        press(find(menu, "menu item", "4 Stars"))
        for name in chosen:
            wait_for(lambda: self.cell_description(window, name).startswith("Rated 4 stars"),
                     message=lambda: a11y.describe(find(window, name=name)))
        self.assertEqual(self.selected(window), chosen, "the selection stays")
        a11y.wait_gone(window, "menu")

        # The Menu key on a photo outside the selection (the focus moved, nothing selected).
        send_keys("Escape")
        wait_for(lambda: not self.selected(window), message=lambda: a11y.dump_tree(window))
        send_keys("End")
        last = next(n for n in NAMES if "focused" in a11y.states(find(window, name=n)))
        send_keys("Menu")
        self.menu(window, last)
        self.assertEqual(self.selected(window), [last])
        send_keys("Escape")
        a11y.wait_gone(window, "menu")
        wait_for(lambda: "focused" in a11y.states(find(window, name=last)), message=lambda: a11y.dump_tree(window))

    def put_files_on_clipboard(self, target, text):
        """Another application (xclip) owns the clipboard with `text` as `target`, as a file manager
        does after Copy (x-special/gnome-copied-files, Nautilus and GTK 3's file managers) or as
        Dolphin does (text/uri-list)."""
        owner = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-t", target, "-i"],
                                 stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 env=self.sandbox.env)
        owner.stdin.write(text.encode())
        owner.stdin.close()
        self.addCleanup(owner.kill)
        wait_for(lambda: subprocess.run(["xclip", "-selection", "clipboard", "-t", target, "-o"],
                                        capture_output=True, text=True).stdout.strip() == text.strip(),
                 message="xclip to own the clipboard")

    def test_paste_on_empty_space_copies_the_files_a_file_manager_copied(self):
        elsewhere = self.sandbox.path("Elsewhere")
        os.makedirs(elsewhere)
        make_jpeg(os.path.join(elsewhere, "harbour.jpg"), 9)
        with open(os.path.join(elsewhere, "notes.txt"), "w") as notes:
            notes.write("not a photo")
        uris = [f"file://{quote(os.path.join(elsewhere, name))}" for name in ("harbour.jpg", "notes.txt")]
        app, window = self.open_trip()
        self.put_files_on_clipboard("x-special/gnome-copied-files", "copy\n" + "\n".join(uris))
        # The photos across the whole window (F9 hides the side panel): one row, room under it.
        send_keys("F9")
        wait_for(lambda: not find_all(window, name="Folders Inside", pred=a11y.on_screen),
                 message="the side panel to go on F9")
        # Empty space: under the photos' (only) row.
        cells = [a11y.extents(find(window, name=n)) for n in NAMES]
        bottom = max(y + h for x, y, w, h in cells)
        x, y, w, h = a11y.extents(find(window, "table", "Photos"))
        self.assertGreater(y + h - bottom, 60, "room under the photos")
        self.right_click_at(x + w // 2, bottom + 30)
        menu = self.menu(window, "Photos")
        self.assertEqual(self.item_names(menu), ["Select All", "Paste", "Open Folder…"])
        wait_for(lambda: "sensitive" in a11y.states(find(menu, "menu item", "Paste")),
                 message=lambda: a11y.describe(find(menu, "menu item", "Paste")))
        press(find(menu, "menu item", "Paste"))
        self.wait_label(window, "1 photo copied to \u201cTrip\u201d")
        self.wait_label(window, "Trip \u2014 5 photos")
        find(window, name="harbour")
        self.assertEqual(sorted(os.listdir(self.folder)), sorted([f"{n}.jpg" for n in NAMES] + ["harbour.jpg"]),
                         "only the photo came in")
        self.assertTrue(os.path.exists(os.path.join(elsewhere, "harbour.jpg")), "a copy leaves the original")

    def test_ctrl_v_moves_what_a_file_manager_cut_and_copies_a_uri_list(self):
        elsewhere = self.sandbox.path("Elsewhere")
        os.makedirs(elsewhere)
        for index, name in enumerate(("cut", "listed")):
            make_jpeg(os.path.join(elsewhere, f"{name}.jpg"), index + 5)
        app, window = self.open_trip()
        self.put_files_on_clipboard("x-special/gnome-copied-files",
                                    "cut\nfile://" + quote(os.path.join(elsewhere, "cut.jpg")))
        send_keys("ctrl+v")
        self.wait_label(window, "1 photo moved to \u201cTrip\u201d")
        self.assertFalse(os.path.exists(os.path.join(elsewhere, "cut.jpg")), "cut, then pasted: moved")
        self.assertTrue(os.path.exists(os.path.join(self.folder, "cut.jpg")))
        # Dolphin's form: a URI list alone.
        self.put_files_on_clipboard("text/uri-list", "file://" + quote(os.path.join(elsewhere, "listed.jpg")) + "\r\n")
        send_keys("ctrl+v")
        self.wait_label(window, "1 photo copied to \u201cTrip\u201d")
        self.wait_label(window, "Trip \u2014 6 photos")
        self.assertTrue(os.path.exists(os.path.join(elsewhere, "listed.jpg")))


class SelectionBarTests(TripCase):
    def bar(self, window):
        return find(window, None, "Selected Photos")

    def test_the_bar_names_its_actions_and_keeps_them_all_in_a_narrow_window(self):
        app, window = self.open_trip()
        send_keys("ctrl+a")
        self.wait_label(window, "4 selected")
        bar = self.bar(window)
        wide = [n.name for n in find_all(bar, "push button")]
        # Four selected compare side by side: Compare takes its place in the bar, and what does not
        # fit beside it (Move to Trash, here) is in More, as below.
        for name in ("Rate", "Reject", "Compare Side by Side", "Open", "More"):
            self.assertIn(name, wide, a11y.dump_tree(bar))
        # GNOME's narrowest window (the header bar keeps this one a little wider without a window
        # manager, with its three window buttons): the actions that do not fit are in More.
        a11y.xdotool("windowsize", a11y.x_window("Lightbox"), "360", "600")
        wait_for(lambda: "Move to Trash" not in [n.name for n in find_all(bar, "push button")],
                 message=lambda: a11y.dump_tree(bar))
        # What the bar shows, side by side, fits in 360 pixels.
        narrow = [n for n in find_all(bar, "push button") if a11y.role(n.parent) != "push button"]
        shown = narrow + find_all(bar, "label", pred=lambda n: a11y.role(n.parent) == "panel" and "selected" in n.name)
        self.assertLessEqual(sum(a11y.extents(node)[2] for node in shown), 360,
                             [a11y.describe(node) + repr(a11y.extents(node)) for node in shown])
        self.assertIn("Rate", [n.name for n in narrow])
        press(find(bar, "push button", "More"))
        menu = find(window, "menu", "More")
        names = [node.name for node in find_all(menu, "menu item")]
        for item in ("Move to Trash", "Copy to Folder…", "Show in Files", "Select None", "Rotate Left", "Copy"):
            self.assertIn(item, names, a11y.dump_tree(menu))
        press(find(menu, "menu item", "Select None"))
        wait_for(lambda: not any("Trip \u2014 4 photos, " in t for t in a11y.label_texts(window)),
                 message=lambda: "the selection cleared: " + repr(a11y.label_texts(window)))


if __name__ == "__main__":
    unittest.main()
