#include "CImaging.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gexiv2/gexiv2.h>
#include "lb-internal.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

struct LbImage {
    GdkPixbuf *pixbuf;  // always RGBA
};

void lb_free(void *pointer) { g_free(pointer); }

bool lb_image_probe(const char *path, int *width, int *height, char **mime) {
    GdkPixbufFormat *format = gdk_pixbuf_get_file_info(path, width, height);
    if (!format) return false;
    if (mime) {
        gchar **types = gdk_pixbuf_format_get_mime_types(format);
        *mime = g_strdup(types && types[0] ? types[0] : "application/octet-stream");
        g_strfreev(types);
    }
    return true;
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

static char *lb_message(GError *error, const char *fallback) {
    char *message = g_strdup(error ? error->message : fallback);
    g_clear_error(&error);
    return message;
}

LbImage *lb_image_decode(const char *path, int max_size, int64_t max_pixels,
                         int *original_width, int *original_height, char **error_out) {
    *original_width = 0;
    *original_height = 0;
    GError *error = NULL;
    FILE *file = fopen(path, "rb");
    if (!file) {
        *error_out = g_strdup_printf("The file cannot be read: %s.", g_strerror(errno));
        return NULL;
    }
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
    size_t count;
    while (ok && !request.too_large && (count = fread(buffer, 1, sizeof buffer, file)) > 0) {
        lb_integrity_feed(&integrity, buffer, count);
        ok = gdk_pixbuf_loader_write(loader, buffer, count, &error);
    }
    bool unreadable = ok && ferror(file);
    // Only a file read to its end can be found cut short: when the loader
    // gave up first, its own reason stands.
    bool read_whole_file = feof(file);
    if (unreadable) {
        ok = FALSE;
        g_set_error(&error, G_FILE_ERROR, G_FILE_ERROR_IO, "The file cannot be read.");
    }
    fclose(file);
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
    GdkPixbuf *oriented = gdk_pixbuf_apply_embedded_orientation(pixbuf);
    g_object_unref(loader);
    LbImage *image = g_new0(LbImage, 1);
    if (gdk_pixbuf_get_has_alpha(oriented)) {
        image->pixbuf = oriented;
    } else {
        image->pixbuf = gdk_pixbuf_add_alpha(oriented, FALSE, 0, 0, 0);
        g_object_unref(oriented);
    }
    return image;
}

void lb_image_free(LbImage *image) {
    if (!image) return;
    g_object_unref(image->pixbuf);
    g_free(image);
}

int lb_image_width(const LbImage *image) { return gdk_pixbuf_get_width(image->pixbuf); }
int lb_image_height(const LbImage *image) { return gdk_pixbuf_get_height(image->pixbuf); }
const uint8_t *lb_image_rgba(const LbImage *image) { return gdk_pixbuf_read_pixels(image->pixbuf); }
int lb_image_stride(const LbImage *image) { return gdk_pixbuf_get_rowstride(image->pixbuf); }

LbImage *lb_image_scaled(const LbImage *image, int max_size) {
    int width = gdk_pixbuf_get_width(image->pixbuf), height = gdk_pixbuf_get_height(image->pixbuf);
    double scale = MIN(1.0, MIN((double)max_size / width, (double)max_size / height));
    int w = MAX(1, (int)(width * scale + 0.5)), h = MAX(1, (int)(height * scale + 0.5));
    GdkPixbuf *pixbuf = (w == width && h == height) ? gdk_pixbuf_copy(image->pixbuf)
                                                    : gdk_pixbuf_scale_simple(image->pixbuf, w, h, GDK_INTERP_BILINEAR);
    if (!pixbuf) return NULL;
    LbImage *scaled = g_new0(LbImage, 1);
    scaled->pixbuf = pixbuf;
    return scaled;
}

bool lb_image_save_png(const LbImage *image, const char *path, const char *const *keys,
                       const char *const *values, int count, char **error_out) {
    GPtrArray *option_keys = g_ptr_array_new_with_free_func(g_free);
    GPtrArray *option_values = g_ptr_array_new();
    for (int i = 0; i < count; i++) {
        g_ptr_array_add(option_keys, g_strconcat("tEXt::", keys[i], NULL));
        g_ptr_array_add(option_values, (gpointer)values[i]);
    }
    g_ptr_array_add(option_keys, NULL);
    g_ptr_array_add(option_values, NULL);
    GError *error = NULL;
    gboolean ok = gdk_pixbuf_savev(image->pixbuf, path, "png", (char **)option_keys->pdata,
                                   (char **)option_values->pdata, &error);
    g_ptr_array_unref(option_keys);
    g_ptr_array_unref(option_values);
    if (!ok) *error_out = lb_message(error, "The image could not be written.");
    return ok;
}

// ---- Metadata ------------------------------------------------------------

static char *lb_tag(GExiv2Metadata *metadata, const char *tag) {
    GError *error = NULL;
    if (!gexiv2_metadata_try_has_tag(metadata, tag, &error)) {
        g_clear_error(&error);
        return NULL;
    }
    char *value = gexiv2_metadata_try_get_tag_string(metadata, tag, &error);
    g_clear_error(&error);
    if (value) g_strstrip(value);
    if (value && (!*value || !g_utf8_validate(value, -1, NULL))) g_clear_pointer(&value, g_free);
    return value;
}

// XMP language alternatives read as `lang="x-default" Text`.
static char *lb_plain_title(char *value) {
    if (value && g_str_has_prefix(value, "lang=")) {
        char *space = strchr(value, ' ');
        char *plain = g_strdup(space ? space + 1 : "");
        g_free(value);
        value = plain;
    }
    if (value && !*value) g_clear_pointer(&value, g_free);
    return value;
}

bool lb_metadata_read(const char *path, LbMetadata *out) {
    memset(out, 0, sizeof *out);
    lb_exiv2_init();
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    if (!gexiv2_metadata_open_path(metadata, path, &error)) {
        g_clear_error(&error);
        g_object_unref(metadata);
        return false;
    }
    out->pixel_width = gexiv2_metadata_try_get_metadata_pixel_width(metadata, &error);
    g_clear_error(&error);
    out->pixel_height = gexiv2_metadata_try_get_metadata_pixel_height(metadata, &error);
    g_clear_error(&error);
    out->orientation = (int)gexiv2_metadata_try_get_orientation(metadata, &error);
    g_clear_error(&error);
    out->date_taken = lb_tag(metadata, "Exif.Photo.DateTimeOriginal");
    out->make = lb_tag(metadata, "Exif.Image.Make");
    out->model = lb_tag(metadata, "Exif.Image.Model");
    out->title = lb_plain_title(lb_tag(metadata, "Xmp.dc.title"));
    if (!out->title) out->title = lb_tag(metadata, "Iptc.Application2.ObjectName");
    int nom = 0, den = 0;
    if (gexiv2_metadata_try_get_exposure_time(metadata, &nom, &den, &error) && den > 0) {
        out->exposure_numerator = nom;
        out->exposure_denominator = den;
    }
    g_clear_error(&error);
    double fnumber = gexiv2_metadata_try_get_fnumber(metadata, &error);
    out->f_number = fnumber > 0 ? fnumber : 0;
    g_clear_error(&error);
    double focal = gexiv2_metadata_try_get_focal_length(metadata, &error);
    out->focal_length = focal > 0 ? focal : 0;
    g_clear_error(&error);
    int iso = gexiv2_metadata_try_get_iso_speed(metadata, &error);
    out->iso = iso > 0 ? iso : 0;
    g_clear_error(&error);
    out->has_rating = lb_rating_from(metadata, &out->rating);
    g_object_unref(metadata);
    return true;
}

void lb_metadata_clear(LbMetadata *metadata) {
    g_free(metadata->date_taken);
    g_free(metadata->make);
    g_free(metadata->model);
    g_free(metadata->title);
    memset(metadata, 0, sizeof *metadata);
}
