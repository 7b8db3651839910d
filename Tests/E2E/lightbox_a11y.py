"""Drive the real Lightbox app through the accessibility tree (AT-SPI), as a screen reader would.

Run it with Debian's /usr/bin/python3 (it has pyatspi) inside `xvfb-run -a dbus-run-session`; see run.sh.

What GTK 4.8 + AT-SPI 2.46 under Xvfb look like (learned against a mock GTK 4.8 app):
* The application is a child of the desktop named after g_get_application_name() (falls back to the
  program name: "lightbox"), with no Action interface. We match it by PID (Accessible.get_process_id()),
  then by name. App and main window appear together, ~0.15 s (mock) / ~0.2 s (debug Swift build) after
  launch on an idle machine, several times that under load: poll with generous timeouts, never sleep.
* Each top-level window is a direct child of the application. Plain windows (GtkApplicationWindow,
  GtkShortcutsWindow, a GtkAboutDialog from gtk_show_about_dialog) are role "frame"; dialogs such as
  GtkFileChooserDialog (what GtkFileChooserNative falls back to with no portal) are role "filler",
  without "showing" (the real app's About window is one too): look windows up by name, not role.
  A window's accessible name is its title; an untitled one is named after its class (the shortcuts
  window shows up as "GtkShortcutsWindow"). Closed or hidden windows and widgets leave the tree.
* Header bar: the titlebar subtree comes AFTER the window content among the frame's children; it is all
  unnamed "panel"s, plus a "label" with the title and "Minimize"/"Maximize"/"Close" push buttons.
  An icon button is a "push button" named by its accessible label (its tooltip becomes the description).
* GtkMenuButton is TWO nested "push button"s with the same name: the outer has an Action interface with
  zero usable actions (doAction(0) fails), the inner toggle button has "click". The outer gets states
  expandable/expanded. Its popover exists in the tree only while open, as a "menu" named
  "GtkPopoverMenu" under the outer button; items are "menu item"s named by their label, each with a
  "click" action and child labels (one holds the accelerator text, e.g. "Ctrl+O").
* Buttons expose the single action "click"; other widgets list their GAction muxer actions
  ("clipboard.copy", "win.close", ...). Action.nActions may count actions whose getName(i) fails.
* A button whose label uses underlines (gtk_button_new_with_mnemonic, dialog buttons) is named
  "<raw label> <text>": "_Cancel Cancel", "_Open Folder… Open Folder…", even "Edit Edit" when the label
  has no underscore. name_matches() accepts the plain text ("Cancel") for those.
* Empty labels are named after their class ("GtkLabel"); unnamed containers are "GtkStackPage",
  "GtkPaned", ... Read label content with read_text(), not .name.
* Text.getText(0, -1) returns "" in GTK 4.8: use getText(0, characterCount). A GtkEntry is role "text"
  named by its labelled-by label; EditableText.setTextContents works and fires "changed".
  Component.grabFocus() is not implemented (raises); click the widget with xdotool instead.
  GTK_ACCESSIBLE_STATE_INVALID shows up as the state "invalid" (STATE_INVALID), not "invalid entry".
* Component extents are relative to the toplevel (GTK 4 does not know window positions), whatever
  the coord type. A window's extents are its X window size less the 2 x 5 px CSD border
  (960x640 -> 950x630).
* STATE_SHOWING is only set on toplevels; STATE_VISIBLE is set on every widget in the tree, including
  all the pages of a GtkStack: inactive pages stay in the tree (under a "panel" named "GtkStackPage",
  which has no Component) with 0x0 extents, and so does the content of a collapsed GtkRevealer or
  GtkSearchBar. find_all()/find()/label_texts() skip such off-screen nodes unless everywhere=True.
* Keys: `xdotool key --clearmodifiers ctrl+q` (XTEST) reaches GTK under Xvfb with no window manager,
  ctrl+question included; so does AT-SPI's synthesiser: generateKeyboardEvent(ControlMask,
  None, KEY_LOCKMODIFIERS), (keysym, None, KEY_SYM), (ControlMask, None, KEY_UNLOCKMODIFIERS)
  (KEY_PRESS/KEY_RELEASE want keycodes). We use xdotool: simpler, and it also types text.
  GTK focuses each window it presents (a dialog gets the focus, which returns on close), so keys go to
  the newest window. A shortcut takes effect within ~50 ms.
* X windows: GDK makes a 1x1 client-leader window at -100,-100 with the same title and the only
  _NET_WM_PID, so `xdotool search --pid` finds the wrong one: use `search --onlyvisible --name`,
  less the override-redirect windows of tooltips and popovers (x_window does).
  `xdotool windowsize` works with no window manager; GTK sees the new size in ~20 ms.
* Xvfb must run with -noreset (run.sh does): by default it resets when its last client disconnects
  (at-spi-bus-launcher connects and leaves at start-up, and so does each app a test stops), and an app
  that connects during the reset dies at once with "cannot open display" - often, on a busy 2-CPU box.
* Single instance: the D-Bus name org.lightboxphotos.Lightbox lives as long as the primary process, and
  the whole suite shares one session bus, so every test must stop its app before the next starts
  (LightboxApp.start() waits for the name to be free). A second launch returns in ~10-30 ms.
* dconf-service would run with the bus's environment, not the test's, so GSettings would leak between
  tests: the sandbox sets GSETTINGS_BACKEND=keyfile (under the test's XDG_CONFIG_HOME) unless already
  set (run.sh sets it for the whole run, and its session bus activates no dconf-service anyway).
* The session bus activates only org.a11y.Bus (session_bus.sh): with Debian's session.conf it
  would start whatever the machine has installed (Nautilus for org.freedesktop.FileManager1, the
  desktop portal, ...) before a test's own stand-in (file_manager.py, settings_portal.py) owns the
  name. A name no test owns answers ServiceUnknown, as on a desktop without that service.
* Tests wait for what the app does (a label, a window, a state, a file), never for a while; to show
  that something does NOT happen, holds() watches over a span measured against something the app did.
"""
import os
import re
import shutil
import subprocess
import tempfile
import time

