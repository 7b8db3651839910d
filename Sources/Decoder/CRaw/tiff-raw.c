// Where a TIFF-based RAW file keeps its embedded previews: see tiff-raw.h.
//
// exiv2 finds previews by mapping the whole file and parsing all of its
// metadata; the page faults on that mapping bring in the kernel's
// read-ahead around every place touched (8 MiB windows on some disks), so
// a thumbnail of a 50 MB NEF read 17 MB. This reads the few hundred bytes
// of structure it needs (the header, IFD0 and the IFDs after it, SubIFDs,
// the EXIF IFD, the maker notes that hold previews, the first bytes of
// each JPEG preview for its size), each with one read at its place, and
// raw.c then reads the one preview it chooses.
//
// The list is exiv2 0.27's (src/preview.cpp, its table of "loaders"):
// the same places, in the same order, sorted by pixel count the same way,
// so that raw.c's rule picks the preview it picked through exiv2. Where
// exiv2 looks in a maker note this does not read (Pentax, Minolta, Samsung,
// Casio, Panasonic, Sony's Minolta-style one, Olympus' old one), or the
// file is not TIFF-based (RW2, CR3, RAF...), the layout is not `known` and
// raw.c asks exiv2 as before.
//
// Everything here runs in the sandboxed decoder on bytes from an untrusted
// file: every offset and count is checked against the file's length before
// it is read, arrays are capped, and each IFD is read once (no loops).
#include "tiff-raw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// An IFD of more entries is no camera's (they write 10-100); refusing it
// bounds what one IFD costs to read.
#define LB_MAX_ENTRIES 1000
// IFDs read in a file: IFD0-2, nine SubIFDs, EXIF, maker notes' few.
#define LB_MAX_IFDS 32
// SubIFDs exiv2 names (SubImage1-9); previews are looked for in 1-4.
#define LB_MAX_SUBIFDS 9
// JPEG markers walked before the frame header: a preview has a few.
#define LB_MAX_MARKERS 64

typedef struct {
    LbRawReader read;
    void *context;
    uint64_t length;
    uint64_t bytes_read;
    uint64_t visited[LB_MAX_IFDS];
    int ifds;
} LbFile;

// How offsets in an IFD are read: its byte order, and where they count from
// (the file's start, or a maker note's own header).
typedef struct {
    bool big;
    uint64_t base;
} LbOrder;

typedef struct {
    uint16_t tag, type;
    uint32_t count;
    uint8_t value[4];
} LbEntry;

typedef struct {
    bool present;
    LbOrder order;
    uint64_t at;  // where the IFD is in the file
    int count;
    LbEntry *entries;
    uint32_t next;
} LbIfd;

static bool lb_fetch(LbFile *file, uint64_t offset, void *buffer, size_t length) {
    if (length == 0) return true;
    if (offset > file->length || length > file->length - offset) return false;
    file->bytes_read += length;
    return file->read(file->context, offset, buffer, length);
}

static uint16_t lb_u16(const uint8_t *p, bool big) {
    return big ? (uint16_t)(p[0] << 8 | p[1]) : (uint16_t)(p[1] << 8 | p[0]);
}

