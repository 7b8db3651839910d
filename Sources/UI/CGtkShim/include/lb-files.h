// Files through GIO: paths, folder monitors, the trash.
#pragma once
#include <gtk/gtk.h>

// A GFileMonitor on a folder, reporting renames as RENAMED/MOVED_IN/OUT.
GObject *lb_folder_monitor_new(const char *path);
void lb_folder_monitor_cancel(GObject *monitor);
gboolean lb_path_is_directory(const char *path);
// A regular file with at least one byte (a CREATED event can come before
// the writer has written anything; CHANGES_DONE_HINT follows).
gboolean lb_path_is_regular_nonempty(const char *path);

// Moves a file to the trash (g_file_trash).
gboolean lb_file_trash(const char *path, GError **error);
// Moves the newest trashed file whose original path is `path` back there.
gboolean lb_trash_restore(const char *path, GError **error);
