// The GTK 4 system headers, for targets that compile C against them.
// Swift code never imports this module directly: it goes through CGtkShim.
#pragma once
#include <gtk/gtk.h>
#include <glib-unix.h>
