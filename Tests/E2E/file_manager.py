"""A stand-in for the desktop's file manager on the session bus: it owns org.freedesktop.FileManager1
and writes the URIs each ShowItems call asks to show into the file argv[1], one a line: written
beside it and renamed, so that the file, once there, is whole."""
import os
import sys

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowItems"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
    <method name="ShowFolders"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
    <method name="ShowItemProperties"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
  </interface>
</node>
"""


def on_call(_connection, _sender, _path, _interface, method, parameters, invocation):
    if method == "ShowItems":
        uris, _startup_id = parameters.unpack()
        partial = sys.argv[1] + ".partial"
        with open(partial, "w") as out:
            out.writelines(uri + "\n" for uri in uris)
        os.replace(partial, sys.argv[1])
    invocation.return_value(None)


def on_bus(connection, _name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/freedesktop/FileManager1", info, on_call, None, None)


def on_name(_connection, _name):
    print("ready", flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.NONE,
                 on_bus, on_name, None)
GLib.MainLoop().run()
