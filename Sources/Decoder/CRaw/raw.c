// Camera RAW files: see CRaw.h. Everything here runs inside the sandboxed
// decoder, on a file the app opened: exiv2 and LibRaw parse bytes from an
// untrusted file, and the decoder's limits (memory, CPU time, seccomp)
// cover them as they cover gdk-pixbuf's loaders.
#include "CRaw.h"
#include "lb-pixbuf.h"
#include "tiff-raw.h"

#include <errno.h>
#include <fcntl.h>
#include <gexiv2/gexiv2.h>
#include <libraw/libraw.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// Below this long side a preview does not stand for the photo in a photo
// window: LibRaw develops the sensor data instead. Cameras embed 1,620 px
// or full-size previews; 160 px thumbnails are what this turns away.
#define LB_RAW_LARGE_PREVIEW 1024

// Sensor data shorter than this is no camera's: a 1-megapixel sensor at 8
// bits a pixel, compressed tenfold, is still 100 KB.
#define LB_RAW_LEAST_SENSOR_BYTES (64u << 10)

// Previews tried, largest first, when any size will do: exiv2 lists a
// handful (tiff-raw.h's LB_RAW_MAX_PREVIEWS is its most).
#define LB_RAW_MOST_PREVIEWS 24

// A preview's long side; exiv2 does not know every preview's size without
// decoding it, and then its byte count gives a rough one (a JPEG preview
// takes about a tenth of a byte a pixel).
static int lb_preview_side(GExiv2PreviewProperties *preview) {
    int width = (int)gexiv2_preview_properties_get_width(preview);
    int height = (int)gexiv2_preview_properties_get_height(preview);
    if (width > 0 && height > 0) return MAX(width, height);
    return (int)sqrt((double)gexiv2_preview_properties_get_size(preview) * 10.0);
}

// Whether exiv2's preview is one decoded here: JPEGs, and the TIFFs exiv2
// 0.27 makes of a DNG's JPEG previews (and of a NEF's small RGB thumbnail).
static bool lb_preview_usable(GExiv2PreviewProperties *preview) {
    const char *type = gexiv2_preview_properties_get_mime_type(preview);
    return type && (strcmp(type, "image/jpeg") == 0 || strcmp(type, "image/tiff") == 0);
}

// A preview smaller than this on its long side is no picture of the photo:
// no camera writes one (their smallest is 160 × 120), but a tool that
// strips a RAW for a test or a bug report leaves 8 × 8 placeholders, which
// were shown stretched over the window as if they were the photo.
#define LB_RAW_LEAST_PREVIEW_SIDE 32

// exiv2's preview decoded and fitted; NULL when it does not decode, or is
// a placeholder.
static GdkPixbuf *lb_preview_decoded(GExiv2Metadata *metadata, GExiv2PreviewProperties *preview, int max_size,
                                     int64_t max_pixels, int *declared_width, int *declared_height) {
    GError *error = NULL;
    GExiv2PreviewImage *image = gexiv2_metadata_try_get_preview_image(metadata, preview, &error);
    if (!image) {
        g_clear_error(&error);
        return NULL;
    }
    guint32 length = 0;
    const guint8 *bytes = gexiv2_preview_image_get_data(image, &length);
    char *why = NULL;
    const char *type = gexiv2_preview_image_get_mime_type(image);
    GdkPixbuf *pixbuf = bytes && type ? lb_bytes_decode(bytes, length, type, max_size, max_pixels, declared_width,
                                                        declared_height, &why)
                                      : NULL;
    // A damaged preview is no reason to fail: the sensor data may be whole.
    g_free(why);
    g_object_unref(image);
    if (pixbuf && MAX(*declared_width, *declared_height) < LB_RAW_LEAST_PREVIEW_SIDE) g_clear_object(&pixbuf);
    return pixbuf;
}

