// What CImaging's files share and nothing outside them sees.
#pragma once

#include <gdk-pixbuf/gdk-pixbuf.h>

struct LbImage {
    GdkPixbuf *pixbuf;  // always RGBA
};

// The error's message (or `fallback`) as a new string; frees the error.
char *lb_message(GError *error, const char *fallback);
