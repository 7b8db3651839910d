#include "CImaging.h"

#include <gexiv2/gexiv2.h>

bool lb_metadata_set_tags(const char *path, const char *const *keys, const char *const *values,
                          int count, char **error_out) {
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
