// gexiv2 (EXIF, XMP, IPTC), for the C helpers in CImaging.
#pragma once
#include <gexiv2/gexiv2.h>
