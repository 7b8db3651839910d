// Helpers shared by CImaging's C files; not part of the module's interface.
#pragma once

#include <stdbool.h>
#include <gexiv2/gexiv2.h>

// gexiv2_initialize, once per process (it is not safe to call twice at once).
void lb_exiv2_init(void);

// The rating the metadata states (see lb_rating_read for the order of
// the tags asked). False when none of them is there.
bool lb_rating_from(GExiv2Metadata *metadata, int *rating);
