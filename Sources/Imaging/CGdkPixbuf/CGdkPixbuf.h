// gdk-pixbuf (decoding, scaling, PNG writing), for the C helpers in
// CImaging. No GTK here: LightboxCore may use it through Imaging.
#pragma once
#include <gdk-pixbuf/gdk-pixbuf.h>
