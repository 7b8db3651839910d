// lightbox-decoder: decodes the files the app sends it, one request at a
// time, for as long as the app keeps its socket open. It starts by warming
// up gdk-pixbuf and gexiv2 (loaders.cache, loader modules, exiv2's
// tables), then locks itself down with seccomp: after that it can read
// what it is handed and little else (see seccomp.c).
#define _GNU_SOURCE
#include "CDecoderServer.h"
#include "CDecoding.h"
#include "CJxl.h"
#include "CMetadata.h"
#include "CRaw.h"
#include "lb-decoder-protocol.h"
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

// A 1×1 PNG and a 1×1 JPEG: decoding them loads what most requests need.
static const unsigned char lb_tiny_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
    0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
    0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff,
    0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

typedef struct {
    int fd;          // the memfd, -1 until asked for
    uint8_t *rows;   // mapped while the decoder writes them
    size_t length;
} LbShared;

static uint8_t *lb_shared_rows(void *context, int width, int height, size_t stride) {
    (void)width;
    LbShared *shared = context;
    shared->length = stride * (size_t)height;
    shared->fd = memfd_create("lightbox-pixels", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (shared->fd < 0 || ftruncate(shared->fd, (off_t)shared->length) != 0) return NULL;
    void *rows = mmap(NULL, shared->length, PROT_READ | PROT_WRITE, MAP_SHARED, shared->fd, 0);
    if (rows == MAP_FAILED) return NULL;
    shared->rows = rows;
    return rows;
}

static int lb_reply(int socket, const LbRequest *request, uint32_t status, const void *a, size_t a_length,
                    const void *b, size_t b_length, int fd) {
    char payload[LB_MAX_PAYLOAD];
    if (a_length + b_length > sizeof payload) b_length = sizeof payload - a_length;
    if (a_length) memcpy(payload, a, a_length);
    if (b_length) memcpy(payload + a_length, b, b_length);
    LbReplyHeader header = {.magic = LB_REPLY_MAGIC, .kind = request->kind, .sequence = request->sequence,
                            .status = status, .length = (uint32_t)(a_length + b_length)};
    return lb_send_packet(socket, &header, sizeof header, payload, a_length + b_length, fd);
}

static int lb_fail(int socket, const LbRequest *request, const char *message) {
    return lb_reply(socket, request, LB_REPLY_FAILED, message, strlen(message), NULL, 0, -1);
}

static int lb_serve_decode(int socket, const LbRequest *request, int fd) {
    LbShared shared = {.fd = -1};
    LbDecodeInfo info;
    char *error = NULL;
    bool premultiplied = request->format == LB_PIXELS_PREMULTIPLIED;
    bool ok;
    if (request->hints & LB_HINT_RAW)
        ok = lb_raw_decode_into(fd, request->max_size, request->max_pixels, request->hints & LB_HINT_IN_FULL,
                                premultiplied, lb_shared_rows, &shared, &info, &error);
    else if (request->hints & LB_HINT_JXL)
        ok = lb_jxl_decode_into(fd, request->max_size, request->max_pixels, premultiplied, lb_shared_rows, &shared,
                                &info, &error);
    else
        ok = lb_image_decode_into(fd, request->max_size, request->max_pixels, premultiplied, lb_shared_rows, &shared,
                                  &info, &error);
    if (shared.rows) munmap(shared.rows, shared.length);
    // Sealed, the app may map the rows knowing they cannot change or
    // shrink under it (a shrunk mapping would crash the app on reading).
    if (ok && fcntl(shared.fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        ok = false;
        error = g_strdup("The image could not be shared with Lightbox.");
    }
    int result;
    if (ok) {
        LbWireImage image = {info.width, info.height, info.stride, info.original_width, info.original_height,
                             (info.from_sensor ? LB_IMAGE_FROM_SENSOR : 0) | (info.incomplete ? LB_IMAGE_INCOMPLETE : 0)};
        result = lb_reply(socket, request, LB_REPLY_OK, &image, sizeof image, info.mime, strlen(info.mime),
                          shared.fd);
        lb_free(info.mime);
    } else {
        result = lb_fail(socket, request, error ? error : "The image cannot be read.");
        lb_free(error);
    }
    if (shared.fd >= 0) close(shared.fd);
    return result;
}

// gexiv2 and gdk_pixbuf_get_file_info want a path: the descriptor's own
// name in /proc reaches the file whether or not the sandbox shows it.
static void lb_fd_path(int fd, char *path, size_t size) { snprintf(path, size, "/proc/self/fd/%d", fd); }

static int lb_serve_probe(int socket, const LbRequest *request, int fd) {
    char path[64];
    lb_fd_path(fd, path, sizeof path);
    int width = 0, height = 0;
    char *mime = NULL;
    if (request->hints & LB_HINT_JXL) {
        char *error = NULL;
        bool known = lb_jxl_probe(fd, &width, &height, &error);
        lb_free(error);
        if (!known) return lb_fail(socket, request, "unknown format");
        mime = g_strdup("image/jxl");
    } else if (!lb_image_probe(path, &width, &height, &mime)) {
        return lb_fail(socket, request, "unknown format");
    }
    LbWireProbe probe = {width, height};
    int result = lb_reply(socket, request, LB_REPLY_OK, &probe, sizeof probe, mime, strlen(mime), -1);
    lb_free(mime);
    return result;
}

// Every string of a metadata reply fits in its payload at its longest.
_Static_assert(sizeof(LbWireMetadata) + (LB_WIRE_STRINGS - 2) * LB_MAX_WIRE_TEXT + LB_MAX_WIRE_CAPTION
                       + LB_MAX_WIRE_KEYWORDS
                   <= LB_MAX_PAYLOAD,
               "the metadata strings' limits exceed a reply's payload");

// How many bytes of `text` go into a reply that takes at most `limit`:
// all of them, or as many as end on a character, or for keywords
// (`lines`) on a whole line, so that no path is cut short.
static size_t lb_fit(const char *text, size_t limit, bool lines) {
    size_t length = strlen(text);
    if (length <= limit) return length;
    size_t cut = limit;
    if (lines)
        while (cut > 0 && text[cut] != '\n') cut--;
    else
        while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80) cut--;
    return cut;
}

// A TIFF-based RAW's metadata from the bytes it lies in (lb_raw_metadata_bytes),
// read as the same file's through exiv2 would be: a folder scan reads a
// RAW's tens of kilobytes, not the megabytes exiv2's mapping brings in.
// False when the file's metadata is not where that reader finds it.
static bool lb_raw_metadata(int fd, LbMetadata *m) {
    LbRawMetadataBytes raw;
    if (!lb_raw_metadata_bytes(fd, &raw)) return false;
    const uint8_t *xmp = raw.xmp_length ? raw.bytes + raw.xmp_offset : NULL;
    bool read = lb_metadata_read_exif_xmp(raw.bytes, raw.length, xmp, raw.xmp_length, m);
    m->pixel_width = raw.pixel_width;
    m->pixel_height = raw.pixel_height;
    m->orientation = raw.orientation;
    lb_raw_metadata_bytes_clear(&raw);
    return read;
}

static int lb_serve_metadata(int socket, const LbRequest *request, int fd) {
    char path[64];
    lb_fd_path(fd, path, sizeof path);
    LbMetadata m;
    if (request->hints & LB_HINT_JXL) {
        // exiv2 0.27 does not read JPEG XL: the EXIF and XMP its container
        // carries (Exif and xml boxes, or brob ones) are taken out here and
        // given to gexiv2 to read as other formats' are (a bare codestream
        // has none); its size from its header, as shown, and the
        // orientation it is shown with (libjxl applies the file's own; an
        // EXIF box's is never applied again).
        char *error = NULL;
        int width = 0, height = 0;
        bool known = lb_jxl_probe(fd, &width, &height, &error);
        lb_free(error);
        if (!known) return lb_fail(socket, request, "no metadata");
        LbJxlMetadata boxes;
        lb_jxl_metadata(fd, &boxes);
        // Boxes gexiv2 reads nothing from leave `m` zeroed: no fields.
        (void)lb_metadata_read_exif_xmp(boxes.exif, boxes.exif_length, boxes.xmp, boxes.xmp_length, &m);
        lb_jxl_metadata_clear(&boxes);
        m.pixel_width = width;
        m.pixel_height = height;
        m.orientation = 1;
    } else if (request->hints & LB_HINT_RAW && lb_raw_metadata(fd, &m)) {
        // Read from the RAW's first kilobytes.
    } else if (!lb_metadata_read(path, &m)) {
        return lb_fail(socket, request, "no metadata");
    }
    // Many files state no pixel size in their metadata: the header does.
    // Read here, in the same request, the folder scan needs one round trip
    // a file, not two.
    if (m.pixel_width <= 0 || m.pixel_height <= 0) {
        int width = 0, height = 0;
        if (lb_image_probe(path, &width, &height, NULL)) {
            m.pixel_width = width;
            m.pixel_height = height;
        }
    }
    const char *strings[LB_WIRE_STRINGS] = {
        [LB_WIRE_DATE_TAKEN] = m.date_taken, [LB_WIRE_MAKE] = m.make,       [LB_WIRE_MODEL] = m.model,
        [LB_WIRE_TITLE] = m.title,           [LB_WIRE_LABEL] = m.label,     [LB_WIRE_CAPTION] = m.caption,
        [LB_WIRE_KEYWORDS] = m.keywords,
    };
    LbWireMetadata wire = {m.pixel_width, m.pixel_height, m.orientation, m.exposure_numerator,
                           m.exposure_denominator, m.iso, m.has_rating, m.rating, m.f_number, m.focal_length,
                           m.focus, m.focus_frame_width, m.focus_frame_height, m.focus_count, m.focus_region,
                           {{0}}, {0}};
    for (int i = 0; i < m.focus_count && i < LB_WIRE_FOCUS_AREAS; i++) {
        wire.focus_areas[i][0] = m.focus_areas[i].x;
        wire.focus_areas[i][1] = m.focus_areas[i].y;
        wire.focus_areas[i][2] = m.focus_areas[i].width;
        wire.focus_areas[i][3] = m.focus_areas[i].height;
    }
    char text[LB_MAX_PAYLOAD - sizeof wire];
    size_t used = 0;
    for (int i = 0; i < LB_WIRE_STRINGS; i++) {
        size_t length = strings[i] ? lb_fit(strings[i], lb_wire_string_limit(i), i == LB_WIRE_KEYWORDS) : 0;
        memcpy(text + used, strings[i] ? strings[i] : "", length);
        wire.lengths[i] = (uint32_t)length;
        used += length;
    }
    int result = lb_reply(socket, request, LB_REPLY_OK, &wire, sizeof wire, text, used, -1);
    lb_metadata_clear(&m);
    return result;
}

// A RAW's sensor data counted for its exposure (lb_raw_sensor_exposure).
static int lb_serve_sensor(int socket, const LbRequest *request, int fd) {
    LbExposure counts;
    char *error = NULL;
    if (!lb_raw_sensor_exposure(fd, request->max_pixels, LB_SENSOR_DARK_STOPS, &counts, &error)) {
        int result = lb_fail(socket, request, error ? error : "The sensor data cannot be read.");
        g_free(error);
        return result;
    }
    LbWireSensor wire;
    memcpy(wire.red, counts.red, sizeof wire.red);
    memcpy(wire.green, counts.green, sizeof wire.green);
    memcpy(wire.blue, counts.blue, sizeof wire.blue);
    memcpy(wire.all, counts.luminance, sizeof wire.all);
    wire.pixels = counts.pixels;
    wire.clipped = counts.clipped_any;
    wire.dark = counts.dark;
    return lb_reply(socket, request, LB_REPLY_OK, &wire, sizeof wire, NULL, 0, -1);
}

// Reads the whole file behind `fd` (a photo or a sidecar the app opened)
// into memory; NULL when it cannot (too large for the memory limit).
static uint8_t *lb_read_all(int fd, size_t *length) {
    struct stat info;
    if (fstat(fd, &info) != 0 || info.st_size <= 0) return NULL;
    uint8_t *bytes = g_try_malloc((gsize)info.st_size);
    size_t used = 0;
    while (bytes && used < (size_t)info.st_size) {
        ssize_t n = pread(fd, bytes + used, (size_t)info.st_size - used, (off_t)used);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        used += (size_t)n;
    }
    *length = used;
    return bytes;
}

// The edit `request` asks for, its strings pointing into `payload` (the
// request's `length` bytes after it; see LbRequest). `strings` receives
// the array the keyword paths point into (free with g_free). False when
// the request is malformed: only counts within bounds, known edits, and
// exactly the strings those call for, each UTF-8 ending in a NUL inside
// the payload, with nothing after them.
static bool lb_edit_from(const LbRequest *request, const char *payload, size_t length, LbMetadataEdit *edit,
                         const char ***strings) {
    *strings = NULL;
    if ((request->edits & ~(uint32_t)LB_EDIT_ALL) != 0 || request->payload_length != length
        || request->added_count < 0 || request->added_count > LB_MAX_EDIT_KEYWORDS || request->removed_count < 0
        || request->removed_count > LB_MAX_EDIT_KEYWORDS) {
        return false;
    }
    bool label = request->edits & LB_EDIT_LABEL, title = request->edits & LB_EDIT_TITLE,
         caption = request->edits & LB_EDIT_CAPTION;
    size_t count = (size_t)label + title + caption + (size_t)request->added_count + (size_t)request->removed_count;
    const char **found = g_new0(const char *, count + 1);
    const char *at = payload, *end = payload + length;
    for (size_t i = 0; i < count; i++) {
        const char *nul = at < end ? memchr(at, 0, (size_t)(end - at)) : NULL;
        if (!nul || !g_utf8_validate(at, nul - at, NULL)) {
            g_free(found);
            return false;
        }
        found[i] = at;
        at = nul + 1;
    }
    if (at != end) {
        g_free(found);
        return false;
    }
    size_t next = 0;
    *edit = (LbMetadataEdit){
        .set_rating = request->edits & LB_EDIT_RATING, .rating = request->rating,
        .exif_rating = request->edits & LB_EDIT_EXIF_RATING,
        .set_orientation = request->edits & LB_EDIT_ORIENTATION, .orientation = request->orientation};
    edit->label = label ? found[next++] : NULL;
    edit->title = title ? found[next++] : NULL;
    edit->caption = caption ? found[next++] : NULL;
    edit->keywords_added = found + next;
    edit->added_count = request->added_count;
    edit->keywords_removed = found + next + request->added_count;
    edit->removed_count = request->removed_count;
    *strings = found;
    return true;
}

// An edit: the file with new metadata, made in memory (exiv2 neither
// opens nor writes a file here) and answered whole in a sealed memfd.
static int lb_serve_edit(int socket, const LbRequest *request, const char *payload, size_t payload_length, int fd) {
    LbMetadataEdit edit;
    const char **strings;
    if (!lb_edit_from(request, payload, payload_length, &edit, &strings))
        return lb_fail(socket, request, "The edit request is malformed.");
    size_t length = 0;
    uint8_t *bytes = lb_read_all(fd, &length);
    if (!bytes) {
        g_free(strings);
        return lb_fail(socket, request, "The file cannot be read into memory.");
    }
    uint8_t *edited = NULL;
    size_t edited_length = 0;
    char *error = NULL;
    bool ok = lb_metadata_edit(bytes, length, &edit, &edited, &edited_length, &error);
    g_free(strings);
    g_free(bytes);
    if (!ok) {
        int result = lb_fail(socket, request, error ? error : "The metadata could not be written.");
        lb_free(error);
        return result;
    }
    int shared = memfd_create("lightbox-edited", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    size_t written = 0;
    while (shared >= 0 && written < edited_length) {
        ssize_t n = write(shared, edited + written, edited_length - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += (size_t)n;
    }
    lb_free(edited);
    int result;
    if (written == edited_length
        && fcntl(shared, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) == 0) {
        LbWireEdited wire = {.length = (int64_t)edited_length};
        result = lb_reply(socket, request, LB_REPLY_OK, &wire, sizeof wire, NULL, 0, shared);
    } else {
        result = lb_fail(socket, request, "The edited file could not be shared with Lightbox.");
    }
    if (shared >= 0) close(shared);
    return result;
}

static void lb_warm_up(void) {
    int fd = memfd_create("lightbox-warm-up", MFD_CLOEXEC);
    if (fd < 0) return;
    if (write(fd, lb_tiny_png, sizeof lb_tiny_png) == (ssize_t)sizeof lb_tiny_png) {
        lseek(fd, 0, SEEK_SET);
        int w, h;
        char *error = NULL;
        LbImage *image = lb_image_decode_fd(fd, 16, 256, &w, &h, NULL, &error);
        lb_image_free(image);
        lb_free(error);
        lseek(fd, 0, SEEK_SET);
        char path[64];
        lb_fd_path(fd, path, sizeof path);
        LbMetadata m;
        if (lb_metadata_read(path, &m)) lb_metadata_clear(&m);
    }
    close(fd);
    // Every loader's module is read now, while opening files still works
    // the ordinary way (the filter would allow reading them later too).
    GSList *formats = gdk_pixbuf_get_formats();
    g_slist_free(formats);
}

// The value of `--name=value`, or `fallback`.
static long lb_option(int argc, char **argv, const char *name, long fallback) {
    size_t length = strlen(name);
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], name, length) == 0 && argv[i][length] == '=') return strtol(argv[i] + length + 1, NULL, 10);
    return fallback;
}

