// Decoding with gdk-pixbuf from an open file descriptor. The app decodes
// through lightbox-decoder (see CDecoding), which receives the file as a
// descriptor and never a path; the in-process path (lb_image_decode) is
// kept for the benchmark's comparison and reads the same way.
#include "CImaging.h"
#include "imaging-internal.h"
#include "lb-pixbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

char *lb_message(GError *error, const char *fallback) {
    char *message = g_strdup(error ? error->message : fallback);
    g_clear_error(&error);
    return message;
}

typedef struct {
    int max_size;
    int64_t max_pixels;
    int width, height;
    bool too_large;
} LbSizeRequest;

static void lb_on_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    LbSizeRequest *request = data;
    request->width = width;
    request->height = height;
    if (width <= 0 || height <= 0 || (int64_t)width * height > request->max_pixels) {
        request->too_large = true;
        // A size of 0×0 makes gdk-pixbuf's loaders stop with an error
        // before they allocate the image (as gdk_pixbuf_get_file_info
        // stops them once it knows the size).
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    double scale = MIN(1.0, MIN((double)request->max_size / width, (double)request->max_size / height));
    int w = MAX(1, (int)(width * scale + 0.5));
    int h = MAX(1, (int)(height * scale + 0.5));
    if (w != width || h != height) gdk_pixbuf_loader_set_size(loader, w, h);
}

// read(2) that retries when a signal interrupts it.
static ssize_t lb_read(int fd, void *buffer, size_t count) {
    ssize_t n;
    do n = read(fd, buffer, count);
    while (n < 0 && errno == EINTR);
    return n;
}

