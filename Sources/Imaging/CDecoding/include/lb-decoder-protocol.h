// The wire protocol between the app and lightbox-decoder, over a
// SOCK_SEQPACKET socketpair: every message is one packet (so a message
// never arrives in pieces and a descriptor travels with its message),
// a fixed header saying how many payload bytes follow. Both ends run on
// the same machine from the same build: native byte order, no versioning
// beyond the magic numbers. The app treats every reply as untrusted: a
// decoder may have been taken over by the file it decoded.
#pragma once

#include <stddef.h>
#include <stdint.h>

#define LB_REQUEST_MAGIC 0x5144424cu  // "LBDQ"
#define LB_REPLY_MAGIC 0x5244424cu    // "LBDR"
// The largest payload a reply may carry (messages, metadata strings).
#define LB_MAX_PAYLOAD 65536
// The largest payload a request may carry (an edit's strings): the
// decoder's receive buffer is this much past the LbRequest, and a longer
// packet is cut short, which the decoder answers by leaving.
#define LB_MAX_REQUEST_PAYLOAD 65536
// The most keyword paths an edit may add, and remove.
#define LB_MAX_EDIT_KEYWORDS 4096

// The same numbers as LbRequestKind (CDecoding.h), and the greeting.
enum {
    LB_KIND_HELLO = 0,
    LB_KIND_DECODE = 1,
    LB_KIND_METADATA = 2,
    LB_KIND_PROBE = 3,
    LB_KIND_EDIT = 4,
    LB_KIND_SENSOR = 5,
};

// What the decoder says of a request.
enum {
    LB_REPLY_OK = 0,
    LB_REPLY_FAILED = 1,         // the file cannot be decoded; payload: the reason
    LB_REPLY_OUT_OF_MEMORY = 2,  // the memory limit stopped the decoding
    LB_REPLY_CPU_LIMIT = 3,      // the CPU time limit stopped it
};

// What an edit request changes (LbRequest.edits). A label, title or
// caption comes as a string of the request's payload.
enum {
    LB_EDIT_RATING = 1,
    LB_EDIT_EXIF_RATING = 2,
    LB_EDIT_ORIENTATION = 4,
    LB_EDIT_LABEL = 8,
    LB_EDIT_TITLE = 16,
    LB_EDIT_CAPTION = 32,
};
#define LB_EDIT_ALL 63  // every LB_EDIT_* bit: any other is refused

// What the app knows of a file it asks to decode (LbRequest.hints): its
// name says it is a camera RAW (PhotoFormat in Imaging), which gdk-pixbuf
// would read as a TIFF or not at all; the picture is wanted in full (a
// photo window zoomed in), where a RAW's smaller preview does not serve;
// its name says it is a JPEG XL file, which the decoder reads with libjxl
// (no gdk-pixbuf loader on Debian 12), for probes and metadata too.
enum { LB_HINT_RAW = 1, LB_HINT_IN_FULL = 2, LB_HINT_JXL = 4 };

// What a decoded image says of where its pixels came from (LbWireImage.flags):
// a RAW's sensor data; a RAW file that ends before its data does.
enum { LB_IMAGE_FROM_SENSOR = 1, LB_IMAGE_INCOMPLETE = 2 };

// App → decoder, with the file's descriptor (opened read-only by the app).
// `payload_length` bytes follow in the same packet: for an edit, its
// strings, each UTF-8 ending in a NUL, in this order: the label, title
// and caption its `edits` bits name (only those), then `added_count`
// keyword paths added, then `removed_count` removed; nothing after them.
// Every other request has no payload.
typedef struct {
    uint32_t magic;
    uint32_t kind;
    uint32_t sequence;  // echoed in the reply, so a stale reply is told apart
    int32_t max_size;
    int64_t max_pixels;
    uint32_t format;  // LbPixelFormat (CDecoding.h)
    uint32_t edits;   // an edit: LB_EDIT_* bits
    uint32_t hints;   // a decode: LB_HINT_* bits
    int32_t rating, orientation;
    int64_t max_bytes;  // an edit: the longest file it may answer
    uint32_t payload_length;
    int32_t added_count, removed_count;  // an edit: keyword paths in the payload
} LbRequest;

