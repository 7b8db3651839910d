#include "lb-appearance.h"

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SETTINGS_INTERFACE "org.freedesktop.portal.Settings"
#define APPEARANCE "org.freedesktop.appearance"
#define GNOME_A11Y "org.gnome.desktop.a11y.interface"

typedef struct {
    LbAppearanceHandler handler;
    gpointer user_data;
    guint color_scheme;
    gboolean portal_contrast;  // org.freedesktop.appearance contrast == 1
    gboolean gnome_contrast;   // org.gnome.desktop.a11y.interface high-contrast
} Watch;

// Settings.Read answers the value inside one or two variants (the
// portal's older versions wrapped it twice): unwrap down to the value.
static GVariant *unwrapped(GVariant *value) {
    GVariant *inner = g_variant_ref(value);
    while (g_variant_is_of_type(inner, G_VARIANT_TYPE_VARIANT)) {
        GVariant *next = g_variant_get_variant(inner);
        g_variant_unref(inner);
        inner = next;
    }
    return inner;
}

static void report(Watch *watch) {
    watch->handler(watch->user_data, watch->color_scheme, watch->portal_contrast || watch->gnome_contrast);
}

// Takes one setting's value; TRUE when it is one this watch follows.
static gboolean take(Watch *watch, const char *namespace, const char *key, GVariant *value) {
    GVariant *inner = unwrapped(value);
    gboolean taken = TRUE;
    if (g_str_equal(namespace, APPEARANCE) && g_str_equal(key, "color-scheme")
        && g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32)) {
        watch->color_scheme = g_variant_get_uint32(inner);
    } else if (g_str_equal(namespace, APPEARANCE) && g_str_equal(key, "contrast")
               && g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32)) {
        watch->portal_contrast = g_variant_get_uint32(inner) == 1;
    } else if (g_str_equal(namespace, GNOME_A11Y) && g_str_equal(key, "high-contrast")
               && g_variant_is_of_type(inner, G_VARIANT_TYPE_BOOLEAN)) {
        watch->gnome_contrast = g_variant_get_boolean(inner);
    } else {
        taken = FALSE;
    }
    g_variant_unref(inner);
    return taken;
}

typedef struct {
    Watch *watch;
    const char *namespace;
    const char *key;
} Read;

static void read_finished(GObject *bus, GAsyncResult *result, gpointer data) {
    Read *read = data;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(bus), result, NULL);
    // No portal, or no such setting: the theme as it is.
    if (reply) {
        GVariant *value = g_variant_get_child_value(reply, 0);
        if (take(read->watch, read->namespace, read->key, value)) report(read->watch);
        g_variant_unref(value);
        g_variant_unref(reply);
    }
    g_free(read);
}

static void setting_changed(GDBusConnection *bus, const char *sender, const char *path,
                            const char *interface, const char *signal, GVariant *parameters,
                            gpointer data) {
    Watch *watch = data;
    const char *namespace, *key;
    GVariant *value;
    g_variant_get(parameters, "(&s&sv)", &namespace, &key, &value);
    if (take(watch, namespace, key, value)) report(watch);
    g_variant_unref(value);
}

static void read_setting(GDBusConnection *bus, Watch *watch, const char *namespace, const char *key) {
    Read *read = g_new(Read, 1);
    *read = (Read){watch, namespace, key};
    g_dbus_connection_call(bus, PORTAL_NAME, PORTAL_PATH, SETTINGS_INTERFACE, "Read",
                           g_variant_new("(ss)", namespace, key), G_VARIANT_TYPE("(v)"),
                           G_DBUS_CALL_FLAGS_NONE, 5000, NULL, read_finished, read);
}

void lb_appearance_watch(LbAppearanceHandler handler, gpointer user_data) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return;
    Watch *watch = g_new0(Watch, 1);
    watch->handler = handler;
    watch->user_data = user_data;
    // Subscribed first, so that a change between a read and its answer is
    // not lost; the namespaces are told apart in setting_changed.
    g_dbus_connection_signal_subscribe(bus, PORTAL_NAME, SETTINGS_INTERFACE, "SettingChanged", PORTAL_PATH,
                                       NULL, G_DBUS_SIGNAL_FLAGS_NONE, setting_changed, watch, g_free);
    read_setting(bus, watch, APPEARANCE, "color-scheme");
    read_setting(bus, watch, APPEARANCE, "contrast");
    read_setting(bus, watch, GNOME_A11Y, "high-contrast");
    g_object_unref(bus);
}

void lb_appearance_apply(gboolean dark, gboolean high_contrast) {
    GtkSettings *settings = gtk_settings_get_default();
    if (!settings) return;
    // Only while high contrast is asked for does the app name a theme; at
    // its end the property is reset, so the desktop's theme (and later
    // changes of it) applies again.
    static gboolean named = FALSE;
    if (high_contrast) {
        const char *theme = dark ? "Default-hc-dark" : "Default-hc";
        char *now = NULL;
        g_object_get(settings, "gtk-theme-name", &now, NULL);
        if (g_strcmp0(now, theme) != 0) g_object_set(settings, "gtk-theme-name", theme, NULL);
        g_free(now);
        named = TRUE;
    } else if (named) {
        gtk_settings_reset_property(settings, "gtk-theme-name");
        named = FALSE;
    }
    // Set, even to the value it has, the property makes GTK load its theme
    // again, and each of the three settings read at start answers on its
    // own: only a change is set.
    gboolean prefer_dark = dark && !high_contrast, now_dark = FALSE;
    g_object_get(settings, "gtk-application-prefer-dark-theme", &now_dark, NULL);
    if (!now_dark != !prefer_dark) g_object_set(settings, "gtk-application-prefer-dark-theme", prefer_dark, NULL);
}

char *lb_appearance_theme_name(void) {
    char *name = NULL;
    GtkSettings *settings = gtk_settings_get_default();
    if (settings) g_object_get(settings, "gtk-theme-name", &name, NULL);
    return name;
}