static uint32_t lb_u32(const uint8_t *p, bool big) {
    return big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
               : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

// Bytes a value of TIFF type `type` takes; 0 for a type no camera writes.
static unsigned lb_type_size(uint16_t type) {
    switch (type) {
    case 1: case 2: case 6: case 7: return 1;             // BYTE ASCII SBYTE UNDEFINED
    case 3: case 8: return 2;                              // SHORT SSHORT
    case 4: case 9: case 11: case 13: return 4;            // LONG SLONG FLOAT IFD
    case 5: case 10: case 12: return 8;                    // RATIONAL SRATIONAL DOUBLE
    default: return 0;
    }
}

static void lb_ifd_clear(LbIfd *ifd) {
    free(ifd->entries);
    memset(ifd, 0, sizeof *ifd);
}

// Reads the IFD at `offset` (from `order.base`) into `ifd`; false (and
// `ifd` absent) when it is out of the file, too long, or read before.
static bool lb_ifd_read(LbFile *file, LbOrder order, uint64_t offset, LbIfd *ifd) {
    memset(ifd, 0, sizeof *ifd);
    uint64_t at = order.base + offset;
    if (offset == 0 || at < order.base || file->ifds >= LB_MAX_IFDS) return false;
    for (int i = 0; i < file->ifds; i++)
        if (file->visited[i] == at) return false;
    file->visited[file->ifds++] = at;
    uint8_t head[2];
    if (!lb_fetch(file, at, head, 2)) return false;
    unsigned count = lb_u16(head, order.big);
    if (count > LB_MAX_ENTRIES) return false;
    uint8_t *table = malloc((size_t)count * 12 + 4);
    if (!table) return false;
    if (!lb_fetch(file, at + 2, table, (size_t)count * 12)) {
        free(table);
        return false;
    }
    // A last IFD may end the file without its next-IFD offset.
    uint32_t next = lb_fetch(file, at + 2 + (uint64_t)count * 12, table + (size_t)count * 12, 4)
                        ? lb_u32(table + (size_t)count * 12, order.big)
                        : 0;
    ifd->entries = calloc(count ? count : 1, sizeof *ifd->entries);
    if (!ifd->entries) {
        free(table);
        return false;
    }
    for (unsigned i = 0; i < count; i++) {
        const uint8_t *e = table + (size_t)i * 12;
        ifd->entries[i] = (LbEntry){lb_u16(e, order.big), lb_u16(e + 2, order.big), lb_u32(e + 4, order.big), {0}};
        memcpy(ifd->entries[i].value, e + 8, 4);
    }
    free(table);
    ifd->present = true;
    ifd->order = order;
    ifd->at = at;
    ifd->count = (int)count;
    ifd->next = next;
    return true;
}

static const LbEntry *lb_find(const LbIfd *ifd, uint16_t tag) {
    if (!ifd->present) return NULL;
    for (int i = 0; i < ifd->count; i++)
        if (ifd->entries[i].tag == tag) return &ifd->entries[i];
    return NULL;
}

// Where an entry's values are: in the entry itself (`*inline_value`), or
// at an offset in the file; false when they do not fit in the file.
static bool lb_values_at(LbFile *file, const LbIfd *ifd, const LbEntry *entry, uint64_t *at, bool *inline_value) {
    unsigned size = lb_type_size(entry->type);
    if (size == 0) return false;
    uint64_t bytes = (uint64_t)entry->count * size;
    if (bytes <= 4) {
        *inline_value = true;
        *at = 0;
        return true;
    }
    *inline_value = false;
    *at = ifd->order.base + lb_u32(entry->value, ifd->order.big);
    return *at <= file->length && bytes <= file->length - *at;
}

// An integer value of `entry` (BYTE, SHORT, LONG and their signed kinds,
// IFD; UNDEFINED as bytes): up to `max` of them into `out`; how many, 0
// when none can be read.
static uint32_t lb_integers(LbFile *file, const LbIfd *ifd, const LbEntry *entry, uint64_t *out, uint32_t max) {
    if (!entry) return 0;
    unsigned size = lb_type_size(entry->type);
    if (size == 0 || size == 8 || entry->type == 2 || entry->type == 11) return 0;
    uint32_t count = entry->count < max ? entry->count : max;
    if (count == 0) return 0;
    uint64_t at;
    bool in_entry;
    if (!lb_values_at(file, ifd, entry, &at, &in_entry)) return 0;
    uint8_t *bytes = in_entry ? (uint8_t *)entry->value : malloc((size_t)count * size);
    if (!bytes) return 0;
    if (!in_entry && !lb_fetch(file, at, bytes, (size_t)count * size)) {
        free(bytes);
        return 0;
    }
    bool big = ifd->order.big;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *p = bytes + (size_t)i * size;
        switch (entry->type) {
        case 6: out[i] = (uint64_t)(int64_t)(int8_t)p[0]; break;
        case 8: out[i] = (uint64_t)(int64_t)(int16_t)lb_u16(p, big); break;
        case 9: out[i] = (uint64_t)(int64_t)(int32_t)lb_u32(p, big); break;
        default: out[i] = size == 1 ? p[0] : size == 2 ? lb_u16(p, big) : lb_u32(p, big);
        }
    }
    if (!in_entry) free(bytes);
    return count;
}

// The first integer value of `tag`, if it has one.
static bool lb_integer(LbFile *file, const LbIfd *ifd, uint16_t tag, uint64_t *value) {
    return lb_integers(file, ifd, lb_find(ifd, tag), value, 1) == 1;
}

// An ASCII value, cut to `size` - 1 bytes and ended; "" when there is none.
static void lb_text(LbFile *file, const LbIfd *ifd, uint16_t tag, char *text, size_t size) {
    text[0] = '\0';
    const LbEntry *entry = lb_find(ifd, tag);
    if (!entry || entry->type != 2 || entry->count == 0) return;
    size_t length = entry->count < size - 1 ? entry->count : size - 1;
    uint64_t at;
    bool in_entry;
    if (!lb_values_at(file, ifd, entry, &at, &in_entry)) return;
    if (in_entry) memcpy(text, entry->value, length);
    else if (!lb_fetch(file, at, text, length)) length = 0;
    text[length] = '\0';
}

