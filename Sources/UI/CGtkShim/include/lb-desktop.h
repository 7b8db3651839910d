// Photos handed to the rest of the desktop: drag and drop, the clipboard,
// other applications ("Open With"), and the file manager ("Show in Files").
// File lists cross as NULL-terminated arrays of paths.
#pragma once
#include <gtk/gtk.h>

// Files as a content provider: GdkFileList, which GDK also offers as
// text/uri-list. For the clipboard, x-special/gnome-copied-files too, the
// form GNOME's file managers paste from ("copy" then one URI a line).
GObject *lb_files_content_provider_new(const char *const *paths, gboolean for_clipboard);
// Puts files, or text, on the widget's display clipboard.
void lb_clipboard_set_files(GObject *widget, const char *const *paths);
void lb_clipboard_set_text(GObject *widget, const char *text);

GObject *lb_drag_source_new(void);
// Sets a GObject (a content provider, transfer full) as a handler's
// return value, as GtkDragSource::prepare wants.
void lb_return_object(GValue *return_value, GObject *object);

// A drop target taking files (GdkFileList), copying them.
GObject *lb_drop_target_new_files(void);
// The paths in GtkDropTarget::drop's value (parameter `index`), local
// files only; NULL when none. Free with g_strfreev.
char **lb_param_dropped_paths(const GValue *params, guint index);
// Whether the drop under way on `target` comes from a drag in this app.
gboolean lb_drop_target_is_from_this_app(GObject *target);

// The list of applications for the type of the file named `path` (a
// GtkAppChooserWidget; the type is guessed from the name, without I/O).
// Unlike GtkAppChooserDialog, it records no "last used" application.
GObject *lb_app_chooser_widget_new(const char *path);
// The application selected in `chooser` (a GAppInfo, transfer full), or NULL.
GObject *lb_app_chooser_get_app(GObject *chooser);
// Opens `paths` with `app`, on `widget`'s display.
gboolean lb_app_info_launch(GObject *app, const char *const *paths, GObject *widget, GError **error);
// The application's name, for people.
const char *lb_app_info_name(GObject *app);

typedef void (*LbDoneHandler)(gpointer user_data, GError *error);
// Asks the file manager (org.freedesktop.FileManager1) to show `paths`
// selected; `done` runs on the main context with NULL or why it failed
// (the error is the handler's to free).
void lb_show_in_file_manager(const char *const *paths, const char *startup_id,
                             LbDoneHandler done, gpointer user_data);
