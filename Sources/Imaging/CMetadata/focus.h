// Where the camera focused, from its maker notes (focus.c): CMetadata's
// middle layer (tag-text.h has the picture of the whole), on gexiv2 only;
// metadata-read.c, above it, calls it. Not part of the module's interface.
#pragma once

#include "CImaging.h"

#include <gexiv2/gexiv2.h>

// Fills `out`'s focus fields (focus, focus_frame_*, focus_count,
// focus_areas, focus_region) from the maker notes of Canon, Nikon, Sony,
// Fujifilm, Olympus/OM System and Panasonic cameras, as exiv2 0.27 splits
// them into tags. `pixel_width` × `pixel_height` is the picture's size as
// the metadata states it (0 when unknown), for makers that count in its
// pixels. Leaves LB_FOCUS_UNKNOWN where the notes say nothing usable.
void lb_focus_read(GExiv2Metadata *metadata, int pixel_width, int pixel_height, LbMetadata *out);