static bool lb_starts(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

// The size a JPEG at `offset` declares in its frame header, found by
// walking its markers (a few reads of a few bytes); false when the bytes
// are not a JPEG or no frame header comes before its scan (exiv2 then
// does not list it either).
static bool lb_jpeg_size(LbFile *file, uint64_t offset, uint64_t length, uint32_t *width, uint32_t *height) {
    uint8_t b[5];
    if (length < 4 || !lb_fetch(file, offset, b, 2) || b[0] != 0xFF || b[1] != 0xD8) return false;
    uint64_t at = 2;
    for (int markers = 0; markers < LB_MAX_MARKERS && at <= length - 4; markers++) {
        if (!lb_fetch(file, offset + at, b, 4) || b[0] != 0xFF) return false;
        uint8_t marker = b[1];
        if (marker == 0xFF) {  // a fill byte before the marker
            at += 1;
            continue;
        }
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {  // no length follows
            at += 2;
            continue;
        }
        if (marker == 0xD9 || marker == 0xDA) return false;
        unsigned segment = (unsigned)b[2] << 8 | b[3];
        if (segment < 2) return false;
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            // SOFn: length, precision, height, width.
            if (segment < 7 || at + 9 > length || !lb_fetch(file, offset + at + 4, b, 5)) return false;
            *height = (uint32_t)b[1] << 8 | b[2];
            *width = (uint32_t)b[3] << 8 | b[4];
            return true;
        }
        at += 2 + (uint64_t)segment;
    }
    return false;
}

static LbRawPreview *lb_add(LbRawLayout *layout) {
    if (layout->count >= LB_RAW_MAX_PREVIEWS) return NULL;
    LbRawPreview *preview = &layout->previews[layout->count++];
    memset(preview, 0, sizeof *preview);
    return preview;
}

// A JPEG preview at `offset` (from the file's start) of `length` bytes,
// listed when it is in the file and its header gives its size.
static void lb_add_jpeg(LbFile *file, LbRawLayout *layout, uint64_t offset, uint64_t length) {
    if (length == 0 || offset > file->length || length > file->length - offset) return;
    uint32_t width = 0, height = 0;
    if (!lb_jpeg_size(file, offset, length, &width, &height)) return;
    LbRawPreview *preview = lb_add(layout);
    if (!preview) return;
    *preview = (LbRawPreview){.kind = LB_RAW_PREVIEW_JPEG, .width = width, .height = height, .offset = offset,
                              .length = length};
}

// The JPEG an IFD points at with JPEGInterchangeFormat and its length
// (exiv2 takes an offset of 0 for none).
static void lb_add_interchange(LbFile *file, LbRawLayout *layout, const LbIfd *ifd) {
    uint64_t offset, length;
    if (!lb_integer(file, ifd, 0x0201, &offset) || !lb_integer(file, ifd, 0x0202, &length) || offset == 0) return;
    lb_add_jpeg(file, layout, ifd->order.base + offset, length);
}