int lb_decoder_main(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--check") == 0) return 0;
    int socket = (int)lb_option(argc, argv, "--socket", -1);
    long parent = lb_option(argc, argv, "--parent", 0);
    int cpu_seconds = (int)lb_option(argc, argv, "--cpu", 0);
    if (socket < 0) {
        fprintf(stderr, "usage: lightbox-decoder --socket=FD [--memory=BYTES] [--cpu=SECONDS] [--parent=PID]\n"
                        "Decodes images for Lightbox; the app starts it.\n");
        return 2;
    }
    // Without bubblewrap nothing else ties the decoder's life to the app's.
    if (parent > 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != (pid_t)parent) return 1;
    }
    // A process group of its own, so that Ctrl+C in the app's terminal
    // does not reach it; in the app's session, not one of its own: where
    // the kernel groups processes by session for scheduling (autogroups:
    // Debian's kernels, most desktops), a session of its own shared the
    // processor with the whole app as an equal whatever its nice value,
    // and two decoders starting while a folder opened kept the app's main
    // thread off a core for 19 ms of a 39 ms turn (Tools/Bench/README.md,
    // "100,000 photos: who takes the cores"). The terminal it could type
    // into is the seccomp filter's to guard (TIOCSTI, TIOCLINUX).
    setpgid(0, 0);
    // Behind the app whichever of its threads started it (those that
    // decode for it run at nice 10 already, and the decoder with them).
    errno = 0;
    int nice_value = getpriority(PRIO_PROCESS, 0);
    if (errno == 0 && nice_value < 10) setpriority(PRIO_PROCESS, 0, 10);
    lb_limits_setup(socket, lb_option(argc, argv, "--memory", 0));
    lb_warm_up();
    char *error = NULL;
    if (!lb_seccomp_install(&error)) {
        fprintf(stderr, "lightbox-decoder: %s\n", error);
        return 1;
    }
    LbRequest hello = {.kind = LB_KIND_HELLO};
    if (lb_reply(socket, &hello, LB_REPLY_OK, NULL, 0, NULL, 0, -1) != 0) return 1;
    // A request with the longest payload the protocol allows; a longer
    // packet arrives cut short, and the decoder leaves.
    static union {
        LbRequest request;
        char bytes[sizeof(LbRequest) + LB_MAX_REQUEST_PAYLOAD];
    } packet;
    for (;;) {
        size_t length;
        int fd;
        int status = lb_receive_packet(socket, packet.bytes, sizeof packet.bytes, &length, &fd);
        if (status == EPIPE) return 0;  // the app closed its end
        if (status != 0 || length < sizeof(LbRequest) || packet.request.magic != LB_REQUEST_MAGIC || fd < 0) {
            if (fd >= 0) close(fd);
            return 1;
        }
        LbRequest request = packet.request;
        const char *payload = packet.bytes + sizeof request;
        size_t payload_length = length - sizeof request;
        lb_limits_begin(request.kind, request.sequence, cpu_seconds);
        int sent;
        if (request.kind != LB_KIND_EDIT
            && (payload_length || request.payload_length || request.added_count || request.removed_count)) {
            sent = lb_fail(socket, &request, "The request is malformed.");
        } else {
            switch (request.kind) {
            case LB_KIND_DECODE: sent = lb_serve_decode(socket, &request, fd); break;
            case LB_KIND_METADATA: sent = lb_serve_metadata(socket, &request, fd); break;
            case LB_KIND_PROBE: sent = lb_serve_probe(socket, &request, fd); break;
            case LB_KIND_EDIT: sent = lb_serve_edit(socket, &request, payload, payload_length, fd); break;
            case LB_KIND_SENSOR: sent = lb_serve_sensor(socket, &request, fd); break;
            default: sent = lb_fail(socket, &request, "unknown request");
            }
        }
        lb_limits_end();
        close(fd);
        if (sent != 0) return 1;
    }
}
