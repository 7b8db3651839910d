// Where the keyboard focus goes, for form fields that commit what was
// typed when the person moves on (a new reference).
#pragma once

#include <gtk/gtk.h>

// The focus entering and leaving a widget and what is inside it
// (GtkEventControllerFocus: "enter", "leave").
GObject *lb_focus_controller_new(void);