// An IFD whose strips exiv2 lists as a TIFF preview: when `subfile_one`,
// only if its NewSubfileType is 1 (a reduced image). `canon_rgb`: CR2's
// IFD2, 8-bit RGB whatever its Compression says (exiv2 rewrites it to 1).
static void lb_add_tiff(LbFile *file, LbRawLayout *layout, const LbIfd *ifd, bool subfile_one, bool canon_rgb) {
    if (!ifd->present) return;
    if (subfile_one) {
        const LbEntry *type = lb_find(ifd, 0x00FE);
        uint64_t value;
        // exiv2 compares the value as text with "1": one value, 1.
        if (!type || type->count != 1 || lb_integers(file, ifd, type, &value, 1) != 1 || value != 1) return;
    }
    bool tiles = false;
    const LbEntry *offsets = lb_find(ifd, 0x0111), *lengths = lb_find(ifd, 0x0117);
    if (!offsets) {
        tiles = true;
        offsets = lb_find(ifd, 0x0144);
        lengths = lb_find(ifd, 0x0145);
    }
    if (!offsets || !lengths || offsets->count != lengths->count || offsets->count == 0) return;
    uint64_t width = 0, height = 0;
    if (!lb_integer(file, ifd, 0x0100, &width) || !lb_integer(file, ifd, 0x0101, &height) || width == 0
        || height == 0 || width > UINT32_MAX || height > UINT32_MAX)
        return;
    uint64_t compression = 1, photometric = 0, samples = 1, planar = 1, rows = height;
    lb_integer(file, ifd, 0x0103, &compression);
    lb_integer(file, ifd, 0x0106, &photometric);
    lb_integer(file, ifd, 0x0115, &samples);
    lb_integer(file, ifd, 0x011C, &planar);
    lb_integer(file, ifd, 0x0116, &rows);
    uint64_t bits[3] = {0, 0, 0};
    const LbEntry *bits_entry = lb_find(ifd, 0x0102);
    uint32_t bit_counts = lb_integers(file, ifd, bits_entry, bits, 3);
    bool eight_bits = (bit_counts == 1 && bits[0] == 8) || (bit_counts == 3 && bits[0] == 8 && bits[1] == 8 && bits[2] == 8);

    LbRawPreview *preview = lb_add(layout);
    if (!preview) return;
    *preview = (LbRawPreview){.kind = LB_RAW_PREVIEW_OTHER, .tiff = true, .width = (uint32_t)width,
                              .height = (uint32_t)height};
    uint32_t strips = offsets->count;
    if (tiles || strips > LB_RAW_MAX_STRIPS) return;
    uint64_t *starts = calloc(strips, sizeof *starts), *sizes = calloc(strips, sizeof *sizes);
    if (!starts || !sizes || lb_integers(file, ifd, offsets, starts, strips) != strips
        || lb_integers(file, ifd, lengths, sizes, strips) != strips) {
        // Offsets exiv2 cannot read either: no preview.
        free(starts);
        free(sizes);
        layout->count--;
        return;
    }
    uint64_t sum = 0;
    bool inside = true;
    for (uint32_t i = 0; i < strips; i++) {
        starts[i] += ifd->order.base;
        sum += sizes[i];
        inside = inside && starts[i] <= file->length && sizes[i] <= file->length - starts[i];
    }
    // exiv2 lists no preview of no bytes.
    if (sum == 0) {
        free(starts);
        free(sizes);
        layout->count--;
        return;
    }
    preview->length = sum;
    // Strips outside the file: listed (exiv2 lists them), never read here.
    if (!inside) {
        free(starts);
        free(sizes);
        return;
    }
    if ((compression == 1 || canon_rgb) && photometric == 2 && samples == 3 && planar == 1 && eight_bits
        && rows >= 1) {
        // Rows this reader copies itself (a NEF's or DNG's thumbnail, CR2's IFD2).
        preview->kind = LB_RAW_PREVIEW_RGB;
        preview->rows_per_strip = rows > height ? (uint32_t)height : (uint32_t)rows;
        preview->strips = strips;
        preview->strip_offsets = starts;
        preview->strip_lengths = sizes;
        return;
    }
    if (compression == 7 && photometric == 6 && strips == 1) {
        // A DNG's preview: one strip holding a whole JPEG in YCbCr, which
        // the JPEG decoder reads as libtiff would (an RGB one it would not).
        preview->kind = LB_RAW_PREVIEW_JPEG;
        preview->offset = starts[0];
        preview->length = sizes[0];
    }
    free(starts);
    free(sizes);
}

// Nikon's type 3 maker note: "Nikon\0" 2 x 0 0, then a TIFF header of its
// own from which its offsets count. Its PreviewIFD holds a JPEG of about
// 640 pixels.
static void lb_nikon_previews(LbFile *file, LbRawLayout *layout, uint64_t note, uint64_t length) {
    uint8_t header[8];
    if (length < 18 || !lb_fetch(file, note + 10, header, 8)) return;
    bool big = header[0] == 'M' && header[1] == 'M';
    if (!big && !(header[0] == 'I' && header[1] == 'I')) return;
    LbOrder order = {big, note + 10};
    LbIfd root, preview;
    if (!lb_ifd_read(file, order, lb_u32(header + 4, big), &root)) return;
    uint64_t offset;
    if (lb_integer(file, &root, 0x0011, &offset) && lb_ifd_read(file, order, offset, &preview)) {
        lb_add_interchange(file, layout, &preview);
        lb_ifd_clear(&preview);
    }
    lb_ifd_clear(&root);
}

// Olympus' maker note: "OLYMPUS\0" and a byte order, its IFD at 12, its
// offsets from its own start. Its ThumbnailImage is a JPEG in the note
// itself; CameraSettings says where the large preview is, from the note's
// start too.
typedef struct {
    uint64_t thumbnail_offset, thumbnail_length;
    uint64_t preview_start, preview_length;
} LbOlympus;

static void lb_olympus_read(LbFile *file, uint64_t note, uint64_t length, LbOlympus *out) {
    memset(out, 0, sizeof *out);
    uint8_t header[12];
    if (length < 14 || !lb_fetch(file, note, header, 12)) return;
    bool big = header[8] == 'M' && header[9] == 'M';
    if (!big && !(header[8] == 'I' && header[9] == 'I')) return;
    LbOrder order = {big, note};
    LbIfd root, settings;
    if (!lb_ifd_read(file, order, 12, &root)) return;
    const LbEntry *thumbnail = lb_find(&root, 0x0100);
    uint64_t at;
    bool in_entry;
    if (thumbnail && thumbnail->type == 7 && lb_values_at(file, &root, thumbnail, &at, &in_entry) && !in_entry) {
        out->thumbnail_offset = at;
        out->thumbnail_length = thumbnail->count;
    }
    const LbEntry *camera = lb_find(&root, 0x2020);
    uint64_t offset;
    if (camera && (camera->type == 4 || camera->type == 13) && lb_integers(file, &root, camera, &offset, 1) == 1
        && lb_ifd_read(file, order, offset, &settings)) {
        lb_integer(file, &settings, 0x0101, &out->preview_start);
        lb_integer(file, &settings, 0x0102, &out->preview_length);
        lb_ifd_clear(&settings);
    }
    lb_ifd_clear(&root);
}