// Decoder → app; `length` payload bytes follow. A decoded image comes
// with one sealed memfd holding its rows.
typedef struct {
    uint32_t magic;
    uint32_t kind;
    uint32_t sequence;
    uint32_t status;
    uint32_t length;
} LbReplyHeader;

// The payload of a decoded image; its MIME type follows.
typedef struct {
    int32_t width, height, stride;
    int32_t original_width, original_height;
    uint32_t flags;  // LB_IMAGE_* bits
} LbWireImage;

// The payload of an edit, which comes with one sealed memfd holding the
// whole edited file.
typedef struct {
    int64_t length;
} LbWireEdited;

// The payload of a probe; its MIME type follows.
typedef struct {
    int32_t width, height;
} LbWireProbe;

// The strings of a metadata reply, in their order, and the most bytes
// each may have: the decoder cuts a longer one short (keywords at a line
// break, the others at a character), and the app refuses a reply with a
// longer one. Together they stay well under LB_MAX_PAYLOAD.
enum {
    LB_WIRE_DATE_TAKEN,
    LB_WIRE_MAKE,
    LB_WIRE_MODEL,
    LB_WIRE_TITLE,
    LB_WIRE_LABEL,
    LB_WIRE_CAPTION,
    LB_WIRE_KEYWORDS,
    LB_WIRE_STRINGS
};
#define LB_MAX_WIRE_TEXT 2048
#define LB_MAX_WIRE_CAPTION 8192
#define LB_MAX_WIRE_KEYWORDS 16384

// The longest string `which` (LB_WIRE_*) may be in a metadata reply.
static inline size_t lb_wire_string_limit(int which) {
    return which == LB_WIRE_KEYWORDS ? LB_MAX_WIRE_KEYWORDS
        : which == LB_WIRE_CAPTION   ? LB_MAX_WIRE_CAPTION
                                     : LB_MAX_WIRE_TEXT;
}

// The most focus areas a metadata reply carries (LB_MAX_FOCUS_AREAS).
#define LB_WIRE_FOCUS_AREAS 64

// The payload of metadata; the strings (LB_WIRE_*) follow, `lengths`
// bytes each, without NULs; length 0 is absent. The keywords are paths
// one a line, levels joined by '|'. The focus fields are LbMetadata's:
// `focus` one of LB_FOCUS_*, the first `focus_count` areas each a centre
// and size (x, y, width, height) in fractions of the stored frame.
typedef struct {
    int32_t pixel_width, pixel_height, orientation;
    int32_t exposure_numerator, exposure_denominator, iso;
    int32_t has_rating, rating;  // -1 rejected, 0 unrated, 1..5 stars
    double f_number, focal_length;
    int32_t focus, focus_frame_width, focus_frame_height, focus_count, focus_region;
    float focus_areas[LB_WIRE_FOCUS_AREAS][4];
    uint32_t lengths[LB_WIRE_STRINGS];
} LbWireMetadata;

// The payload of a RAW's sensor exposure (LbExposure's layout): each
// colour's photosites and all of them in histograms of 256 levels, how
// many sites, how many at white, how many more than LB_SENSOR_DARK_STOPS
// below it (Exposure.shadowStops in Swift). `max_pixels` of the request
// bounds `pixels`.
#define LB_SENSOR_DARK_STOPS 6
typedef struct {
    uint32_t red[256], green[256], blue[256], all[256];
    uint64_t pixels, clipped, dark;
} LbWireSensor;

// Sends one packet of `head` then `payload`, with `fd` attached when it
// is >= 0. Returns 0, or an errno value.
int lb_send_packet(int socket, const void *head, size_t head_length, const void *payload,
                   size_t payload_length, int fd);

// Receives one packet into `buffer` (`capacity` bytes). Its length goes to
// `length`; a descriptor it carried to `fd` (-1 when none). Every other
// descriptor is closed. Returns 0; EPIPE at the end of the stream;
// EMSGSIZE when the packet or its descriptors did not fit; another errno.
int lb_receive_packet(int socket, void *buffer, size_t capacity, size_t *length, int *fd);
