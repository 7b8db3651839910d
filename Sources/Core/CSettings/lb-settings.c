#define G_SETTINGS_ENABLE_BACKEND
#include "lb-settings.h"
#include <gio/gsettingsbackend.h>

GSettings *lb_settings_open(const char *schema_id, const char *directory, LbSettingsBackend kind,
                            const char *keyfile, gboolean *kept) {
    *kept = FALSE;
    GSettingsSchemaSource *installed = g_settings_schema_source_get_default();
    GSettingsSchemaSource *source = NULL;
    if (directory != NULL) {
        // The build's schema comes first, so a run from the source tree
        // never reads an older installed one.
        source = g_settings_schema_source_new_from_directory(directory, installed, FALSE, NULL);
    }
    if (source == NULL && installed != NULL) source = g_settings_schema_source_ref(installed);
    if (source == NULL) return NULL;
    GSettingsSchema *schema = g_settings_schema_source_lookup(source, schema_id, TRUE);
    g_settings_schema_source_unref(source);
    if (schema == NULL) return NULL;
    GSettingsBackend *backend = kind == LB_SETTINGS_MEMORY ? g_memory_settings_backend_new()
        : kind == LB_SETTINGS_KEYFILE ? g_keyfile_settings_backend_new(keyfile, "/", NULL) : NULL;
    if (kind == LB_SETTINGS_DESKTOP) {
        // GIO falls back to memory, with a warning, when no desktop backend
        // (dconf) is installed: then nothing set is kept.
        GSettingsBackend *chosen = g_settings_backend_get_default();
        *kept = !g_str_equal(G_OBJECT_TYPE_NAME(chosen), "GMemorySettingsBackend");
        g_object_unref(chosen);
    } else {
        *kept = kind == LB_SETTINGS_KEYFILE;
    }
    GSettings *settings = g_settings_new_full(schema, backend, NULL);
    if (backend != NULL) g_object_unref(backend);
    g_settings_schema_unref(schema);
    return settings;
}

gboolean lb_settings_is_set(GSettings *settings, const char *key) {
    GVariant *value = g_settings_get_user_value(settings, key);
    if (value == NULL) return FALSE;
    g_variant_unref(value);
    return TRUE;
}