// Sony's maker note ("SONY DSC " and 3 zeros, or none), offsets from the
// file's start: only whether it has the Minolta-style part (tag 0xB028,
// old Alpha bodies), whose thumbnail exiv2 lists.
static bool lb_sony_has_minolta_part(LbFile *file, uint64_t note, uint64_t length, bool big) {
    uint8_t header[12];
    if (length < 14 || !lb_fetch(file, note, header, 12)) return false;
    uint64_t start = memcmp(header, "SONY", 4) == 0 ? 12 : 0;
    LbIfd root;
    if (!lb_ifd_read(file, (LbOrder){big, 0}, note + start, &root)) return false;
    bool found = lb_find(&root, 0xB028) != NULL;
    lb_ifd_clear(&root);
    return found;
}

// exiv2's name for a TIFF-based file, from its main image's Compression.
static const char *lb_tiff_mime(uint64_t compression) {
    switch (compression) {
    case 32767: return "image/x-sony-arw";
    case 32769: return "image/x-epson-erf";
    case 32770: return "image/x-samsung-srw";
    case 34713: return "image/x-nikon-nef";
    case 65000: return "image/x-kodak-dcr";
    case 65535: return "image/x-pentax-pef";
    default: return "image/tiff";
    }
}

// Values larger than this are data blocks (strips' offsets of a big image,
// an ICC profile, DNG's private data) unless named below: no field the
// decoder reads comes from them, and exiv2 drops an entry whose value lies
// past the bytes it is given.
#define LB_METADATA_VALUE_MOST (16u << 10)

// Moves `*end` past `ifd`'s table and the values it keeps out of the
// table (see LbRawLayout's `metadata_end`).
static void lb_metadata_extent(LbFile *file, const LbIfd *ifd, uint64_t *end) {
    if (!ifd->present) return;
    uint64_t table_end = ifd->at + 2 + (uint64_t)ifd->count * 12 + 4;
    if (table_end > *end) *end = table_end;
    for (int i = 0; i < ifd->count; i++) {
        const LbEntry *entry = &ifd->entries[i];
        uint64_t at;
        bool in_entry;
        if (!lb_values_at(file, ifd, entry, &at, &in_entry) || in_entry) continue;
        uint64_t bytes = (uint64_t)entry->count * lb_type_size(entry->type);
        bool wanted = entry->tag == 0x02BC || entry->tag == 0x927C;  // XMP, the maker note
        if ((wanted || bytes <= LB_METADATA_VALUE_MOST) && at + bytes > *end) *end = at + bytes;
    }
}

// The last value of `tag` (SHORT or LONG: offsets and byte counts), read
// alone: a big image's strip arrays hold thousands.
static bool lb_last_integer(LbFile *file, const LbIfd *ifd, uint16_t tag, uint64_t *value) {
    const LbEntry *entry = lb_find(ifd, tag);
    if (!entry || (entry->type != 3 && entry->type != 4) || entry->count == 0) return false;
    unsigned size = lb_type_size(entry->type);
    uint64_t at;
    bool in_entry;
    if (!lb_values_at(file, ifd, entry, &at, &in_entry)) return false;
    uint8_t bytes[4];
    const uint8_t *p = in_entry ? entry->value + (size_t)(entry->count - 1) * size : bytes;
    if (!in_entry && !lb_fetch(file, at + (uint64_t)(entry->count - 1) * size, bytes, size)) return false;
    *value = size == 2 ? lb_u16(p, ifd->order.big) : lb_u32(p, ifd->order.big);
    return true;
}

// Whether the data `ifd` points at (its last strip or tile, its JPEG)
// ends past the end of the file: cameras write each image's pieces in
// order, so a cut file loses the last one first.
static bool lb_data_cut(LbFile *file, const LbIfd *ifd) {
    static const uint16_t pairs[][2] = {{0x0111, 0x0117}, {0x0144, 0x0145}, {0x0201, 0x0202}};
    if (!ifd->present) return false;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        uint64_t offset, length;
        if (lb_last_integer(file, ifd, pairs[i][0], &offset) && lb_last_integer(file, ifd, pairs[i][1], &length)
            && offset != 0 && ifd->order.base + offset + length > file->length)
            return true;
    }
    return false;
}