// The embedded preview that serves `max_size`, decoded and fitted; NULL
// when there is none large enough (`needed` on its long side), or it does
// not decode. With `needed` 0 (nothing else to show) the largest that
// decodes, whatever its size: one cut short is passed over.
static GdkPixbuf *lb_raw_preview(GExiv2Metadata *metadata, int max_size, int needed, int64_t max_pixels,
                                 int *declared_width, int *declared_height) {
    GExiv2PreviewProperties **previews = gexiv2_metadata_get_preview_properties(metadata);
    if (!previews) return NULL;
    if (needed == 0) {
        // Largest first; exiv2 lists a few.
        bool tried[LB_RAW_MOST_PREVIEWS] = {false};
        for (int attempt = 0; attempt < LB_RAW_MOST_PREVIEWS; attempt++) {
            int largest = -1, largest_side = -1;
            for (int i = 0; i < LB_RAW_MOST_PREVIEWS && previews[i]; i++) {
                int side = lb_preview_usable(previews[i]) && !tried[i] ? lb_preview_side(previews[i]) : -1;
                if (side > largest_side) {
                    largest = i;
                    largest_side = side;
                }
            }
            if (largest < 0) return NULL;
            tried[largest] = true;
            GdkPixbuf *pixbuf = lb_preview_decoded(metadata, previews[largest], max_size, max_pixels, declared_width,
                                                   declared_height);
            if (pixbuf) return pixbuf;
        }
        return NULL;
    }
    GExiv2PreviewProperties *chosen = NULL;
    int chosen_side = 0;
    for (GExiv2PreviewProperties **preview = previews; *preview; preview++) {
        if (!lb_preview_usable(*preview)) continue;
        int side = lb_preview_side(*preview);
        bool large = side >= max_size, chosen_large = chosen_side >= max_size;
        // The smallest that is large enough, else the largest.
        if (!chosen || (large && (!chosen_large || side < chosen_side)) || (!large && !chosen_large && side > chosen_side)) {
            chosen = *preview;
            chosen_side = side;
        }
    }
    if (!chosen || chosen_side < needed) return NULL;
    return lb_preview_decoded(metadata, chosen, max_size, max_pixels, declared_width, declared_height);
}

// An RGB pixbuf holding LibRaw's 8-bit bitmap (packed rows).
static GdkPixbuf *lb_pixbuf_from_bitmap(const libraw_processed_image_t *image) {
    if (image->type != LIBRAW_IMAGE_BITMAP || image->colors != 3 || image->bits != 8 || image->width == 0
        || image->height == 0 || (size_t)image->width * image->height * 3 > image->data_size)
        return NULL;
    GdkPixbuf *pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, image->width, image->height);
    if (!pixbuf) return NULL;
    guchar *rows = gdk_pixbuf_get_pixels(pixbuf);
    int stride = gdk_pixbuf_get_rowstride(pixbuf);
    for (int y = 0; y < image->height; y++)
        memcpy(rows + (size_t)y * stride, image->data + (size_t)y * image->width * 3, (size_t)image->width * 3);
    return pixbuf;
}

// EXIF's orientation for LibRaw's flip (0, 3, 5 or 6).
static int lb_orientation_of_flip(int flip) {
    switch (flip) {
    case 3: return 3;
    case 5: return 8;
    case 6: return 6;
    default: return 1;
    }
}

