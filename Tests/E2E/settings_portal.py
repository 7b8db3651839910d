"""A stand-in for the desktop's Settings portal on the session bus: it answers
org.freedesktop.appearance color-scheme with argv[1] (0, 1 or 2) and contrast with argv[2] (0 or 1;
0 when not given) and, on each line read from stdin, changes one and emits SettingChanged: a bare
number is the color-scheme, "contrast N" the contrast."""
import sys

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/>
      <arg type="v" direction="out"/></method>
    <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
  </interface>
</node>
"""
scheme = int(sys.argv[1])
contrast = int(sys.argv[2]) if len(sys.argv) > 2 else 0
bus = None


def on_call(_connection, _sender, _path, _interface, method, parameters, invocation):
    namespace, key = parameters.unpack()
    if (namespace, key) == ("org.freedesktop.appearance", "color-scheme"):
        # Wrapped twice, as the portal's older versions answer.
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", GLib.Variant("u", scheme)),)))
    elif (namespace, key) == ("org.freedesktop.appearance", "contrast"):
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("u", contrast),)))
    else:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")


def on_bus(connection, _name):
    global bus
    bus = connection
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/freedesktop/portal/desktop", info, on_call, None, None)


def on_input(channel, _condition):
    global scheme, contrast
    words = channel.readline().split()
    if not words:
        return False
    if words[0] == "contrast":
        contrast, key, value = int(words[1]), "contrast", int(words[1])
    else:
        scheme, key, value = int(words[0]), "color-scheme", int(words[0])
    bus.emit_signal(None, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
                    "SettingChanged", GLib.Variant("(ssv)", ("org.freedesktop.appearance", key,
                                                             GLib.Variant("u", value))))
    return True


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                 on_bus, lambda *_: print("ready", flush=True), None)
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_input)
GLib.MainLoop().run()
