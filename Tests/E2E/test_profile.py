"""End-to-end tests of the profile: the header bar button, the profile window, editing with inline
validation, saving, live updates in every window, unsaved-edit questions, a photo from a photo window,
and the profile kept across restarts.

Run through Tests/E2E/run.sh (Xvfb + a private D-Bus session + AT-SPI); see lightbox_a11y.py.
"""
import json
import os
import subprocess
import unittest

import lightbox_a11y as a11y
from lightbox_case import LightboxTestCase
from lightbox_a11y import find, press, send_keys, wait_for

UNICODE_NAME = "Zoë 山田 👩‍💻"


class ProfileTestCase(LightboxTestCase):
    def launch(self, *args):
        return self.launch_main_window(*args)

    def ask_to_close(self, app, entry):
        """Ctrl+W in the profile window with unsaved edits: the question window."""
        a11y.click(entry, "Profile")
        send_keys("ctrl+w")
        return app.window("Save Changes?")

    def profile_button(self, window):
        return self.header_button(window, "Edit Profile")

    def wait_description(self, node, text):
        wait_for(lambda: node.description == text, message=lambda:
                 f"description {text!r} on {a11y.describe(node)}")

    def open_profile(self, app, window):
        press(self.profile_button(window))
        return app.window("Profile")

    def start_editing(self, profile):
        press(find(profile, "push button", "Edit"))
        # A button's AT-SPI click emits "clicked" ~250 ms later (GTK's press animation), and the
        # hidden editor's entries are in the tree already: wait for editing's own buttons.
        find(profile, "push button", "Cancel")
        return find(profile, "text", "Display name")

    def save_button(self, profile):
        return find(profile, "push button", "Save")

    def wait_sensitive(self, node, sensitive):
        wait_for(lambda: ("sensitive" in a11y.states(node)) == sensitive,
                 message=lambda: f"{'enabled' if sensitive else 'disabled'}: {a11y.describe(node)}")

    @staticmethod
    def invalid(node):
        """AT-SPI's invalid state (pyatspi names it "invalid" or "invalid entry")."""
        return any(state.startswith("invalid") for state in a11y.states(node))

    def saved_profile(self):
        with open(self.sandbox.path("data", "lightbox", "profile.json"), encoding="utf-8") as f:
            return json.load(f)