// The RAW developed by LibRaw from the file mapped at `bytes`: its own
// thumbnail for a small size when it is big enough, else the sensor data.
static GdkPixbuf *lb_raw_develop(void *bytes, size_t length, int max_size, int64_t max_pixels, int *original_width,
                                 int *original_height, bool *from_sensor, char **error_out) {
    libraw_data_t *raw = libraw_init(0);
    if (!raw) {
        *error_out = g_strdup("There is not enough memory for the image.");
        return NULL;
    }
    GdkPixbuf *picture = NULL;
    int status = libraw_open_buffer(raw, bytes, length);
    if (status != LIBRAW_SUCCESS) {
        *error_out = g_strdup_printf("The RAW file cannot be read (%s).", libraw_strerror(status));
        goto done;
    }
    int width = raw->sizes.width, height = raw->sizes.height;
    if (raw->sizes.flip & 4) {
        int swap = width;
        width = height;
        height = swap;
    }
    if (*original_width <= 0 || *original_height <= 0) {
        *original_width = width;
        *original_height = height;
    }
    if (width <= 0 || height <= 0 || (int64_t)raw->sizes.raw_width * raw->sizes.raw_height > max_pixels) {
        *error_out = g_strdup_printf("The image is too large (%d × %d pixels).", width, height);
        goto done;
    }
    // A file stripped of its sensor data (LibRaw then sees its placeholder
    // preview's few pixels as the sensor): nothing to develop.
    if (MAX(width, height) < LB_RAW_LEAST_PREVIEW_SIDE) {
        *error_out = g_strdup("The image is damaged or incomplete.");
        goto done;
    }
    if (max_size <= LB_RAW_LARGE_PREVIEW && libraw_unpack_thumb(raw) == LIBRAW_SUCCESS) {
        int code = 0;
        libraw_processed_image_t *thumb = libraw_dcraw_make_mem_thumb(raw, &code);
        GdkPixbuf *found = NULL;
        if (thumb && thumb->type == LIBRAW_IMAGE_JPEG) {
            int w = 0, h = 0;
            char *why = NULL;
            found = lb_bytes_decode(thumb->data, thumb->data_size, "image/jpeg", max_size, max_pixels, &w, &h, &why);
            g_free(why);
        } else if (thumb) {
            GdkPixbuf *bitmap = lb_pixbuf_from_bitmap(thumb);
            if (bitmap) {
                found = lb_pixbuf_fitted(bitmap, max_size);
                g_object_unref(bitmap);
            }
        }
        if (thumb) libraw_dcraw_clear_mem(thumb);
        // Never enlarged: a thumbnail smaller than asked leaves it to the sensor data. A
        // placeholder is no thumbnail at all.
        int side = found ? MAX(gdk_pixbuf_get_width(found), gdk_pixbuf_get_height(found)) : 0;
        if (side >= MIN(max_size, MAX(width, height)) && side >= LB_RAW_LEAST_PREVIEW_SIDE) {
            picture = lb_pixbuf_oriented(found, lb_orientation_of_flip(raw->sizes.flip));
        }
        if (found) g_object_unref(found);
        if (picture) goto done;
    }
    // A file shorter than any camera's sensor data (one stripped for a test
    // or a bug report) holds none: LibRaw would develop whatever lies where
    // the data should be, or zeros past the end.
    if (length < LB_RAW_LEAST_SENSOR_BYTES) {
        *error_out = g_strdup("The image is damaged or incomplete.");
        goto done;
    }
    // Half size (one pixel a Bayer square, no interpolation) when the
    // picture asked for fits in it: four times less to develop.
    raw->params.half_size = MAX(width, height) / 2 >= max_size;
    raw->params.use_camera_wb = 1;
    raw->params.output_bps = 8;
    if ((status = libraw_unpack(raw)) != LIBRAW_SUCCESS || (status = libraw_dcraw_process(raw)) != LIBRAW_SUCCESS) {
        *error_out = g_strdup_printf("The RAW file cannot be developed (%s).", libraw_strerror(status));
        goto done;
    }
    int code = 0;
    libraw_processed_image_t *image = libraw_dcraw_make_mem_image(raw, &code);
    // LibRaw's image is turned by the file's orientation already.
    GdkPixbuf *developed = image ? lb_pixbuf_from_bitmap(image) : NULL;
    if (image) libraw_dcraw_clear_mem(image);
    if (!developed) {
        *error_out = g_strdup_printf("The RAW file cannot be developed (%s).",
                                     code ? libraw_strerror(code) : "an unexpected picture");
        goto done;
    }
    picture = lb_pixbuf_fitted(developed, max_size);
    g_object_unref(developed);
    *from_sensor = true;
done:
    libraw_close(raw);
    return picture;
}

// The RAW's MIME type as exiv2 names it; DNG, which exiv2 reads as a TIFF,
// by its own.
static char *lb_raw_mime(GExiv2Metadata *metadata) {
    if (gexiv2_metadata_try_has_tag(metadata, "Exif.Image.DNGVersion", NULL)) return g_strdup("image/x-adobe-dng");
    const char *type = gexiv2_metadata_get_mime_type(metadata);
    return g_strdup(type && *type ? type : "image/x-dcraw");
}

// Reads for tiff-raw.c: exactly `length` bytes at `offset` of the file
// open at `*context`.
static bool lb_fd_read(void *context, uint64_t offset, uint8_t *buffer, size_t length) {
    int fd = *(int *)context;
    while (length > 0) {
        ssize_t count = pread(fd, buffer, length, (off_t)offset);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return false;
        buffer += count;
        length -= (size_t)count;
        offset += (uint64_t)count;
    }
    return true;
}