import gi
gi.require_version("Atspi", "2.0")
gi.require_version("Gio", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402
import pyatspi  # noqa: E402

APP_ID = "org.lightboxphotos.Lightbox"
APP_NAMES = ("lightbox", "Lightbox")
TIMEOUT = float(os.environ.get("LIGHTBOX_E2E_TIMEOUT", "20"))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
Atspi.set_timeout(5000, 15000)  # ms per AT-SPI call, so a wedged app cannot hang the suite


class E2EError(AssertionError):
    pass


def lightbox_bin():
    path = os.environ.get("LIGHTBOX_BIN", ".build/debug/lightbox")
    return path if os.path.isabs(path) else os.path.join(REPO, path)


def wait_for(probe, timeout=TIMEOUT, interval=0.1, message="condition"):
    """Poll probe() until it returns something truthy; return it, or raise E2EError(message)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = probe()
        except GLib.Error:  # the node went away under us: try again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise E2EError(f"timed out after {timeout:g}s waiting for "
                           + (message() if callable(message) else message))
        time.sleep(interval)


def holds(probe, seconds, interval=0.1, message="condition"):
    """Poll probe() for `seconds` (from now), failing at once if it is ever falsy: for what must NOT
    happen, over a span the test has measured against something the app did (never a guess)."""
    deadline = time.monotonic() + max(0.0, seconds)
    while True:
        try:
            ok = probe()
        except GLib.Error:  # the node went away under us: that is a change too
            ok = False
        if not ok:
            raise E2EError("no longer true: " + (message() if callable(message) else message))
        if time.monotonic() >= deadline:
            return
        time.sleep(interval)


# ---- the tree ----------------------------------------------------------------------------------
def role(node):
    try:
        return node.getRoleName()
    except GLib.Error:
        return "?"


def children(node):
    try:
        return [c for c in node if c is not None]
    except GLib.Error:
        return []


def walk(node, depth=0, max_depth=60):
    yield node, depth
    if depth < max_depth:
        for child in children(node):
            yield from walk(child, depth + 1, max_depth)


def plain_name(name):
    """GTK 4.8 names a button whose label uses underlines "<label> <text>", e.g. "_Cancel Cancel" or
    "Edit Edit": return the text ("Cancel", "Edit") for such a name, else the name itself."""
    for i, char in enumerate(name):
        if char == " " and name[:i].replace("_", "") == name[i + 1:] != "":
            return name[i + 1:]
    return name


def name_matches(actual, wanted):
    """wanted: None (any), an exact name (mnemonic names match their plain text), a compiled regex
    (searched), or a predicate."""
    if wanted is None:
        return True
    if callable(wanted):
        return wanted(actual)
    if isinstance(wanted, re.Pattern):
        return wanted.search(actual) is not None
    return wanted in (actual, plain_name(actual))


def on_screen(node):
    """False for nodes laid out at 0x0, such as everything on an inactive GtkStack page."""
    try:
        return all(v > 0 for v in node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)[2:])
    except NotImplementedError:  # e.g. GtkStackPage: no Component, judge by its children
        return True


def find_all(root, role_name=None, name=None, pred=None, everywhere=False):
    """Descendants of root (not root) with that role and name; only on-screen ones unless everywhere."""
    found = []
    for node, _ in walk(root):
        try:
            if node is not root and (role_name is None or role(node) == role_name) \
                    and name_matches(node.name, name) and (everywhere or on_screen(node)) \
                    and (pred is None or pred(node)):
                found.append(node)
        except GLib.Error:
            pass
    return found


def states(node):
    return [pyatspi.stateToString(s) for s in node.getState().getStates()]


def describe(node):
    try:
        states_ = states(node)
        desc = f" desc={node.description!r}" if node.description else ""
        text = read_text(node) if role(node) in ("label", "text", "entry") else None
        text = f" text={text!r}" if text not in (None, node.name) else ""
        hidden = "" if on_screen(node) else " OFF-SCREEN"
        return f"[{role(node)}] {node.name!r}{desc}{text} {{{', '.join(states_)}}}{hidden}"
    except GLib.Error as e:
        return f"[gone: {e.message}]"


def dump_tree(node, max_depth=60, max_lines=400):
    lines = [("  " * d) + describe(n) for n, d in walk(node, 0, max_depth)]
    if len(lines) > max_lines:
        lines = lines[:max_lines] + [f"... ({len(lines) - max_lines} more nodes)"]
    return "\n".join(lines)


def find(root, role_name=None, name=None, pred=None, timeout=TIMEOUT, index=0):
    """Wait for the index-th descendant of root with that role and name (see name_matches)."""
    def probe():
        found = find_all(root, role_name, name, pred)
        return found[index] if len(found) > index else None
    what = f"{role_name or 'node'} named {name!r} (#{index})" if name is not None else role_name
    return wait_for(probe, timeout, message=lambda: f"{what} under {describe(root)}; tree:\n"
                    + dump_tree(root))


def wait_gone(root, role_name=None, name=None, timeout=TIMEOUT):
    wait_for(lambda: not find_all(root, role_name, name), timeout,
             message=lambda: f"{role_name} {name!r} to go away; tree:\n{dump_tree(root)}")


def read_text(node):
    """The node's text (Text interface, the GTK 4.8 way), else its name."""
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except (NotImplementedError, GLib.Error):
        return node.name


def label_texts(root, everywhere=False):
    return [read_text(n) for n in find_all(root, "label", everywhere=everywhere)]


def extents(node):
    """(x, y, width, height), relative to the node's toplevel (see findings above)."""
    return tuple(node.queryComponent().getExtents(pyatspi.WINDOW_COORDS))


# ---- acting ------------------------------------------------------------------------------------
def action_names(node):
    try:
        action = node.queryAction()
    except NotImplementedError:
        return []
    names = []
    for i in range(action.nActions):
        try:
            names.append(action.getName(i))
        except GLib.Error:
            names.append(None)
    return names


def press(node):
    """Activate a button, toggle, menu button or menu item like an AT would (its "click" action)."""
    # a GtkMenuButton's own Action interface has no actions: press its inner button
    for candidate, _ in walk(node, 0, 3):
        names = action_names(candidate)
        for verb in ("click", "press", "activate"):
            if verb in names:
                if not candidate.queryAction().doAction(names.index(verb)):
                    raise E2EError(f"action {verb!r} refused by {describe(candidate)}")
                return
    raise E2EError(f"nothing to press in {describe(node)}; tree:\n{dump_tree(node, 3)}")


def click(node, window_title):
    """Click the middle of node with the pointer (window_title names the X window holding it)."""
    x, y, w, h = extents(node)
    wid = x_window(window_title)
    xdotool("mousemove", "--window", wid, str(x + w // 2), str(y + h // 2), "click", "1")


def set_text(node, text, window_title=None):
    """Replace an entry's text via EditableText; if that does not stick, click it and type."""
    try:
        node.queryEditableText().setTextContents(text)
    except (NotImplementedError, GLib.Error):
        pass
    if read_text(node) == text or window_title is None:
        return
    click(node, window_title)
    send_keys("ctrl+a")
    send_keys("BackSpace")
    xdotool("type", "--delay", "20", text)
    wait_for(lambda: read_text(node) == text, 5, message=f"entry text {text!r}")


def xdotool(*args):
    result = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        raise E2EError(f"xdotool {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout.strip()


def send_keys(combo):
    """Send a key combo such as "ctrl+q", "ctrl+question" or "Escape" to the focused window.

    Returns once the X server has the keys (xdotool closes its display, a round trip, after its
    XTEST requests): the server hands them to GTK in order, after every key and pointer move sent
    before, so keys need no pause between them. What a key does happens later, in the app's own
    time: wait for that (a label, a window, a state), never for a while."""
    xdotool("key", "--clearmodifiers", combo)


def x_window(title="Lightbox"):
    """The visible top-level X window whose title is exactly title. Not GDK's hidden 1x1 leader, and
    not a tooltip's or a popover's window: GDK titles those with the program's name, and xdotool
    matches names without regard to case, so "Lightbox" finds a tooltip that comes up under the
    pointer as well (it is override-redirect; a top-level window is not)."""
    def top_levels():
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(title)}$"],
                             capture_output=True, text=True).stdout.split()
        return [wid for wid in ids if "Override Redirect State: no" in subprocess.run(
            ["xwininfo", "-id", wid], capture_output=True, text=True).stdout]
    return wait_for(top_levels, 10, message=f"X window {title!r}")[-1]


def x_geometry(wid):
    out = xdotool("getwindowgeometry", "--shell", wid)
    values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    return tuple(int(values[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))


# ---- the app under test -------------------------------------------------------------------------
def bus_name_owned(name=APP_ID):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "NameHasOwner", GLib.Variant("(s)", (name,)), None,
                          Gio.DBusCallFlags.NONE, 5000, None)
    return reply.unpack()[0]


class Sandbox:
    """A private HOME and XDG dirs for one test; several app launches may share it."""

    def __init__(self, label="e2e"):
        base = os.environ.get("LIGHTBOX_E2E_ARTIFACTS") or None
        if base:
            os.makedirs(base, exist_ok=True)
        self.root = tempfile.mkdtemp(prefix=f"{label}-", dir=base)
        self.env = dict(os.environ, GDK_BACKEND="x11", GTK_A11Y="atspi")
        self.env.pop("NO_AT_BRIDGE", None)
        self.env.setdefault("GSETTINGS_BACKEND", "keyfile")
        for var, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                         ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")):
            self.env[var] = os.path.join(self.root, sub)
            os.makedirs(self.env[var])
        self.launches = 0

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def run(self, *args, timeout=TIMEOUT):
        """Run lightbox to completion (e.g. --version, or a second instance); CompletedProcess."""
        return subprocess.run([lightbox_bin(), *args], env=self.env, capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)

    def cleanup(self):  # under run.sh the dirs are kept until the suite has passed
        if not (os.environ.get("LIGHTBOX_E2E_KEEP") or os.environ.get("LIGHTBOX_E2E_ARTIFACTS")):
            shutil.rmtree(self.root, ignore_errors=True)


class LightboxApp:
    """One running lightbox process; its stdout/stderr go to files in the sandbox."""

    def __init__(self, sandbox, *args):
        self.sandbox, self.args, self.proc = sandbox, args, None

    def start(self):
        wait_for(lambda: not bus_name_owned(), 10,
                 message=f"{APP_ID} to be free on the session bus (a previous instance still runs)")
        self.sandbox.launches += 1
        stem = self.sandbox.path(f"launch{self.sandbox.launches}")
        self.out_path, self.err_path = stem + ".stdout", stem + ".stderr"
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen([lightbox_bin(), *self.args], env=self.sandbox.env,
                                         stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        return self

    def __enter__(self):
        return self.start() if self.proc is None else self

    def __exit__(self, *exc):
        self.stop()

    def stdout(self):
        with open(self.out_path, errors="replace") as f:
            return f.read()

    def stderr(self):
        with open(self.err_path, errors="replace") as f:
            return f.read()

    def _logs(self):
        return f"\n--- lightbox stderr ---\n{self.stderr()[-3000:]}"

    def application(self, timeout=TIMEOUT):
        """The app's accessible application node (by PID, else by name)."""
        def probe():
            if self.proc.poll() is not None:
                raise E2EError(f"lightbox exited with {self.proc.returncode}" + self._logs())
            apps = children(pyatspi.Registry.getDesktop(0))
            for app in apps:
                if app.get_process_id() == self.proc.pid:
                    return app
            return next((a for a in apps if a.name in APP_NAMES), None)
        return wait_for(probe, timeout, message=lambda: "lightbox on the accessibility bus; apps: "
                        + repr([a.name for a in children(pyatspi.Registry.getDesktop(0))])
                        + self._logs())

    def windows(self, role_name=None, name=None):
        """The app's top-level windows (direct children of the application node)."""
        return [w for w in children(self.application())
                if (role_name is None or role(w) == role_name) and name_matches(w.name, name)]

    def frames(self, name=None):
        return self.windows("frame", name)

    def window(self, title="Lightbox", timeout=TIMEOUT):
        """Wait for the top-level window with that title (any role: dialogs are not always frames)."""
        return wait_for(lambda: next(iter(self.windows(name=title)), None), timeout,
                        message=lambda: f"window {title!r}; app tree:\n"
                        + dump_tree(self.application(), 2) + self._logs())

    def wait_window_gone(self, title, timeout=TIMEOUT):
        wait_for(lambda: not self.windows(name=title), timeout, message=lambda:
                 f"window {title!r} to close; app tree:\n" + dump_tree(self.application(), 2))

    def wait_exit(self, timeout=TIMEOUT):
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise E2EError(f"lightbox still running after {timeout:g}s" + self._logs()) from None

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        try:
            wait_for(lambda: not bus_name_owned(), 10, message=f"{APP_ID} to leave the bus")
        except GLib.Error:
            pass
