#include "CImaging.h"
#include "imaging-internal.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
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

void lb_metadata_clear(LbMetadata *metadata) {
    g_free(metadata->date_taken);
    g_free(metadata->make);
    g_free(metadata->model);
    g_free(metadata->title);
    g_free(metadata->label);
    g_free(metadata->caption);
    g_free(metadata->keywords);
    memset(metadata, 0, sizeof *metadata);
}
