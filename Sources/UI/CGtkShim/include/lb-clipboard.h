// Reading files from the clipboard, as a file manager copies (or cuts)
// them: pasting them copies (or moves) them here.
#pragma once
#include <gtk/gtk.h>

// The clipboard of the widget's display (not a new reference).
GObject *lb_widget_clipboard(GObject *widget);
// Whether the clipboard offers files: a GdkFileList (text/uri-list) or
// GNOME's x-special/gnome-copied-files.
gboolean lb_clipboard_has_files(GObject *clipboard);

// `paths` (local files only; NULL when there are none, or the clipboard
// could not be read) is the handler's to free with g_strfreev; `cut`:
// the file manager cut them, so pasting moves them.
typedef void (*LbClipboardFilesHandler)(gpointer user_data, char **paths, gboolean cut);
// Reads the files on the clipboard, then calls `done` on the main context.
void lb_clipboard_read_files(GObject *clipboard, LbClipboardFilesHandler done, gpointer user_data);