bool lb_raw_metadata_bytes(int fd, LbRawMetadataBytes *out) {
    memset(out, 0, sizeof *out);
    struct stat file;
    if (fstat(fd, &file) != 0 || !S_ISREG(file.st_mode) || file.st_size <= 0) return false;
    // Only the pages asked for, as for a preview (lb_raw_read_preview).
    posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
    LbRawLayout layout;
    lb_raw_layout_read(lb_fd_read, &fd, (uint64_t)file.st_size, false, &layout);
    bool read = false;
    if (layout.known && layout.metadata_end > 0) {
        out->length = (size_t)layout.metadata_end;
        out->bytes = g_try_malloc(out->length);
        read = out->bytes && lb_fd_read(&fd, 0, out->bytes, out->length);
        // An ORF's header has its own magic number where a TIFF's has 42
        // (IIRO, MMOR, IIRS): EXIF is read only under TIFF's. The IFDs
        // after it are laid out as any TIFF's.
        if (read && out->length >= 4 && (out->bytes[2] | out->bytes[3]) != 42) {
            bool big = out->bytes[0] == 'M';
            out->bytes[2] = big ? 0 : 42;
            out->bytes[3] = big ? 42 : 0;
        }
        out->xmp_offset = (size_t)layout.xmp_offset;
        out->xmp_length = (size_t)layout.xmp_length;
        out->pixel_width = layout.pixel_width;
        out->pixel_height = layout.pixel_height;
        out->orientation = layout.orientation;
    }
    lb_raw_layout_clear(&layout);
    posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL);
    if (!read) lb_raw_metadata_bytes_clear(out);
    return read;
}

void lb_raw_metadata_bytes_clear(LbRawMetadataBytes *metadata) {
    g_free(metadata->bytes);
    memset(metadata, 0, sizeof *metadata);
}

// What the decoder learns of a RAW file on its way to a picture.
typedef struct {
    bool cut_short;      // the file ends before data it points at
    bool undevelopable;  // its sensor data is in a form LibRaw cannot read here
} LbRawFile;

// The size the app is told the photo has: the sensor's, else (a file cut
// before the IFD that says it) the preview's own, never 0 × 0.
static void lb_original_size(LbDecodeInfo *info, int sensor_width, int sensor_height, int preview_width,
                             int preview_height) {
    bool sensor = sensor_width > 0 && sensor_height > 0;
    info->original_width = sensor ? sensor_width : preview_width;
    info->original_height = sensor ? sensor_height : preview_height;
}

// Whether a Fujifilm RAF's header points past the end of the file, or at
// sensor data shorter than any camera's (a file stripped to its previews).
static bool lb_raf_cut_short(int fd, uint64_t file_length) {
    uint8_t header[108];
    // The first page alone, not the read-ahead around it (as lb_raw_read_preview).
    posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
    bool read = file_length >= sizeof header && lb_fd_read(&fd, 0, header, sizeof header);
    posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL);
    if (!read || memcmp(header, "FUJIFILMCCD-RAW ", 16) != 0) return false;
    uint64_t part[6];
    for (int i = 0; i < 6; i++) {
        const uint8_t *p = header + 84 + 4 * i;
        part[i] = (uint64_t)p[0] << 24 | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 8 | p[3];
    }
    // JPEG, CFA header, CFA: an offset and a length each.
    for (int i = 0; i < 6; i += 2)
        if (part[i] + part[i + 1] > file_length) return true;
    return part[5] < LB_RAW_LEAST_SENSOR_BYTES;
}

// A preview the decoder reads at most: a camera's full-size JPEG is 2-15
// MB. A larger one is left to exiv2's path (and the decoder's memory limit).
#define LB_RAW_MAX_PREVIEW_BYTES (256u << 20)

// The preview tiff-raw.c found at `chosen`, read and fitted; NULL when it
// is not one read here, lies outside the file, or does not decode.
// `width`, `height` receive its own size.
static GdkPixbuf *lb_raw_layout_preview(int fd, uint64_t file_length, const LbRawPreview *chosen, int max_size,
                                        int64_t max_pixels, int *width, int *height) {
    GdkPixbuf *preview = NULL;
    if (chosen->kind == LB_RAW_PREVIEW_JPEG && chosen->length <= LB_RAW_MAX_PREVIEW_BYTES) {
        uint8_t *bytes = g_try_malloc(chosen->length);
        if (bytes && lb_fd_read(&fd, chosen->offset, bytes, chosen->length)) {
            char *why = NULL;
            preview = lb_bytes_decode(bytes, chosen->length, "image/jpeg", max_size, max_pixels, width, height, &why);
            g_free(why);
        }
        g_free(bytes);
    } else if (chosen->kind == LB_RAW_PREVIEW_RGB && (int64_t)chosen->width * chosen->height <= max_pixels
               && chosen->width <= G_MAXINT / 4 && chosen->height <= G_MAXINT) {
        GdkPixbuf *rows = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, (int)chosen->width, (int)chosen->height);
        if (rows && lb_raw_read_rgb(lb_fd_read, &fd, file_length, chosen, gdk_pixbuf_get_pixels(rows),
                                    (size_t)gdk_pixbuf_get_rowstride(rows)))
            preview = lb_pixbuf_fitted(rows, max_size);
        if (rows) g_object_unref(rows);
        *width = (int)chosen->width;
        *height = (int)chosen->height;
    }
    if (preview && MAX(*width, *height) < LB_RAW_LEAST_PREVIEW_SIDE) g_clear_object(&preview);
    return preview;
}