// Exactly `count` bytes at `offset`, leaving the file position as it is.
static bool lb_pread_exactly(int fd, uint8_t *buffer, size_t count, off_t offset) {
    for (size_t done = 0; done < count;) {
        ssize_t n = pread(fd, buffer + done, count - done, offset + (off_t)done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += (size_t)n;
    }
    return true;
}

static uint64_t lb_le32(const uint8_t *p) {
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24;
}

// A WebP's EXIF chunk holds no image: this many of its bytes reach IFD0
// wherever a writer puts it (a camera's EXIF fits in a JPEG's 64 KiB).
#define LB_WEBP_EXIF_MOST (64 << 10)
// Chunks walked to find it: an animation has one a frame, a photo a few.
#define LB_WEBP_MOST_CHUNKS 4096

// The orientation the EXIF chunk of the WebP file open at `fd` states
// (1-8; 1 when none). webp-pixbuf-loader does not read it, where
// gdk-pixbuf's JPEG loader reads a JPEG's: a camera JPEG made a WebP
// would otherwise turn sideways. Only chunk headers and that chunk are
// read, every size checked against the file's.
static int lb_webp_orientation(int fd) {
    struct stat info;
    uint8_t header[12];
    if (fstat(fd, &info) != 0 || info.st_size < 30 || !lb_pread_exactly(fd, header, 12, 0)
        || memcmp(header, "RIFF", 4) != 0 || memcmp(header + 8, "WEBP", 4) != 0)
        return 1;
    uint64_t end = MIN((uint64_t)info.st_size, 8 + lb_le32(header + 4));
    uint64_t at = 12;
    for (int chunks = 0; chunks < LB_WEBP_MOST_CHUNKS && at + 8 <= end; chunks++) {
        uint8_t chunk[8];
        if (!lb_pread_exactly(fd, chunk, 8, (off_t)at)) return 1;
        uint64_t size = lb_le32(chunk + 4);
        if (memcmp(chunk, "EXIF", 4) == 0) {
            size_t length = (size_t)MIN(size, MIN(end - (at + 8), (uint64_t)LB_WEBP_EXIF_MOST));
            uint8_t *exif = g_malloc(length ? length : 1);
            int orientation = 1;
            if (lb_pread_exactly(fd, exif, length, (off_t)(at + 8))) {
                // Some writers keep JPEG's "Exif\0\0" before the TIFF structure.
                bool prefixed = length >= 6 && memcmp(exif, "Exif\0\0", 6) == 0;
                orientation = lb_exif_orientation(exif + (prefixed ? 6 : 0), length - (prefixed ? 6 : 0));
            }
            g_free(exif);
            return orientation;
        }
        at += 8 + size + (size & 1);
    }
    return 1;
}

// The oriented pixbuf (RGB or RGBA) of the file open at `fd`, or NULL with
// `error_out` set. `mime` (may be NULL) receives the format's MIME type.
static GdkPixbuf *lb_decode_pixbuf(int fd, int max_size, int64_t max_pixels, int *original_width,
                                   int *original_height, char **mime, char **error_out) {
    *original_width = 0;
    *original_height = 0;
    // A camera's own small copy serves the smallest thumbnails: its first
    // kilobytes instead of 12 million pixels decoded (embedded-thumbnail.c).
    GdkPixbuf *embedded = lb_decode_embedded_thumbnail(fd, max_size, max_pixels, original_width, original_height);
    if (embedded) {
        if (mime) *mime = g_strdup("image/jpeg");
        return embedded;
    }
    GError *error = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    LbSizeRequest request = {.max_size = max_size, .max_pixels = max_pixels};
    g_signal_connect(loader, "size-prepared", G_CALLBACK(lb_on_size_prepared), &request);
    // Feed the loader in chunks, so a huge file is never held in memory
    // and a size refused in "size-prepared" (the header) stops the reading
    // before any pixel is decoded. The same bytes tell whether the file is
    // whole: gdk-pixbuf fills in what a cut-off JPEG or PNG lacks without a
    // word. The file is read once.
    guchar buffer[65536];
    LbIntegrity integrity;
    lb_integrity_init(&integrity);
    gboolean ok = TRUE;
    bool unreadable = false, read_whole_file = false;
    while (ok && !request.too_large) {
        ssize_t count = lb_read(fd, buffer, sizeof buffer);
        if (count < 0) {
            unreadable = true;
            break;
        }
        if (count == 0) {
            // Only a file read to its end can be found cut short: when the
            // loader gave up first, its own reason stands.
            read_whole_file = true;
            break;
        }
        lb_integrity_feed(&integrity, buffer, (size_t)count);
        ok = gdk_pixbuf_loader_write(loader, buffer, (gsize)count, &error);
    }
    if (unreadable) {
        ok = FALSE;
        g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "The file cannot be read.");
    }
    gboolean closed = gdk_pixbuf_loader_close(loader, ok ? &error : NULL);
    *original_width = request.width;
    *original_height = request.height;
    if (request.too_large) {
        g_clear_error(&error);
        g_object_unref(loader);
        *error_out = g_strdup_printf("The image is too large (%d × %d pixels).", request.width, request.height);
        return NULL;
    }
    GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
    bool cut_short = read_whole_file && lb_integrity_result(&integrity) == 0;
    if (!ok || !closed || !pixbuf || cut_short) {
        g_object_unref(loader);
        bool unknown = integrity.total == 0 || g_error_matches(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_UNKNOWN_TYPE);
        if (unreadable) {
            *error_out = lb_message(error, "The file cannot be read.");
        } else if (cut_short) {
            // A file cut short says so, whatever the decoder made of it.
            g_clear_error(&error);
            *error_out = g_strdup("The image is damaged or incomplete.");
        } else if (unknown) {
            g_clear_error(&error);
            *error_out = g_strdup("The file is not an image Lightbox can read.");
        } else {
            *error_out = lb_message(error, "The image is damaged or incomplete.");
        }
        return NULL;
    }
    g_clear_error(&error);
    GdkPixbufFormat *format = gdk_pixbuf_loader_get_format(loader);
    gchar **types = format ? gdk_pixbuf_format_get_mime_types(format) : NULL;
    const char *type = types && types[0] ? types[0] : "application/octet-stream";
    if (mime) *mime = g_strdup(type);
    // Turned as a JPEG with the same EXIF is, by gdk-pixbuf's own reading
    // of the option, unless a later loader learns to set it itself.
    if (strcmp(type, "image/webp") == 0 && !gdk_pixbuf_get_option(pixbuf, "orientation")) {
        int orientation = lb_webp_orientation(fd);
        char value[2] = {(char)('0' + orientation), '\0'};
        if (orientation > 1) gdk_pixbuf_set_option(pixbuf, "orientation", value);
    }
    g_strfreev(types);
    GdkPixbuf *oriented = gdk_pixbuf_apply_embedded_orientation(pixbuf);
    g_object_unref(loader);
    return oriented;
}

