"""The base of every end-to-end test case: a private sandbox per test, apps stopped afterwards."""
import os
import time
import unittest

import lightbox_a11y as a11y
from lightbox_a11y import LightboxApp, Sandbox, find

HEADER_HEIGHT = 60  # px from the top of a window: a header bar is ~46 px high


class LightboxTestCase(unittest.TestCase):
    """Each test gets its own HOME/XDG dirs; every app it launches is stopped afterwards."""

    def setUp(self):
        # Each test's wall-clock time, for run.sh's list of the slowest.
        times = os.environ.get("LIGHTBOX_E2E_TIMES")
        if times:
            started = time.monotonic()

            def record():
                with open(times, "a") as out:
                    out.write(f"{time.monotonic() - started:.1f}\t{self.id()}\n")
            self.addCleanup(record)
        if not os.access(a11y.lightbox_bin(), os.X_OK):
            self.fail(f"no lightbox binary at {a11y.lightbox_bin()} (set LIGHTBOX_BIN)")
        self.sandbox = Sandbox(self.id().rsplit(".", 1)[-1])
        self.addCleanup(self.sandbox.cleanup)

    def start_app(self, *args):
        app = LightboxApp(self.sandbox, *args).start()
        self.addCleanup(app.stop)
        return app

    def launch_main_window(self, *args):
        app = self.start_app(*args)
        return app, app.window("Lightbox")

    def header_button(self, window, name):
        """The push button with that name in the top strip of the window (the header bar)."""
        return find(window, "push button", name, pred=lambda n: a11y.extents(n)[1] < HEADER_HEIGHT)

    def wait_label(self, window, text):
        """Waits for a label containing `text` in `window`."""
        return a11y.wait_for(lambda: any(text in t for t in a11y.label_texts(window)), message=lambda:
                             f"a label with {text!r}; labels: {a11y.label_texts(window)}")