// The picture from the preview lb_raw_preview's rule chooses among those
// tiff-raw.c finds, read with pread: the file's structure and that
// preview's bytes, nothing else. NULL when the file is not one it knows,
// no preview is large enough, or the preview does not decode: then exiv2's
// path decides, as before. Fills `info`'s original size and `*mime` when
// it answers.
static GdkPixbuf *lb_raw_read_preview(int fd, uint64_t file_length, int max_size, int64_t max_pixels, bool in_full,
                                      bool any_size, LbDecodeInfo *info, char **mime, LbRawFile *file) {
    // Read-ahead would read megabytes of sensor data around each of the
    // few places read here (8 MiB on some disks): random access reads only
    // the pages asked for. The same advice after, for whoever reads next.
    posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
    LbRawLayout layout;
    lb_raw_layout_read(lb_fd_read, &fd, file_length, true, &layout);
    GdkPixbuf *picture = NULL, *preview = NULL;
    int side = 0;
    int index = layout.known ? lb_raw_layout_choose(&layout, max_size, &side) : -1;
    // lb_raw_exiv2_preview's rule (below), on the same figures.
    int sensor_side = MAX(layout.pixel_width, layout.pixel_height);
    int needed = any_size ? 0
                 : in_full ? MIN(max_size, sensor_side > 0 ? sensor_side : max_size)
                           : MIN(max_size, LB_RAW_LARGE_PREVIEW);
    const LbRawPreview *chosen = index >= 0 && side >= needed ? &layout.previews[index] : NULL;
    int width = 0, height = 0;
    if (chosen) preview = lb_raw_layout_preview(fd, file_length, chosen, max_size, max_pixels, &width, &height);
    // Any size will do (nothing else to show): the largest that reads and
    // decodes, past one the cut took.
    for (int i = layout.count - 1; any_size && !preview && layout.known && i >= 0; i--)
        preview = lb_raw_layout_preview(fd, file_length, &layout.previews[i], max_size, max_pixels, &width, &height);
    if (preview) {
        picture = lb_pixbuf_oriented(preview, layout.orientation);
        g_object_unref(preview);
        lb_original_size(info, layout.pixel_width, layout.pixel_height, width, height);
        *mime = g_strdup(layout.mime);
    }
    file->cut_short = file->cut_short || layout.cut_short;
    // VC-5 (GoPro's GPR): LibRaw reads it only when built with GoPro's SDK,
    // which Debian's is not.
    file->undevelopable = file->undevelopable
                          || (layout.mime && strcmp(layout.mime, "image/x-adobe-dng") == 0 && layout.compression == 9
                              && !(libraw_capabilities() & LIBRAW_CAPS_GPRSDK));
    lb_raw_layout_clear(&layout);
    posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL);
    return picture;
}

