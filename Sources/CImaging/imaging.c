#include "CImaging.h"
#include "imaging-internal.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gexiv2/gexiv2.h>
#include "lb-internal.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>


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
