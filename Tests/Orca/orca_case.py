"""The base of every Orca test case: a sandbox, speech-dispatcher, Orca and Lightbox per test, all
stopped afterwards, and the test's transcript (keys and speech, timed) written to its dir."""
import os
import unittest

import lightbox_a11y as a11y
from orca_speech import SAMPLES, OrcaSession, exactly, make_sample_folder  # noqa: F401 (exactly)


class OrcaTestCase(unittest.TestCase):
    def setUp(self):
        if not os.access(a11y.lightbox_bin(), os.X_OK):
            self.fail(f"no lightbox binary at {a11y.lightbox_bin()} (set LIGHTBOX_BIN)")
        self.sandbox = a11y.Sandbox(self.id().rsplit(".", 1)[-1])
        self.addCleanup(self.sandbox.cleanup)
        self.session = OrcaSession(self.sandbox)
        self.addCleanup(self.session.close)

    def make_folder(self, names=SAMPLES):
        """A folder "Holidays" with the sample photos `names` (real JPEGs with EXIF dates)."""
        return make_sample_folder(self.sandbox.path("Holidays"), names)

    def launch(self, *args, **kwargs):
        return self.session.launch(*args, **kwargs)

    def press(self, keys, window=None):
        return self.session.press(keys, window)

    def type(self, text, window=None):
        return self.session.type(text, window)

    def say(self, pattern, **kwargs):
        return self.session.say(pattern, **kwargs)

    def focused_name(self, role=None):
        """The name of what has the focus per AT-SPI (waiting for a `role` node to have it)."""
        def probe():
            node = self.session.focused_node()
            return node if role is None or a11y.role(node) == role else None
        node = a11y.wait_for(probe, message=lambda: f"a focused {role}; focus: {self.session.focused()}")
        return a11y.plain_name(node.name)