LbImage *lb_image_decode_fd(int fd, int max_size, int64_t max_pixels, int *original_width,
                            int *original_height, char **mime, char **error_out) {
    GdkPixbuf *oriented = lb_decode_pixbuf(fd, max_size, max_pixels, original_width, original_height, mime,
                                           error_out);
    if (!oriented) return NULL;
    LbImage *image = g_new0(LbImage, 1);
    if (gdk_pixbuf_get_has_alpha(oriented)) {
        image->pixbuf = oriented;
    } else {
        image->pixbuf = gdk_pixbuf_add_alpha(oriented, FALSE, 0, 0, 0);
        g_object_unref(oriented);
    }
    return image;
}

LbImage *lb_image_decode(const char *path, int max_size, int64_t max_pixels,
                         int *original_width, int *original_height, char **error_out) {
    *original_width = 0;
    *original_height = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        *error_out = g_strdup_printf("The file cannot be read: %s.", g_strerror(errno));
        return NULL;
    }
    LbImage *image = lb_image_decode_fd(fd, max_size, max_pixels, original_width, original_height, NULL, error_out);
    close(fd);
    return image;
}

bool lb_image_decode_into(int fd, int max_size, int64_t max_pixels, bool premultiplied, LbRowsTarget target,
                          void *context, LbDecodeInfo *info, char **error_out) {
    memset(info, 0, sizeof *info);
    GdkPixbuf *pixbuf = lb_decode_pixbuf(fd, max_size, max_pixels, &info->original_width,
                                         &info->original_height, &info->mime, error_out);
    if (!pixbuf) return false;
    bool ok = lb_pixbuf_into(pixbuf, premultiplied, target, context, info, error_out);
    g_object_unref(pixbuf);
    if (!ok) g_clear_pointer(&info->mime, g_free);
    return ok;
}

bool lb_pixbuf_into(GdkPixbuf *pixbuf, bool premultiplied, LbRowsTarget target, void *context, LbDecodeInfo *info,
                    char **error_out) {
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    info->width = width;
    info->height = height;
    info->stride = width * 4;
    uint8_t *out = target(context, width, height, (size_t)info->stride);
    if (!out) {
        *error_out = g_strdup("There is not enough memory for the image.");
        return false;
    }
    // Straight to RGBA in the target: one pass, where the in-process path
    // copies twice (gdk_pixbuf_add_alpha, then the caller's copy).
    const guchar *pixels = gdk_pixbuf_read_pixels(pixbuf);
    for (int y = 0; y < height; y++) {
        const guchar *p = pixels + (size_t)y * (size_t)stride;
        uint8_t *q = out + (size_t)y * (size_t)info->stride;
        if (premultiplied && channels == 4) {
            lb_pixels_premultiply(p, width, 1, stride, (uint32_t *)(void *)q);
        } else if (premultiplied) {
            // Opaque: premultiplying changes nothing but the layout.
            uint32_t *word = (uint32_t *)(void *)q;
            for (int x = 0; x < width; x++, p += 3) word[x] = 0xFF000000u | p[0] << 16 | p[1] << 8 | p[2];
        } else if (channels == 4) {
            memcpy(q, p, (size_t)width * 4);
        } else {
            for (int x = 0; x < width; x++, p += 3, q += 4) {
                q[0] = p[0];
                q[1] = p[1];
                q[2] = p[2];
                q[3] = 255;
            }
        }
    }
    return true;
}

