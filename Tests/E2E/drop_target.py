"""The other application of the drag and drop tests, in GTK 4.

  drop_target.py --receive OUT STATUS   a window "Drop Here" writing the URIs dropped on it into OUT
  drop_target.py --give FILE STATUS     a window "Drag Me" whose label drags FILE out

Both write "accepted" into STATUS once the drag may be let go: X drag and drop is a conversation
between the two apps (the source sends a position, the target answers whether it takes the drop, and
a release before the source has that answer drops nothing), and this app is one end of it.
* --receive: once this app, the target, has answered a position with "copy" and the X server has
  that answer (queued for the source ahead of any release sent after STATUS appears).
* --give: once this app, the source, has had the target's "copy" answer.
"""
import sys

import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

status_path = sys.argv[3]


def report_accepted():
    with open(status_path, "w") as status:
        status.write("accepted\n")


def receiving(out_path):
    label = Gtk.Label(label="drop")
    target = Gtk.DropTarget.new(Gdk.FileList, Gdk.DragAction.COPY)
    reported = False

    def answered():
        # GTK sends the answer to the position after the motion handler returns; a round trip to
        # the X server then puts it ahead of whatever the test sends next.
        label.get_display().sync()
        report_accepted()
        return GLib.SOURCE_REMOVE

    def on_motion(_target, _x, _y):
        nonlocal reported
        if not reported:
            reported = True
            GLib.idle_add(answered, priority=GLib.PRIORITY_LOW)
        return Gdk.DragAction.COPY

    def on_drop(_target, value, _x, _y):
        with open(out_path, "w") as out:
            out.writelines(f.get_uri() + "\n" for f in value.get_files())
        return True
    target.connect("motion", on_motion)
    target.connect("drop", on_drop)
    label.add_controller(target)
    return "Drop Here", label


def giving(path):
    label = Gtk.Label(label="drag me")
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    # As file managers offer files: a URI list, which GTK turns into a GdkFileList for Lightbox.
    uri = Gio.File.new_for_path(path).get_uri()
    source.set_content(Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new((uri + "\r\n").encode())))

    def on_drag_begin(_source, drag):
        def on_selected_action(drag, _param):
            # The target's answer: a release from now on drops (GdkDrag drops only when it has one).
            if drag.get_selected_action() & Gdk.DragAction.COPY:
                report_accepted()
        drag.connect("notify::selected-action", on_selected_action)
    source.connect("drag-begin", on_drag_begin)
    label.add_controller(source)
    return "Drag Me", label


def main():
    mode, argument = sys.argv[1], sys.argv[2]
    title, child = receiving(argument) if mode == "--receive" else giving(argument)

    def on_activate(app):
        window = Gtk.ApplicationWindow(application=app, title=title)
        window.set_default_size(300, 300)
        window.set_child(child)
        window.present()
    app = Gtk.Application(application_id="org.example.DragAndDrop", flags=Gio.ApplicationFlags.NON_UNIQUE)
    app.connect("activate", on_activate)
    app.run([])


main()
