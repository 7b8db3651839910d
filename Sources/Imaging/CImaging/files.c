#define _GNU_SOURCE  // renameat2, before any header
// File URIs, checksums and encoding from raw pixels: small helpers the
// thumbnail cache and the tests need, kept apart from imaging.c.
#include "CImaging.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

char *lb_filename_to_uri(const char *path) {
    if (!path || !g_path_is_absolute(path)) return NULL;
    return g_filename_to_uri(path, NULL, NULL);
}

int lb_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0 ? 0 : errno;
}

char *lb_md5_hex(const char *text) {
    return g_compute_checksum_for_string(G_CHECKSUM_MD5, text ? text : "", -1);
}

bool lb_rgba_save(const uint8_t *rgba, int width, int height, int stride, const char *path,
                  const char *type, const char *const *keys, const char *const *values, int count,
                  char **error_out) {
    if (!rgba || width <= 0 || height <= 0 || stride < width * 4) {
        *error_out = g_strdup("The pixels are not a valid image.");
        return false;
    }
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_data(rgba, GDK_COLORSPACE_RGB, TRUE, 8, width, height,
                                                 stride, NULL, NULL);
    // gdk-pixbuf wants NULL-terminated arrays of mutable strings.
    char **option_keys = g_new0(char *, count + 1);
    char **option_values = g_new0(char *, count + 1);
    for (int i = 0; i < count; i++) {
        option_keys[i] = (char *)keys[i];
        option_values[i] = (char *)values[i];
    }
    GError *error = NULL;
    gboolean ok = gdk_pixbuf_savev(pixbuf, path, type, option_keys, option_values, &error);
    g_free(option_keys);
    g_free(option_values);
    g_object_unref(pixbuf);
    if (!ok) {
        *error_out = g_strdup(error ? error->message : "The image could not be written.");
        g_clear_error(&error);
    }
    return ok;
}
