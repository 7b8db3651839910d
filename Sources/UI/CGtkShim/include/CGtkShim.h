// CGtkShim: the one place where Lightbox touches what Swift cannot import
// or should not see of GTK: cast and type macros, varargs functions,
// signal connection with GClosure, typed-versus-opaque pointer differences,
// GObject subclasses written in C, and the libdispatch main-queue bridge.
//
// Every wrapped object crosses into Swift as a `GObject *`. The lb_<type>()
// functions below turn it back into the pointer type a GTK function wants,
// with GTK's own checked cast macros.
#pragma once

#include <gtk/gtk.h>

#include "lb-cast.h"
#include "lb-accessible.h"
#include "lb-signal.h"
#include "lb-application.h"
#include "lb-main-loop.h"
#include "lb-list-model.h"
#include "lb-object.h"
#include "lb-frames.h"
#include "lb-files.h"
#include "lb-gestures.h"
#include "lb-paintable.h"
#include "lb-texture.h"
#include "lb-desktop.h"
#include "lb-clipboard.h"
#include "lb-context-menu.h"
#include "lb-appearance.h"
#include "lb-memory.h"
#include "lb-focus.h"
#include "lb-widgets.h"
