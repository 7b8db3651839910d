// The decoder's own reader of TIFF-based camera RAW files (tiff-raw.c):
// where their embedded previews are, read through a reader function so
// that the decoder reads a file with pread and the fuzz target
// (Tools/Fuzz/C/raw-previews.c) gives it bytes. Not part of CRaw's interface.
//
// It lists the previews exiv2 0.27 lists for the layouts it knows (NEF,
// ARW, CR2, ORF, PEF, DNG and other plain TIFF-based files), in exiv2's
// terms, so that raw.c chooses among them as it chooses among exiv2's,
// and says `known = false` for every file whose previews it cannot list
// as exiv2 would (another magic number, a maker note holding previews it
// does not read): raw.c then takes exiv2's path, as before.
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Reads exactly `length` bytes at `offset` into `buffer`; false when it
// cannot (past the end, a read error).
typedef bool (*LbRawReader)(void *context, uint64_t offset, uint8_t *buffer, size_t length);

// The most previews listed: exiv2 has 34 places to look, a file fills a
// handful.
#define LB_RAW_MAX_PREVIEWS 24
// The most strips of an uncompressed preview read here; one with more is
// left to exiv2 (cameras write one strip, or one a few rows).
#define LB_RAW_MAX_STRIPS 1024

typedef enum {
    LB_RAW_PREVIEW_JPEG,   // `offset`, `length`: a whole JPEG stream
    LB_RAW_PREVIEW_RGB,    // 8-bit RGB rows in strips (lb_raw_read_rgb)
    LB_RAW_PREVIEW_OTHER,  // a TIFF exiv2 would hand libtiff (tiles, LZW, 16 bits...)
} LbRawPreviewKind;

typedef struct {
    LbRawPreviewKind kind;
    bool tiff;                // exiv2 lists it as image/tiff (else image/jpeg)
    uint32_t width, height;   // as exiv2 knows them: a JPEG's SOF, a TIFF's IFD
    uint64_t offset, length;  // its bytes in the file (RGB, OTHER: the strips' sum in `length`)
    uint32_t rows_per_strip;  // RGB only, and the strips themselves:
    uint32_t strips;
    uint64_t *strip_offsets;
    uint64_t *strip_lengths;
} LbRawPreview;

typedef struct {
    bool known;                // false: leave the file to exiv2 (`why` says why)
    const char *why;
    const char *mime;          // the file's type as exiv2 names it (a static string)
    int pixel_width, pixel_height;  // the sensor's size as exiv2 reads it (0: unknown)
    int orientation;           // IFD0's Orientation, 1-8; 0 when it states none
    uint64_t compression;      // the main image's Compression (DNG: 7 lossless JPEG, 9 VC-5); 0 unknown
    // The file ends before what its structure points at: an IFD, or the
    // strips or tiles of an image it lists (a copy or download stopped
    // part way). Known whether or not the layout is.
    bool cut_short;
    int count;
    LbRawPreview previews[LB_RAW_MAX_PREVIEWS];  // smallest first, as exiv2 sorts them
    // The metadata exiv2 reads of the file, all in its first `metadata_end`
    // bytes: the header, IFD0 and the EXIF IFD with every value of theirs
    // but large data blocks (strips, DNG's private data), the maker note
    // whole. 0 when some of it lies further than LB_RAW_METADATA_MOST, or
    // IFD0 holds IPTC (which exiv2 takes only from the whole file).
    uint64_t metadata_end;
    uint64_t xmp_offset, xmp_length;  // IFD0's XMP packet (tag 700), within those bytes; 0 0: none
    uint64_t bytes_read;       // every byte asked of the reader, for the tests
} LbRawLayout;

// How far into a file its metadata may lie for lb_raw_layout_read to
// place it: cameras write it in the first tens of kilobytes.
#define LB_RAW_METADATA_MOST (1u << 20)

// Reads the structure of the file `file_length` bytes long behind `read`:
// its header, IFDs, SubIFDs, EXIF IFD and the maker notes that hold
// previews (Nikon's, Olympus'), and the header of each JPEG preview (for
// its size). Never the previews' bytes. Without `previews` (a metadata
// read) the previews are not listed and no JPEG header is read: a read
// fewer for each preview. Clear `out` with lb_raw_layout_clear.
void lb_raw_layout_read(LbRawReader read, void *context, uint64_t file_length, bool previews, LbRawLayout *out);

void lb_raw_layout_clear(LbRawLayout *layout);

// The preview raw.c's rule takes for a picture `max_size` on its long side:
// the smallest at least that large, else the largest; -1 when there is
// none. `side` receives its long side.
int lb_raw_layout_choose(const LbRawLayout *layout, int max_size, int *side);

// Reads an LB_RAW_PREVIEW_RGB preview's rows into `rows` (`stride` bytes
// apart, at least width × 3 each); false when a strip is out of the file,
// too short, or cannot be read.
bool lb_raw_read_rgb(LbRawReader read, void *context, uint64_t file_length, const LbRawPreview *preview,
                     uint8_t *rows, size_t stride);