// The preview exiv2 finds (the path for what tiff-raw.c leaves), turned
// by the RAW's orientation; NULL when there is none large enough. Fills
// `info`'s original size and `*mime` whenever exiv2 opens the file.
static GdkPixbuf *lb_raw_exiv2_preview(int fd, int max_size, int64_t max_pixels, bool in_full, bool any_size,
                                       LbDecodeInfo *info, char **mime) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    GdkPixbuf *picture = NULL;
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    if (gexiv2_metadata_open_path(metadata, path, &error)) {
        g_free(*mime);
        *mime = lb_raw_mime(metadata);
        int sensor_width = gexiv2_metadata_get_pixel_width(metadata);
        int sensor_height = gexiv2_metadata_get_pixel_height(metadata);
        info->original_width = sensor_width;
        info->original_height = sensor_height;
        // A preview serves a picture to fit the screen when it is large;
        // the picture in full (zoomed to 100 %) only when it holds as
        // many pixels as the sensor.
        int sensor_side = MAX(sensor_width, sensor_height);
        int needed = any_size ? 0
                     : in_full ? MIN(max_size, sensor_side > 0 ? sensor_side : max_size)
                               : MIN(max_size, LB_RAW_LARGE_PREVIEW);
        int width = 0, height = 0;
        GdkPixbuf *preview = lb_raw_preview(metadata, max_size, needed, max_pixels, &width, &height);
        if (preview) {
            lb_original_size(info, sensor_width, sensor_height, width, height);
            GExiv2Orientation orientation = gexiv2_metadata_try_get_orientation(metadata, NULL);
            picture = lb_pixbuf_oriented(preview, (int)orientation);
            g_object_unref(preview);
        }
    }
    g_clear_error(&error);
    g_object_unref(metadata);
    return picture;
}

