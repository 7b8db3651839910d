#include "lb-focus.h"

GObject *lb_focus_controller_new(void) { return G_OBJECT(gtk_event_controller_focus_new()); }