class ProfileWindowTests(ProfileTestCase):
    def test_edit_validate_save_and_keep_across_restarts(self):
        app, window = self.launch()
        button = self.profile_button(window)
        # The first run takes the name from the system account: no questionnaire.
        wait_for(lambda: button.description, message=lambda: f"a name on {a11y.describe(button)}")
        first_name = button.description

        profile = self.open_profile(app, window)
        self.assertEqual(a11y.role(profile), "frame", "a window of its own, not a dialog")
        find(profile, "label", first_name)
        name = self.start_editing(profile)
        for control in ("Save", "Cancel", "Choose Photo…", "Remove Photo"):
            find(profile, "push button", control)
        find(profile, "text", "Email")
        find(profile, name="About")

        # An empty name: the message is next to the field and is the entry's description. The
        # entry is not marked invalid: Orca 43 stops reading a field in that state.
        a11y.set_text(name, "   ", "Profile")
        save = self.save_button(profile)
        find(profile, "label", "Enter a display name.")
        wait_for(lambda: name.description == "Enter a display name.",
                 message=lambda: f"the problem on the entry: {a11y.describe(name)}")
        self.assertFalse(self.invalid(name), a11y.describe(name))
        # Save stays available (a disabled one says nothing), saves nothing, and puts the focus
        # on the field with the problem, where a screen reader reads it.
        self.assertIn("sensitive", a11y.states(save))
        a11y.click(save, "Profile")
        wait_for(lambda: "focused" in a11y.states(name),
                 message=lambda: f"the focus on the name: {a11y.describe(name)}")
        find(profile, "push button", "Cancel")
        if os.path.exists(self.sandbox.path("data", "lightbox", "profile.json")):
            self.assertNotEqual(self.saved_profile()["displayName"].strip(), "")
        # Too long, counted in characters.
        a11y.set_text(name, "é" * 65, "Profile")
        find(profile, "label", "Use at most 64 characters (this name has 65).")
        # A bad email is refused too, then a good one.
        email = find(profile, "text", "Email")
        a11y.set_text(email, "not an address", "Profile")
        find(profile, "label", "Enter an address like name@example.com, or leave it empty.")
        a11y.set_text(email, "zoe@example.com", "Profile")

        a11y.set_text(name, UNICODE_NAME, "Profile")
        wait_for(lambda: name.description != "Use at most 64 characters (this name has 65).",
                 message="the name's problem to go")
        press(save)
        # Back to showing the profile, in the same window; every header bar shows the new name.
        find(profile, "push button", "Edit")
        find(profile, "label", UNICODE_NAME)
        find(profile, "label", "zoe@example.com")
        self.wait_description(button, UNICODE_NAME)
        self.assertEqual(self.saved_profile()["displayName"], UNICODE_NAME)

        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(10), 0, app.stderr())

        app, window = self.launch()
        self.wait_description(self.profile_button(window), UNICODE_NAME)
        profile = self.open_profile(app, window)
        find(profile, "label", UNICODE_NAME)
        find(profile, "label", "zoe@example.com")

    def test_one_profile_window_and_every_main_window_updates(self):
        app, window = self.launch()
        send_keys("ctrl+n")
        wait_for(lambda: len(app.frames("Lightbox")) == 2, message="a second main window")
        press(find(app.frames("Lightbox")[0], "push button", "Main Menu"))
        press(find(app.frames("Lightbox")[0], "menu item", "Edit Profile\u2026"))
        profile = app.window("Profile")
        # The menu item and the header bar button present the same window.
        press(self.profile_button(app.frames("Lightbox")[0]))
        press(self.profile_button(app.frames("Lightbox")[1]))
        self.assertEqual(len(app.windows(name="Profile")), 1)

        name = self.start_editing(profile)
        a11y.set_text(name, "Ada Lovelace", "Profile")
        self.wait_sensitive(self.save_button(profile), True)
        a11y.click(name, "Profile")
        send_keys("ctrl+s")
        find(profile, "push button", "Edit")
        for frame in app.frames("Lightbox"):
            self.wait_description(self.profile_button(frame), "Ada Lovelace")

        # Escape cancels editing and drops the edits.
        name = self.start_editing(profile)
        a11y.set_text(name, "Someone Else", "Profile")
        a11y.click(name, "Profile")
        send_keys("Escape")
        find(profile, "push button", "Edit")
        find(profile, "label", "Ada Lovelace")
        self.assertEqual(self.saved_profile()["displayName"], "Ada Lovelace")

    def test_closing_with_unsaved_edits_asks(self):
        app, window = self.launch()
        profile = self.open_profile(app, window)
        name = self.start_editing(profile)
        a11y.set_text(name, "Grace Hopper", "Profile")
        self.wait_sensitive(self.save_button(profile), True)

        question = self.ask_to_close(app, name)
        for answer in ("Save", "Discard", "Cancel"):
            find(question, "push button", answer)
        press(find(question, "push button", "Cancel"))
        app.wait_window_gone("Save Changes?")
        self.assertEqual(len(app.windows(name="Profile")), 1, "Cancel keeps the window")
        self.assertEqual(a11y.read_text(name), "Grace Hopper", "and the edits")

        press(find(self.ask_to_close(app, name), "push button", "Discard"))
        app.wait_window_gone("Profile")
        self.assertNotEqual(self.profile_button(window).description, "Grace Hopper")

        profile = self.open_profile(app, window)
        name = self.start_editing(profile)
        a11y.set_text(name, "Grace Hopper", "Profile")
        self.wait_sensitive(self.save_button(profile), True)
        press(find(self.ask_to_close(app, name), "push button", "Save"))
        app.wait_window_gone("Profile")
        self.wait_description(self.profile_button(window), "Grace Hopper")

    def test_corrupt_profile_is_moved_aside_and_announced(self):
        folder = self.sandbox.path("data", "lightbox")
        os.makedirs(folder)
        with open(os.path.join(folder, "profile.json"), "w") as f:
            f.write("{ this is not json")
        app, window = self.launch()
        profile = self.open_profile(app, window)
        wait_for(lambda: any("could not be read" in t or "is damaged" in t for t in a11y.label_texts(profile)),
                 message=lambda: f"a notice; labels: {a11y.label_texts(profile)}")
        kept = [n for n in os.listdir(folder) if n.startswith("profile.json.damaged-")]
        self.assertEqual(len(kept), 1, os.listdir(folder))
        with open(os.path.join(folder, kept[0])) as f:
            self.assertEqual(f.read(), "{ this is not json", "moved aside, not deleted")


def make_jpeg(path, width=300, height=200, rgb=(30, 160, 90)):
    ppm = path + ".ppm"
    with open(ppm, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (width, height) + bytes(rgb) * (width * height))
    with open(path, "wb") as out:
        subprocess.run(["cjpeg", "-quality", "90", ppm], stdout=out, check=True)
    os.remove(ppm)


class ProfilePhotoTests(ProfileTestCase):
    def test_set_as_profile_photo_from_a_photo_window(self):
        folder = self.sandbox.path("Portraits")
        os.makedirs(folder)
        make_jpeg(os.path.join(folder, "portrait.jpg"))
        app, window = self.launch(folder)
        find(window, name="portrait")   # the grid's cell, named after the photo
        send_keys("ctrl+f")
        search = find(window, name="Search Photos", pred=lambda n: a11y.role(n) in ("entry", "text"))
        a11y.set_text(search, "portrait", "Lightbox")
        send_keys("Return")
        photo = app.window("portrait")
        press(find(photo, "push button", "Photo Menu"))
        press(find(photo, "menu item", "Set as Profile Photo"))

        profile = app.window("Profile")
        save = self.save_button(profile)   # the editor opens with the photo pending
        self.wait_sensitive(save, True)
        find(profile, name="Profile photo")
        press(save)
        find(profile, "push button", "Edit")
        saved = self.saved_profile()
        avatar = os.path.join(self.sandbox.path("data", "lightbox"), saved["avatar"])
        with open(avatar, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", "a PNG copy in the data folder")
        # The copy survives the original going away.
        os.remove(os.path.join(folder, "portrait.jpg"))
        send_keys("ctrl+q")
        self.assertEqual(app.wait_exit(10), 0, app.stderr())
        app, window = self.launch()
        profile = self.open_profile(app, window)
        find(profile, name="Profile photo")


if __name__ == "__main__":
    unittest.main()
