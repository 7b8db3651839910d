// The small copy of the picture a camera stores in a JPEG's EXIF (IFD1,
// 160×120 from most makers), found by walking the file's first segments.
// The bytes come from an untrusted file: every offset is checked against
// the buffer before it is read.
#include "CImaging.h"
#include "imaging-internal.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint32_t lb_u16(const uint8_t *p, bool little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : (uint32_t)p[0] << 8 | (uint32_t)p[1];
}

static uint32_t lb_u32(const uint8_t *p, bool little) {
    return little ? lb_u16(p, true) | lb_u16(p + 2, true) << 16 : lb_u16(p, false) << 16 | lb_u16(p + 2, false);
}

// One IFD of the TIFF structure at `tiff` (`size` bytes): calls `on_entry`
// for each entry with its tag and first value (SHORT or LONG), and answers
// the next IFD's offset (0: none; UINT32_MAX: malformed).
typedef void (*LbEntryHandler)(uint32_t tag, uint32_t value, void *context);

static uint32_t lb_read_ifd(const uint8_t *tiff, size_t size, uint32_t offset, bool little,
                            LbEntryHandler on_entry, void *context) {
    if (offset < 8 || (size_t)offset + 2 > size) return UINT32_MAX;
    uint32_t count = lb_u16(tiff + offset, little);
    size_t end = (size_t)offset + 2 + (size_t)count * 12;
    if (end + 4 > size) return UINT32_MAX;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *entry = tiff + offset + 2 + (size_t)i * 12;
        uint32_t type = lb_u16(entry + 2, little);
        uint32_t value = type == 3 ? lb_u16(entry + 8, little) : type == 4 ? lb_u32(entry + 8, little) : 0;
        on_entry(lb_u16(entry, little), value, context);
    }
    return lb_u32(tiff + end, little);
}

typedef struct {
    uint32_t orientation, compression, offset, length;
} LbExifFields;

static void lb_ifd0_entry(uint32_t tag, uint32_t value, void *context) {
    if (tag == 0x0112) ((LbExifFields *)context)->orientation = value;
}

static void lb_ifd1_entry(uint32_t tag, uint32_t value, void *context) {
    LbExifFields *fields = context;
    if (tag == 0x0103) fields->compression = value;
    if (tag == 0x0201) fields->offset = value;
    if (tag == 0x0202) fields->length = value;
}

// The thumbnail in an APP1 "Exif" segment's TIFF structure, as offsets
// into that structure; false when it has none that is a JPEG.
static bool lb_exif_thumbnail(const uint8_t *tiff, size_t size, LbExifFields *fields) {
    if (size < 8) return false;
    bool little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return false;
    if (lb_u16(tiff + 2, little) != 42) return false;
    *fields = (LbExifFields){.orientation = 1, .compression = 6};
    uint32_t ifd1 = lb_read_ifd(tiff, size, lb_u32(tiff + 4, little), little, lb_ifd0_entry, fields);
    if (ifd1 == 0 || ifd1 == UINT32_MAX) return false;
    if (lb_read_ifd(tiff, size, ifd1, little, lb_ifd1_entry, fields) == UINT32_MAX) return false;
    if (fields->compression != 6 || fields->length < 4 || fields->offset < 8) return false;
    if ((size_t)fields->offset + fields->length > size) return false;
    const uint8_t *jpeg = tiff + fields->offset;
    return jpeg[0] == 0xFF && jpeg[1] == 0xD8;
}

int lb_exif_orientation(const uint8_t *tiff, size_t size) {
    if (size < 8) return 1;
    bool little = tiff[0] == 'I' && tiff[1] == 'I';
    if ((!little && !(tiff[0] == 'M' && tiff[1] == 'M')) || lb_u16(tiff + 2, little) != 42) return 1;
    LbExifFields fields = {.orientation = 1};
    if (lb_read_ifd(tiff, size, lb_u32(tiff + 4, little), little, lb_ifd0_entry, &fields) == UINT32_MAX) return 1;
    return fields.orientation >= 1 && fields.orientation <= 8 ? (int)fields.orientation : 1;
}

