"""The other application of the drag and drop tests, in GTK 4.

  drop_target.py --receive OUT   a window "Drop Here" writing the URIs dropped on it into OUT
  drop_target.py --give FILE     a window "Drag Me" whose label drags FILE out
"""
import sys

import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def receiving(out_path):
    label = Gtk.Label(label="drop")
    target = Gtk.DropTarget.new(Gdk.FileList, Gdk.DragAction.COPY)

    def on_drop(_target, value, _x, _y):
        with open(out_path, "w") as out:
            out.writelines(f.get_uri() + "\n" for f in value.get_files())
        return True
    target.connect("drop", on_drop)
    label.add_controller(target)
    return "Drop Here", label


def giving(path):
    label = Gtk.Label(label="drag me")
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    # As file managers offer files: a URI list, which GTK turns into a GdkFileList for Lightbox.
    uri = Gio.File.new_for_path(path).get_uri()
    source.set_content(Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new((uri + "\r\n").encode())))
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
