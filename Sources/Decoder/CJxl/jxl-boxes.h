// The walk over a JPEG XL container's boxes (jxl-boxes.c), apart from the
// file, so the fuzz target (Tools/Fuzz/C/jxl-boxes.c) can give it bytes.
// Not part of CJxl's interface.
#pragma once

#include "CJxl.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// The most boxes walked: a file is a handful (signature, ftyp, codestream
// in one jxlc or some jxlp, metadata); a streaming encoder may write many
// jxlp. Each costs a read of its header.
#define LB_JXL_MAX_BOXES 65536

// Reads exactly `length` bytes at `offset` into `buffer`; false when it
// cannot (past the end, a read error).
typedef bool (*LbJxlReader)(void *context, uint64_t offset, uint8_t *buffer, size_t length);

// lb_jxl_metadata over `read`, the file being `file_length` bytes long.
void lb_jxl_metadata_from(LbJxlReader read, void *context, uint64_t file_length, LbJxlMetadata *out);
