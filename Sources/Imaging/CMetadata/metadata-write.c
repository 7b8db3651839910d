// Metadata written into a file in place, with gexiv2: for the tests and
// the benchmarks, which make their photos this way; the app edits
// metadata only through a decoder (metadata-edit.c).
#include "CMetadata.h"
#include "exiv2-setup.h"

#include <gexiv2/gexiv2.h>

bool lb_metadata_set_tags(const char *path, const char *const *keys, const char *const *values,
                          int count, char **error_out) {
    lb_exiv2_init();
    GError *error = NULL;
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    bool ok = gexiv2_metadata_open_path(metadata, path, &error);
    for (int i = 0; ok && i < count; i++)
        ok = gexiv2_metadata_try_set_tag_string(metadata, keys[i], values[i], &error);
    if (ok) ok = gexiv2_metadata_save_file(metadata, path, &error);
    if (!ok) *error_out = g_strdup(error ? error->message : "The metadata could not be written.");
    g_clear_error(&error);
    g_object_unref(metadata);
    return ok;
}

bool lb_metadata_set_orientation(const char *path, int orientation, char **error_out) {
    lb_exiv2_init();
    if (orientation < 1 || orientation > 8) {
        *error_out = g_strdup("The orientation must be between 1 and 8.");
        return false;
    }
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    gboolean ok = gexiv2_metadata_open_path(metadata, path, &error);
    if (ok) {
        gexiv2_metadata_try_set_orientation(metadata, (GExiv2Orientation)orientation, &error);
        ok = error == NULL;
    }
    if (ok) ok = gexiv2_metadata_save_file(metadata, path, &error);
    g_object_unref(metadata);
    if (!ok) {
        *error_out = g_strdup(error ? error->message : "The metadata could not be written.");
        g_clear_error(&error);
    }
    return ok;
}