bool lb_raw_decode_into(int fd, int max_size, int64_t max_pixels, bool in_full, bool premultiplied,
                        LbRowsTarget target, void *context, LbDecodeInfo *info, char **error_out) {
    memset(info, 0, sizeof *info);
    struct stat file;
    if (fstat(fd, &file) != 0 || !S_ISREG(file.st_mode) || file.st_size <= 0) {
        *error_out = g_strdup("The file cannot be read.");
        return false;
    }
    char *mime = NULL;
    LbRawFile facts = {.cut_short = lb_raf_cut_short(fd, (uint64_t)file.st_size)};
    // The decoder's own reader, which reads the structure and one preview;
    // exiv2 for the files it leaves, which maps and parses the whole file.
    GdkPixbuf *picture = lb_raw_read_preview(fd, (uint64_t)file.st_size, max_size, max_pixels, in_full, false, info,
                                             &mime, &facts);
    if (!picture) picture = lb_raw_exiv2_preview(fd, max_size, max_pixels, in_full, false, info, &mime);
    // exiv2 0.27 does not open every RAW (Canon's CR3): LibRaw may. Not
    // the sensor data of a file cut short, which LibRaw fails on or
    // develops in part: its preview, whatever its size, stands for it at
    // every size asked, so the photo looks the same in the grid and the
    // window, each time.
    if (!picture && !facts.cut_short && !facts.undevelopable) {
        // Mapped, not read: LibRaw touches the header and the data it
        // develops, and the kernel reads those pages only.
        void *bytes = mmap(NULL, (size_t)file.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (bytes == MAP_FAILED) {
            g_free(mime);
            *error_out = g_strdup("The file cannot be read.");
            return false;
        }
        bool from_sensor = false;
        picture = lb_raw_develop(bytes, (size_t)file.st_size, max_size, max_pixels, &info->original_width,
                                 &info->original_height, &from_sensor, error_out);
        munmap(bytes, (size_t)file.st_size);
        info->from_sensor = from_sensor;
    }
    // No preview large enough and no sensor data that develops: the
    // largest preview there is rather than nothing.
    if (!picture) {
        picture = lb_raw_read_preview(fd, (uint64_t)file.st_size, max_size, max_pixels, in_full, true, info, &mime,
                                      &facts);
        if (!picture) picture = lb_raw_exiv2_preview(fd, max_size, max_pixels, in_full, true, info, &mime);
        if (picture) g_clear_pointer(error_out, g_free);
    }
    if (!picture) {
        g_free(mime);
        if (!*error_out && facts.undevelopable)
            *error_out = g_strdup("Lightbox cannot show this kind of RAW file: it holds no preview, "
                                  "and its sensor data is compressed in a way Lightbox cannot read.");
        else if (!*error_out)
            *error_out = g_strdup("The image is damaged or incomplete.");
        return false;
    }
    info->incomplete = facts.cut_short;
    info->mime = mime ? mime : g_strdup("image/x-dcraw");
    bool ok = lb_pixbuf_into(picture, premultiplied, target, context, info, error_out);
    g_object_unref(picture);
    if (!ok) g_clear_pointer(&info->mime, g_free);
    return ok;
}

// Each raw value 0…`white` of a colour whose black is `black` as the 0…255
// level a picture of the same light shows (its sRGB encoding), in `table`.
static void lb_encoding_table(uint8_t *table, int black, int white) {
    double range = white - black;
    for (int v = 0; v <= white; v++) {
        double linear = v <= black ? 0 : (v - black) / range;
        double encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
        table[v] = (uint8_t)lround(fmin(1, fmax(0, encoded)) * 255);
    }
}

bool lb_raw_sensor_exposure(int fd, int64_t max_pixels, int dark_stops, LbExposure *out, char **error_out) {
    memset(out, 0, sizeof *out);
    struct stat file;
    if (fstat(fd, &file) != 0 || !S_ISREG(file.st_mode) || file.st_size <= 0) {
        *error_out = g_strdup("The file cannot be read.");
        return false;
    }
    if ((uint64_t)file.st_size < LB_RAW_LEAST_SENSOR_BYTES || lb_raf_cut_short(fd, (uint64_t)file.st_size)) {
        *error_out = g_strdup("The file holds no complete sensor data.");
        return false;
    }
    void *bytes = mmap(NULL, (size_t)file.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (bytes == MAP_FAILED) {
        *error_out = g_strdup("The file cannot be read.");
        return false;
    }
    libraw_data_t *raw = libraw_init(0);
    bool counted = false;
    uint8_t *encoding = NULL;
    if (!raw) {
        *error_out = g_strdup("There is not enough memory for the image.");
        goto done;
    }
    int status = libraw_open_buffer(raw, bytes, (size_t)file.st_size);
    if (status == LIBRAW_SUCCESS && (int64_t)raw->sizes.raw_width * raw->sizes.raw_height > max_pixels) {
        *error_out = g_strdup("The image is too large.");
        goto done;
    }
    if (status != LIBRAW_SUCCESS || (status = libraw_unpack(raw)) != LIBRAW_SUCCESS) {
        *error_out = g_strdup_printf("The RAW file's sensor data cannot be read (%s).", libraw_strerror(status));
        goto done;
    }
    // A Bayer sensor's photosites, one colour each (X-Trans and
    // Foveon, and linear DNGs, lay theirs out otherwise).
    const uint16_t *sites = raw->rawdata.raw_image;
    if (!sites || raw->idata.filters == 0 || raw->idata.filters == 9) {
        *error_out = g_strdup("Only a Bayer sensor's data is read for its exposure.");
        goto done;
    }
    int white = (int)raw->color.maximum;
    int top = raw->sizes.top_margin, left = raw->sizes.left_margin;
    int width = raw->sizes.width, height = raw->sizes.height, pitch = raw->sizes.raw_pitch / 2;
    if (white <= 0 || width <= 0 || height <= 0 || pitch < left + width || raw->sizes.raw_height < top + height) {
        *error_out = g_strdup("The RAW file's sensor data is not laid out as it says.");
        goto done;
    }
    // Each colour's levels are read above its own black, as a fraction of
    // what lies between it and the white level: one table a colour, from
    // the raw value straight to its level, and the value under which a
    // site is more than `dark_stops` below white.
    encoding = g_try_malloc(4 * ((size_t)white + 1));
    if (!encoding) {
        *error_out = g_strdup("There is not enough memory for the image.");
        goto done;
    }
    int dark_below[4];
    for (int c = 0; c < 4; c++) {
        int black = MIN((int)(raw->color.black + raw->color.cblack[c]), white - 1);
        lb_encoding_table(encoding + (size_t)c * ((size_t)white + 1), black, white);
        dark_below[c] = black + (int)((white - black) >> MIN(dark_stops, 30));
    }
    uint32_t *histograms[4] = {out->red, out->green, out->blue, out->green};
    // The colour of a site repeats every 2 columns and rows (Bayer).
    for (int y = 0; y < height; y++) {
        const uint16_t *row = sites + (size_t)(y + top) * (size_t)pitch + left;
        int colours[2] = {libraw_COLOR(raw, y, 0) & 3, libraw_COLOR(raw, y, 1) & 3};
        for (int x = 0; x < width; x++) {
            int c = colours[x & 1];
            int value = MIN((int)row[x], white);
            int level = encoding[(size_t)c * ((size_t)white + 1) + (size_t)value];
            histograms[c][level]++;
            out->luminance[level]++;
            out->clipped_any += value >= white;
            out->dark += value < dark_below[c];
        }
    }
    out->pixels = (uint64_t)width * (uint64_t)height;
    counted = true;
done:
    g_free(encoding);
    if (raw) libraw_close(raw);
    munmap(bytes, (size_t)file.st_size);
    return counted;
}