// Whether an IFD `offset` points at (from `order.base`) lies past the end.
static bool lb_points_past(const LbFile *file, LbOrder order, uint64_t offset) {
    return offset != 0 && order.base + offset + 2 > file->length;
}

static void lb_unknown(LbRawLayout *layout, const char *why) {
    layout->known = false;
    layout->why = why;
}

void lb_raw_layout_read(LbRawReader read, void *context, uint64_t file_length, bool previews, LbRawLayout *out) {
    memset(out, 0, sizeof *out);
    LbFile file = {.read = read, .context = context, .length = file_length};
    LbIfd ifd0 = {0}, ifd1 = {0}, ifd2 = {0}, exif = {0}, thumb_sub = {0};
    LbIfd sub[LB_MAX_SUBIFDS];
    memset(sub, 0, sizeof sub);
    out->known = true;
    uint8_t header[16];
    if (!lb_fetch(&file, 0, header, 16)) {
        lb_unknown(out, "too short for a TIFF header");
        goto done;
    }
    bool big = header[0] == 'M' && header[1] == 'M';
    if (!big && !(header[0] == 'I' && header[1] == 'I')) {
        lb_unknown(out, "not a TIFF byte order");
        goto done;
    }
    uint16_t magic = lb_u16(header + 2, big);
    bool orf = magic == 0x4F52 || magic == 0x5352;  // "IIRO", "MMOR", "IIRS"
    bool cr2 = magic == 42 && header[8] == 'C' && header[9] == 'R' && header[10] == 2;
    if (magic != 42 && !orf) {
        lb_unknown(out, "not a TIFF-based RAW (RW2, or another magic number)");
        goto done;
    }
    LbOrder order = {big, 0};
    if (!lb_ifd_read(&file, order, lb_u32(header + 4, big), &ifd0)) {
        lb_unknown(out, "IFD0 cannot be read");
        goto done;
    }
    if (ifd0.next && lb_ifd_read(&file, order, ifd0.next, &ifd1) && ifd1.next)
        lb_ifd_read(&file, order, ifd1.next, &ifd2);
    uint64_t offsets[LB_MAX_SUBIFDS];
    uint32_t subs = lb_integers(&file, &ifd0, lb_find(&ifd0, 0x014A), offsets, LB_MAX_SUBIFDS);
    bool sub_past = false;
    for (uint32_t i = 0; i < subs; i++) {
        lb_ifd_read(&file, order, offsets[i], &sub[i]);
        sub_past = sub_past || lb_points_past(&file, order, offsets[i]);
    }
    if (lb_integers(&file, &ifd1, lb_find(&ifd1, 0x014A), offsets, 1) == 1)
        lb_ifd_read(&file, order, offsets[0], &thumb_sub);
    uint64_t exif_offset = 0;
    if (lb_integer(&file, &ifd0, 0x8769, &exif_offset)) lb_ifd_read(&file, order, exif_offset, &exif);
    // Only a decode asks (a few reads of 4 bytes more); a folder scan's
    // metadata read does not.
    if (previews) {
        out->cut_short = sub_past || lb_points_past(&file, order, ifd0.next) || lb_points_past(&file, order, exif_offset)
                         || lb_data_cut(&file, &ifd0) || lb_data_cut(&file, &ifd1) || lb_data_cut(&file, &ifd2);
        for (uint32_t i = 0; i < subs; i++) out->cut_short = out->cut_short || lb_data_cut(&file, &sub[i]);
        // A CR2's sensor data is IFD3's, the last thing in the file.
        LbIfd ifd3;
        if (cr2 && !out->cut_short && ifd2.next) {
            out->cut_short = lb_points_past(&file, order, ifd2.next)
                             || (lb_ifd_read(&file, order, ifd2.next, &ifd3) && lb_data_cut(&file, &ifd3));
            lb_ifd_clear(&ifd3);
        }
    }

    // Where the metadata ends, and IFD0's XMP packet.
    uint64_t metadata_end = 8;
    lb_metadata_extent(&file, &ifd0, &metadata_end);
    lb_metadata_extent(&file, &exif, &metadata_end);
    if (metadata_end <= LB_RAW_METADATA_MOST && !lb_find(&ifd0, 0x83BB)) {
        out->metadata_end = metadata_end;
        const LbEntry *xmp = lb_find(&ifd0, 0x02BC);
        uint64_t at;
        bool in_entry;
        if (xmp && lb_type_size(xmp->type) == 1 && lb_values_at(&file, &ifd0, xmp, &at, &in_entry) && !in_entry) {
            out->xmp_offset = at;
            out->xmp_length = xmp->count;
        }
    }

    char make[64];
    lb_text(&file, &ifd0, 0x010F, make, sizeof make);
    // Makers whose maker notes hold previews exiv2 lists and this does not
    // read, or (Minolta) whose notes give the orientation gexiv2 prefers.
    static const char *const unread[] = {"PENTAX", "RICOH", "ASAHI", "SAMSUNG", "CASIO", "Minolta", "KONICA MINOLTA",
                                         "Panasonic"};
    for (size_t i = 0; i < sizeof unread / sizeof unread[0]; i++) {
        if (lb_starts(make, unread[i])) {
            lb_unknown(out, "a maker note with previews this does not read");
            goto done;
        }
    }

    // The maker note, for the previews some makers keep there.
    LbOlympus olympus = {0};
    bool nikon = false;
    uint64_t note = 0, note_length = 0;
    const LbEntry *note_entry = lb_find(&exif, 0x927C);
    bool note_inline;
    if (note_entry && lb_type_size(note_entry->type) == 1 && lb_values_at(&file, &exif, note_entry, &note, &note_inline)
        && !note_inline) {
        note_length = note_entry->count;
        uint8_t signature[8] = {0};
        if (lb_fetch(&file, note, signature, note_length < 8 ? (size_t)note_length : 8)) {
            if (memcmp(signature, "Nikon\0\2", 7) == 0) {
                nikon = true;
            } else if (memcmp(signature, "OLYMPUS\0", 8) == 0) {
                lb_olympus_read(&file, note, note_length, &olympus);
            } else if (memcmp(signature, "OLYMP", 5) == 0 || memcmp(signature, "AOC\0", 4) == 0
                       || memcmp(signature, "PENTAX ", 7) == 0 || memcmp(signature, "QVC\0", 4) == 0) {
                lb_unknown(out, "a maker note with previews this does not read");
                goto done;
            } else if (lb_starts(make, "SONY") && lb_sony_has_minolta_part(&file, note, note_length, big)) {
                lb_unknown(out, "Sony's Minolta-style maker note");
                goto done;
            }
        }
    }

    // The orientation gexiv2 gives: IFD0's, else XMP's (not read here).
    uint64_t orientation;
    if (lb_integer(&file, &ifd0, 0x0112, &orientation) && orientation >= 1 && orientation <= 8) {
        out->orientation = (int)orientation;
    } else if (lb_find(&ifd0, 0x02BC)) {
        lb_unknown(out, "no orientation in IFD0, XMP that may state one");
        goto done;
    }

    // The file's type and sensor size, as exiv2 gives them.
    uint64_t width = 0, height = 0;
    if (cr2) {
        out->mime = "image/x-canon-cr2";
        lb_integer(&file, &exif, 0xA002, &width);
        lb_integer(&file, &exif, 0xA003, &height);
    } else if (orf) {
        out->mime = "image/x-olympus-orf";
        lb_integer(&file, &ifd0, 0x0100, &width);
        lb_integer(&file, &ifd0, 0x0101, &height);
    } else {
        // The main image: the first of IFD0 and its SubIFDs whose
        // NewSubfileType is 0, one without a JPEG preferred.
        const LbIfd *primary = &ifd0;
        for (int i = -1; i < (int)subs; i++) {
            const LbIfd *candidate = i < 0 ? &ifd0 : &sub[i];
            const LbEntry *type = lb_find(candidate, 0x00FE);
            uint64_t value;
            if (type && lb_integers(&file, candidate, type, &value, 1) == 1 && value == 0) {
                primary = candidate;
                if (!lb_find(candidate, 0x0201)) break;
            }
        }
        uint64_t compression = 0;
        lb_integer(&file, primary, 0x0103, &compression);
        out->compression = compression;
        out->mime = lb_find(&ifd0, 0xC612) ? "image/x-adobe-dng" : lb_tiff_mime(compression);
        lb_integer(&file, primary, 0x0100, &width);
        lb_integer(&file, primary, 0x0101, &height);
    }
    out->pixel_width = width <= INT32_MAX ? (int)width : 0;
    out->pixel_height = height <= INT32_MAX ? (int)height : 0;

    if (!previews) goto done;
    // The previews, in exiv2's order. JPEGs held in tags first: IFD1's
    // thumbnail, Nikon's preview IFD, Olympus' thumbnail.
    lb_add_interchange(&file, out, &ifd1);
    if (nikon) lb_nikon_previews(&file, out, note, note_length);
    if (olympus.thumbnail_length) lb_add_jpeg(&file, out, olympus.thumbnail_offset, olympus.thumbnail_length);
    // Reduced images in strips, which exiv2 hands over as TIFFs.
    lb_add_tiff(&file, out, &ifd0, true, false);
    for (uint32_t i = 0; i < subs && i < 4; i++) lb_add_tiff(&file, out, &sub[i], true, false);
    lb_add_tiff(&file, out, &thumb_sub, true, false);
    lb_add_tiff(&file, out, &ifd1, false, false);
    if (cr2) lb_add_tiff(&file, out, &ifd2, false, true);
    // JPEGs by JPEGInterchangeFormat; a CR2's IFD0 strip; Olympus' preview.
    lb_add_interchange(&file, out, &ifd0);
    for (uint32_t i = 0; i < subs && i < 4; i++) lb_add_interchange(&file, out, &sub[i]);
    lb_add_interchange(&file, out, &thumb_sub);
    lb_add_interchange(&file, out, &ifd2);
    if (cr2) {
        uint64_t start, length;
        if (lb_integer(&file, &ifd0, 0x0111, &start) && lb_integer(&file, &ifd0, 0x0117, &length) && start != 0)
            lb_add_jpeg(&file, out, start, length);
    }
    if (olympus.preview_start && olympus.preview_length && olympus.preview_start <= UINT64_MAX - note)
        lb_add_jpeg(&file, out, note + olympus.preview_start, olympus.preview_length);

    // Smallest first, by pixels, as exiv2 sorts them (equal ones keep their order).
    for (int i = 1; i < out->count; i++) {
        LbRawPreview moving = out->previews[i];
        uint64_t pixels = (uint64_t)moving.width * moving.height;
        int j = i;
        for (; j > 0 && (uint64_t)out->previews[j - 1].width * out->previews[j - 1].height > pixels; j--)
            out->previews[j] = out->previews[j - 1];
        out->previews[j] = moving;
    }
done:
    lb_ifd_clear(&ifd0);
    lb_ifd_clear(&ifd1);
    lb_ifd_clear(&ifd2);
    lb_ifd_clear(&exif);
    lb_ifd_clear(&thumb_sub);
    for (int i = 0; i < LB_MAX_SUBIFDS; i++) lb_ifd_clear(&sub[i]);
    out->bytes_read = file.bytes_read;
}

