// The desktop's appearance preferences, from the Settings portal
// (org.freedesktop.portal.Settings): GTK 4.8 without libadwaita does not
// follow the "color-scheme" preference by itself.
#pragma once
#include <gtk/gtk.h>

// 0: no preference, 1: prefer dark, 2: prefer light.
typedef void (*LbColorSchemeHandler)(gpointer user_data, guint scheme);

// Reads the preference (asynchronously; no answer when no portal runs)
// and reports it, then every change, to `handler` on the main context.
// `user_data` lives as long as the session bus connection.
void lb_color_scheme_watch(LbColorSchemeHandler handler, gpointer user_data);
// Asks GTK for the theme's dark variant, or not.
void lb_set_prefer_dark(gboolean dark);
