// libjxl 0.7 (Debian: libjxl-dev), for the decoder's JPEG XL files (CJxl):
// the decoder and its thread pool that grows and shrinks (libjxl_threads).
#pragma once
#include <jxl/decode.h>
#include <jxl/resizable_parallel_runner.h>
