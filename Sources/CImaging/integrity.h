// Structural completeness of JPEG, PNG and WebP files, checked on the
// bytes as the decoder reads them (private to CImaging).
//
// gdk-pixbuf decodes a truncated JPEG or PNG without an error, leaving the
// missing rows blank, so this is how a damaged file is told from a whole
// one: JPEG markers up to EOI (the entropy-coded data scanned, segments
// skipped by their length), PNG chunks up to IEND, a WebP's whole RIFF
// body. Bytes after the end (a motion photo's video) are ignored.
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    LB_FORMAT_UNKNOWN,  // not yet known, or not one of the three
    LB_FORMAT_JPEG,
    LB_FORMAT_PNG,
    LB_FORMAT_WEBP,
} LbFormat;

typedef struct {
    LbFormat format;
    int state;               // where the parser is (integrity.c)
    unsigned char head[12];  // the first bytes, which say the format
    size_t head_length;
    uint64_t skip;           // bytes still to pass over
    int marker;              // JPEG: the marker whose segment is read
    unsigned char field[8];  // a length (JPEG) or chunk header (PNG) being read
    size_t field_length;
    uint64_t webp_body;      // WebP: the RIFF size
    uint64_t total;          // bytes fed
} LbIntegrity;

void lb_integrity_init(LbIntegrity *check);
void lb_integrity_feed(LbIntegrity *check, const unsigned char *bytes, size_t count);
// 1 when the bytes fed make a whole file, 0 when they stop short or are
// malformed, -1 for other formats.
int lb_integrity_result(const LbIntegrity *check);
