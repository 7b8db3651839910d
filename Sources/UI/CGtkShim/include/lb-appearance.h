// The desktop's appearance preferences, from the Settings portal
// (org.freedesktop.portal.Settings): GTK 4.8 without libadwaita follows
// neither the "color-scheme" nor the high contrast preference by itself.
#pragma once
#include <gtk/gtk.h>

// color_scheme: 0 no preference, 1 prefer dark, 2 prefer light.
// high_contrast: the portal's org.freedesktop.appearance "contrast" is 1,
// or GNOME's org.gnome.desktop.a11y.interface "high-contrast" is on.
typedef void (*LbAppearanceHandler)(gpointer user_data, guint color_scheme, gboolean high_contrast);

// Reads the preferences (asynchronously; none when no portal runs) and
// reports them, then every change of one, to `handler` on the main
// context. `user_data` lives as long as the session bus connection.
void lb_appearance_watch(LbAppearanceHandler handler, gpointer user_data);

// Dark or not, high contrast or not: GTK's own high contrast themes
// (Default-hc, Default-hc-dark) while asked for, else the desktop's theme,
// in its dark variant or not.
void lb_appearance_apply(gboolean dark, gboolean high_contrast);

// The theme GTK uses now (for tests), to be freed with g_free.
char *lb_appearance_theme_name(void);
