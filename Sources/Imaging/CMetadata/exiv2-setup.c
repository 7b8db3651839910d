// gexiv2 set up once per process (see exiv2-setup.h).
#include "exiv2-setup.h"

#include <gexiv2/gexiv2.h>

static gsize lb_exiv2_ready;

void lb_exiv2_init(void) {
    if (!g_once_init_enter(&lb_exiv2_ready)) return;
    gsize state = gexiv2_initialize() ? 1 : 2;
    // exiv2 0.27 knows digiKam's and Lightroom's namespaces, not darktable's:
    // it learns a namespace from the first packet that declares it, and
    // until then a darktable key is an error. Registered here, darktable's
    // colour labels read the same in every file and can be written.
    GError *error = NULL;
    gexiv2_metadata_try_register_xmp_namespace("http://darktable.sf.net/", "darktable", &error);
    g_clear_error(&error);
    g_once_init_leave(&lb_exiv2_ready, state);
}