GdkPixbuf *lb_bytes_decode(const uint8_t *bytes, size_t length, const char *mime, int max_size, int64_t max_pixels,
                           int *width, int *height, char **error_out) {
    *width = *height = 0;
    // gdk-pixbuf fills in what a cut-off JPEG lacks: a preview must be whole.
    bool jpeg = strcmp(mime, "image/jpeg") == 0;
    LbIntegrity integrity;
    lb_integrity_init(&integrity);
    lb_integrity_feed(&integrity, bytes, length);
    if (jpeg && lb_integrity_result(&integrity) != 1) {
        *error_out = g_strdup("The image is damaged or incomplete.");
        return NULL;
    }
    GError *error = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_mime_type(mime, &error);
    if (!loader) {
        *error_out = lb_message(error, "The image's format cannot be decoded here.");
        return NULL;
    }
    LbSizeRequest request = {.max_size = max_size, .max_pixels = max_pixels};
    g_signal_connect(loader, "size-prepared", G_CALLBACK(lb_on_size_prepared), &request);
    gboolean ok = gdk_pixbuf_loader_write(loader, bytes, length, &error);
    ok = gdk_pixbuf_loader_close(loader, ok ? &error : NULL) && ok;
    *width = request.width;
    *height = request.height;
    GdkPixbuf *pixbuf = ok && !request.too_large ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (pixbuf) {
        g_object_ref(pixbuf);
        g_clear_error(&error);
    } else if (request.too_large) {
        g_clear_error(&error);
        *error_out = g_strdup_printf("The image is too large (%d × %d pixels).", request.width, request.height);
    } else {
        *error_out = lb_message(error, "The image is damaged or incomplete.");
    }
    g_object_unref(loader);
    return pixbuf;
}

GdkPixbuf *lb_pixbuf_oriented(GdkPixbuf *pixbuf, int orientation) {
    if (orientation < 2 || orientation > 8) return g_object_ref(pixbuf);
    // gdk-pixbuf's own reading of the tag, as every other photo is turned.
    GdkPixbuf *copy = gdk_pixbuf_copy(pixbuf);
    if (!copy) return g_object_ref(pixbuf);
    char value[2] = {(char)('0' + orientation), '\0'};
    // The copy may carry the orientation its own file stated (a preview's
    // EXIF); the one asked for wins.
    gdk_pixbuf_remove_option(copy, "orientation");
    gdk_pixbuf_set_option(copy, "orientation", value);
    GdkPixbuf *oriented = gdk_pixbuf_apply_embedded_orientation(copy);
    g_object_unref(copy);
    return oriented;
}

GdkPixbuf *lb_pixbuf_fitted(GdkPixbuf *pixbuf, int max_size) {
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    double scale = MIN(1.0, MIN((double)max_size / width, (double)max_size / height));
    if (scale >= 1.0) return g_object_ref(pixbuf);
    int w = MAX(1, (int)(width * scale + 0.5)), h = MAX(1, (int)(height * scale + 0.5));
    GdkPixbuf *scaled = gdk_pixbuf_scale_simple(pixbuf, w, h, GDK_INTERP_BILINEAR);
    return scaled ? scaled : g_object_ref(pixbuf);
}

static void lb_unmap(guchar *pixels, gpointer length) { munmap(pixels, GPOINTER_TO_SIZE(length)); }

LbImage *lb_image_wrap_mapping(void *address, size_t length, int width, int height, int stride) {
    LbImage *image = g_new0(LbImage, 1);
    image->pixbuf = gdk_pixbuf_new_from_data(address, GDK_COLORSPACE_RGB, TRUE, 8, width, height, stride,
                                             lb_unmap, GSIZE_TO_POINTER(length));
    return image;
}