static bool lb_is_frame_marker(int marker) {
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

bool lb_jpeg_embedded_thumbnail(const uint8_t *head, size_t size, LbEmbeddedThumbnail *found) {
    memset(found, 0, sizeof *found);
    if (size < 4 || head[0] != 0xFF || head[1] != 0xD8) return false;
    bool have_thumbnail = false;
    size_t at = 2;
    while (at + 4 <= size) {
        if (head[at] != 0xFF) return false;
        while (at + 1 < size && head[at + 1] == 0xFF) at++;  // fill bytes
        if (at + 4 > size) return false;
        int marker = head[at + 1];
        if (marker == 0xDA || marker == 0xD9) break;  // the image data: the header is over
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {
            at += 2;  // a marker without a segment
            continue;
        }
        size_t length = lb_u16(head + at + 2, false);
        if (length < 2 || at + 2 + length > size) return false;
        const uint8_t *data = head + at + 4;
        size_t data_length = length - 2;
        LbExifFields fields;
        if (marker == 0xE1 && !have_thumbnail && data_length > 6 && memcmp(data, "Exif\0\0", 6) == 0
            && lb_exif_thumbnail(data + 6, data_length - 6, &fields)) {
            have_thumbnail = true;
            found->offset = (size_t)(data + 6 - head) + fields.offset;
            found->length = fields.length;
            found->orientation = fields.orientation >= 1 && fields.orientation <= 8 ? (int)fields.orientation : 1;
        } else if (lb_is_frame_marker(marker) && data_length >= 5) {
            found->height = (int)lb_u16(data + 1, false);
            found->width = (int)lb_u16(data + 3, false);
            break;  // APP segments come before the frame
        }
        at += 2 + length;
    }
    return have_thumbnail && found->width > 0 && found->height > 0;
}

// Most cameras' EXIF thumbnails are 160×120; none is bigger than the first
// 128 KiB of a file can hold (an APP1 segment is at most 64 KiB).
enum { LB_EMBEDDED_LARGEST = 160, LB_HEAD_BYTES = 128 * 1024 };

static bool lb_pread_all(int fd, uint8_t *buffer, size_t count, off_t offset) {
    size_t done = 0;
    while (done < count) {
        ssize_t n = pread(fd, buffer + done, count - done, offset + (off_t)done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += (size_t)n;
    }
    return true;
}

// The copy's header may declare any size: one bigger than a thumbnail is
// refused before its pixels are allocated (a 0×0 size stops the loader).
static void lb_refuse_large(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    (void)data;
    if (width <= 0 || height <= 0 || width > 1024 || height > 1024) gdk_pixbuf_loader_set_size(loader, 0, 0);
}

static GdkPixbuf *lb_pixbuf_from_bytes(const uint8_t *bytes, size_t length) {
    // gdk-pixbuf fills in what a cut-off JPEG lacks: a copy must be whole.
    LbIntegrity integrity;
    lb_integrity_init(&integrity);
    lb_integrity_feed(&integrity, bytes, length);
    if (lb_integrity_result(&integrity) != 1) return NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_mime_type("image/jpeg", NULL);
    if (!loader) return NULL;
    g_signal_connect(loader, "size-prepared", G_CALLBACK(lb_refuse_large), NULL);
    gboolean ok = gdk_pixbuf_loader_write(loader, bytes, length, NULL);
    ok = gdk_pixbuf_loader_close(loader, NULL) && ok;
    GdkPixbuf *pixbuf = ok ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (pixbuf) g_object_ref(pixbuf);
    g_object_unref(loader);
    return pixbuf;
}

// Whether the rows or columns outside `x, y, width, height` are black: the
// bars a camera puts around a 3:2 picture in its 4:3 thumbnail. Where they
// are not, the thumbnail is the whole picture squeezed, and is stretched
// back instead of cut.
static bool lb_outside_is_black(const GdkPixbuf *pixbuf, int x, int y, int width, int height) {
    int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    int full_width = gdk_pixbuf_get_width(pixbuf), full_height = gdk_pixbuf_get_height(pixbuf);
    const guchar *pixels = gdk_pixbuf_read_pixels(pixbuf);
    uint64_t sum = 0, count = 0;
    for (int row = 0; row < full_height; row++) {
        for (int column = 0; column < full_width; column++) {
            if (row >= y && row < y + height && column >= x && column < x + width) continue;
            const guchar *p = pixels + (size_t)row * (size_t)stride + (size_t)column * (size_t)channels;
            sum += MAX(p[0], MAX(p[1], p[2]));
            count++;
        }
    }
    return count > 0 && sum <= 24 * count;
}

GdkPixbuf *lb_decode_embedded_thumbnail(int fd, int max_size, int64_t max_pixels, int *original_width,
                                        int *original_height) {
    if (max_size <= 0 || max_size > LB_EMBEDDED_LARGEST) return NULL;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size < 8) return NULL;
    // A file cut short keeps its thumbnail whole: only a file that ends
    // with the end marker is trusted to it, so damage is still found by
    // decoding (a motion photo's trailing video also sends it that way).
    uint8_t tail[2];
    if (!lb_pread_all(fd, tail, 2, info.st_size - 2) || tail[0] != 0xFF || tail[1] != 0xD9) return NULL;
    size_t head_length = MIN((size_t)info.st_size, (size_t)LB_HEAD_BYTES);
    uint8_t *head = g_malloc(head_length);
    LbEmbeddedThumbnail found;
    GdkPixbuf *thumbnail = NULL;
    if (lb_pread_all(fd, head, head_length, 0) && lb_jpeg_embedded_thumbnail(head, head_length, &found)
        && (int64_t)found.width * found.height <= max_pixels) {
        thumbnail = lb_pixbuf_from_bytes(head + found.offset, found.length);
    }
    g_free(head);
    if (!thumbnail) return NULL;

    // The size a decode of the whole picture would give, so the cache holds
    // the same whichever way a thumbnail was made.
    double scale = MIN(1.0, MIN((double)max_size / found.width, (double)max_size / found.height));
    int width = MAX(1, (int)(found.width * scale + 0.5)), height = MAX(1, (int)(found.height * scale + 0.5));
    int tw = gdk_pixbuf_get_width(thumbnail), th = gdk_pixbuf_get_height(thumbnail);
    // The part of the thumbnail with the picture's proportions, centred.
    int cw = tw, ch = th;
    if ((int64_t)tw * found.height > (int64_t)th * found.width) {
        cw = (int)((double)th * found.width / found.height + 0.5);
    } else {
        ch = (int)((double)tw * found.height / found.width + 0.5);
    }
    int cx = (tw - cw) / 2, cy = (th - ch) / 2;
    if (cw != tw || ch != th) {
        if (lb_outside_is_black(thumbnail, cx, cy, cw, ch)) {
            // Two more pixels off the cut sides, and as much in proportion
            // off the others: the JPEG blurs the bars' edge into the picture.
            double keep = (cw < tw ? cw - 4.0 : ch - 4.0) / (cw < tw ? cw : ch);
            int iw = (int)(cw * keep + 0.5), ih = (int)(ch * keep + 0.5);
            cx += (cw - iw) / 2, cy += (ch - ih) / 2, cw = iw, ch = ih;
        } else {
            cx = cy = 0, cw = tw, ch = th;
        }
    }
    GdkPixbuf *result = NULL;
    // Never enlarged: a thumbnail smaller than asked is left to the decode.
    if (cw >= width && ch >= height) {
        GdkPixbuf *part = gdk_pixbuf_new_subpixbuf(thumbnail, cx, cy, cw, ch);
        GdkPixbuf *scaled = gdk_pixbuf_scale_simple(part, width, height, GDK_INTERP_BILINEAR);
        g_object_unref(part);
        if (scaled) {
            char orientation[2] = {(char)('0' + found.orientation), '\0'};
            gdk_pixbuf_set_option(scaled, "orientation", orientation);
            result = gdk_pixbuf_apply_embedded_orientation(scaled);
            g_object_unref(scaled);
        }
    }
    g_object_unref(thumbnail);
    if (result) {
        *original_width = found.width;
        *original_height = found.height;
    }
    return result;
}
