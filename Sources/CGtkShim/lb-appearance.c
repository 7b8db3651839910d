#include "lb-appearance.h"

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SETTINGS_INTERFACE "org.freedesktop.portal.Settings"

typedef struct {
    LbColorSchemeHandler handler;
    gpointer user_data;
} Watch;

// Settings.Read answers the value inside one or two variants (the
// portal's older versions wrapped it twice): unwrap down to the number.
static gboolean scheme_from(GVariant *value, guint *scheme) {
    GVariant *inner = g_variant_ref(value);
    while (g_variant_is_of_type(inner, G_VARIANT_TYPE_VARIANT)) {
        GVariant *next = g_variant_get_variant(inner);
        g_variant_unref(inner);
        inner = next;
    }
    gboolean found = g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32);
    if (found) *scheme = g_variant_get_uint32(inner);
    g_variant_unref(inner);
    return found;
}

static void read_finished(GObject *bus, GAsyncResult *result, gpointer data) {
    Watch *watch = data;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(bus), result, NULL);
    if (!reply) return;  // no portal, or no such setting: the theme as it is
    GVariant *value = g_variant_get_child_value(reply, 0);
    guint scheme;
    if (scheme_from(value, &scheme)) watch->handler(watch->user_data, scheme);
    g_variant_unref(value);
    g_variant_unref(reply);
}

static void setting_changed(GDBusConnection *bus, const char *sender, const char *path,
                            const char *interface, const char *signal, GVariant *parameters,
                            gpointer data) {
    Watch *watch = data;
    const char *namespace, *key;
    GVariant *value;
    g_variant_get(parameters, "(&s&sv)", &namespace, &key, &value);
    guint scheme;
    if (g_str_equal(namespace, "org.freedesktop.appearance") && g_str_equal(key, "color-scheme")
        && scheme_from(value, &scheme))
        watch->handler(watch->user_data, scheme);
    g_variant_unref(value);
}

void lb_color_scheme_watch(LbColorSchemeHandler handler, gpointer user_data) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return;
    Watch *watch = g_new(Watch, 1);
    watch->handler = handler;
    watch->user_data = user_data;
    // Subscribed first, so that a change between the read and its answer is not lost.
    g_dbus_connection_signal_subscribe(bus, PORTAL_NAME, SETTINGS_INTERFACE, "SettingChanged", PORTAL_PATH,
                                       "org.freedesktop.appearance", G_DBUS_SIGNAL_FLAGS_NONE,
                                       setting_changed, watch, g_free);
    g_dbus_connection_call(bus, PORTAL_NAME, PORTAL_PATH, SETTINGS_INTERFACE, "Read",
                           g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"),
                           G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, read_finished, watch);
    g_object_unref(bus);
}

void lb_set_prefer_dark(gboolean dark) {
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", dark, NULL);
}