void lb_raw_layout_clear(LbRawLayout *layout) {
    for (int i = 0; i < layout->count; i++) {
        free(layout->previews[i].strip_offsets);
        free(layout->previews[i].strip_lengths);
    }
    layout->count = 0;
}

int lb_raw_layout_choose(const LbRawLayout *layout, int max_size, int *side_out) {
    int chosen = -1, chosen_side = 0;
    for (int i = 0; i < layout->count; i++) {
        const LbRawPreview *preview = &layout->previews[i];
        // raw.c's lb_preview_side: the long side, else a guess from the bytes.
        uint32_t long_side = preview->width > preview->height ? preview->width : preview->height;
        int side = preview->width > 0 && preview->height > 0 ? (long_side > INT32_MAX ? INT32_MAX : (int)long_side)
                                                               : (int)sqrt((double)preview->length * 10.0);
        bool large = side >= max_size, chosen_large = chosen_side >= max_size;
        // The smallest that is large enough, else the largest.
        if (chosen < 0 || (large && (!chosen_large || side < chosen_side))
            || (!large && !chosen_large && side > chosen_side)) {
            chosen = i;
            chosen_side = side;
        }
    }
    *side_out = chosen_side;
    return chosen;
}

bool lb_raw_read_rgb(LbRawReader read, void *context, uint64_t file_length, const LbRawPreview *preview,
                     uint8_t *rows, size_t stride) {
    if (preview->kind != LB_RAW_PREVIEW_RGB || preview->rows_per_strip == 0 || preview->width == 0
        || preview->height == 0)
        return false;
    LbFile file = {.read = read, .context = context, .length = file_length};
    uint64_t row_bytes = (uint64_t)preview->width * 3;
    // A strip's bytes (rows × row_bytes) must not overflow; the decoder
    // caps the picture's pixels long before.
    if (row_bytes > stride || row_bytes > UINT64_MAX / preview->height) return false;
    uint32_t y = 0;
    for (uint32_t s = 0; s < preview->strips && y < preview->height; s++) {
        uint32_t count = preview->height - y < preview->rows_per_strip ? preview->height - y : preview->rows_per_strip;
        uint64_t needed = row_bytes * count;
        if (preview->strip_lengths[s] < needed) return false;
        if (stride == row_bytes) {
            if (!lb_fetch(&file, preview->strip_offsets[s], rows + (size_t)y * stride, (size_t)needed)) return false;
        } else {
            // Rows padded in memory: the strip in one read, then row by row.
            uint8_t *strip = malloc((size_t)needed);
            bool ok = strip && lb_fetch(&file, preview->strip_offsets[s], strip, (size_t)needed);
            for (uint32_t r = 0; ok && r < count; r++)
                memcpy(rows + (size_t)(y + r) * stride, strip + (size_t)r * row_bytes, (size_t)row_bytes);
            free(strip);
            if (!ok) return false;
        }
        y += count;
    }
    return y == preview->height;
}
