// LibRaw (Debian: libraw-dev), for the decoder's RAW files (CRaw).
#pragma once
#include <libraw/libraw.h>
