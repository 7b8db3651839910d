"""Start Debian's Orca (the `orca` Python package that /usr/bin/orca runs) for the Orca test suite.

    /usr/bin/python3 orca_launcher.py PREFS_DIR DEBUG_LOG [SETTING=JSON ...]

It does what `/usr/bin/orca --user-prefs PREFS_DIR --debug-file DEBUG_LOG` does, with four changes a
test needs:
* The debug log is LINE-BUFFERED. /usr/bin/orca opens it with Python's default 8 KiB buffer, so the
  last utterances stay in memory until more debug output pushes them out: a test waiting for them
  would wait in vain.
* The log level is INFO (the level of Orca's "SPEECH OUTPUT: '...'" lines), not ALL: ALL writes
  several times as much and slows Orca down on a busy 2-CPU machine. ORCA_TEST_DEBUG_LEVEL=ALL (or
  FINEST, FINE, ...) brings the detail back when a test needs explaining.
* SIGTERM stops it at once. Orca installs Python signal handlers, but Python runs them only when the
  main thread gets back to Python code, and Orca's main thread sits in GLib's main loop (C) until the
  next accessibility event: an idle Orca ignored SIGTERM for ten minutes here. A wakeup fd watched by
  the main loop brings it back to Python, and Orca's own handler then shuts it down properly (it says
  "Screen reader off.", restores the keyboard map and leaves the buses).
* It does not refuse to start when another Orca runs as the same user (/usr/bin/orca asks
  `pgrep -x orca`, machine-wide): the test's Orca has its own display and buses.
Each SETTING=JSON overrides one of Orca's settings for this run, e.g. enableBraille=false.
"""
import json
import os
import signal
import sys

sys.path.insert(1, "/usr/lib/python3/dist-packages")

from gi.repository import GLib  # noqa: E402
from orca import debug  # noqa: E402


def wake_main_loop_on_signals():
    """Make a pending signal wake GLib's main loop, so Python runs its handler."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    os.set_blocking(read_end, False)
    signal.set_wakeup_fd(write_end)

    def drain(fd, condition):
        try:
            os.read(fd, 512)
        except BlockingIOError:
            pass
        return True  # the handler itself runs as soon as this Python code does

    GLib.unix_fd_add_full(GLib.PRIORITY_HIGH, read_end, GLib.IOCondition.IN, drain)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    prefs_dir, log_path = argv[1], argv[2]
    custom = {}
    for item in argv[3:]:
        key, _, value = item.partition("=")
        custom[key] = json.loads(value)

    debug.debugLevel = getattr(debug, "LEVEL_" + os.environ.get("ORCA_TEST_DEBUG_LEVEL", "INFO"))
    debug.eventDebugLevel = debug.LEVEL_OFF
    debug.debugFile = open(log_path, "w", buffering=1, encoding="utf-8", errors="replace")

    from orca import orca
    manager = orca.getSettingsManager()
    if not manager:
        print("orca_launcher: Orca has no settings manager", file=sys.stderr)
        return 1
    manager.activate(prefs_dir, custom)
    sys.path.insert(0, manager.getPrefsDir())
    # Python's signal handlers only ever run in the main thread; signals are installed by orca.main().
    wake_main_loop_on_signals()
    return orca.main()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
