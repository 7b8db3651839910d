#include "lb-clipboard.h"

// GNOME's file managers (and Caja, Nemo, Thunar) say "copy" or "cut" on
// the first line, then one URI a line. GTK 4.8 has no deserializer for it,
// but it is the only form that tells a cut from a copy.
static const char *const copied_files_type = "x-special/gnome-copied-files";

GObject *lb_widget_clipboard(GObject *widget) {
    return G_OBJECT(gtk_widget_get_clipboard(GTK_WIDGET(widget)));
}

gboolean lb_clipboard_has_files(GObject *clipboard) {
    GdkContentFormats *offered = gdk_clipboard_get_formats(GDK_CLIPBOARD(clipboard));
    if (gdk_content_formats_contain_mime_type(offered, copied_files_type)) return TRUE;
    // Another application offers MIME types: which of them GDK can turn
    // into a file list (text/uri-list) says whether files are there.
    GdkContentFormats *readable = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_ref(offered));
    gboolean has = gdk_content_formats_contain_gtype(readable, GDK_TYPE_FILE_LIST);
    gdk_content_formats_unref(readable);
    return has;
}

typedef struct {
    LbClipboardFilesHandler done;
    gpointer user_data;
} ReadCall;

static void finish(ReadCall *call, GPtrArray *paths, gboolean cut) {
    char **result = NULL;
    if (paths && paths->len > 0) {
        g_ptr_array_add(paths, NULL);
        result = (char **)g_ptr_array_free(paths, FALSE);
    } else if (paths) {
        g_ptr_array_free(paths, TRUE);
    }
    call->done(call->user_data, result, cut);
    g_free(call);
}

static void add_local_path(GPtrArray *paths, GFile *file) {
    char *path = g_file_get_path(file);
    if (path) g_ptr_array_add(paths, path);
}

static void file_list_read(GObject *clipboard, GAsyncResult *result, gpointer data) {
    const GValue *value = gdk_clipboard_read_value_finish(GDK_CLIPBOARD(clipboard), result, NULL);
    GPtrArray *paths = g_ptr_array_new();
    if (value && G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) {
        GSList *files = gdk_file_list_get_files(g_value_get_boxed(value));
        for (GSList *file = files; file; file = file->next) add_local_path(paths, file->data);
        g_slist_free(files);
    }
    finish(data, paths, FALSE);
}

static void copied_files_spliced(GObject *stream, GAsyncResult *result, gpointer data) {
    GOutputStream *memory = G_OUTPUT_STREAM(stream);
    gssize size = g_output_stream_splice_finish(memory, result, NULL);
    GPtrArray *paths = NULL;
    gboolean cut = FALSE;
    if (size >= 0) {
        GBytes *bytes = g_memory_output_stream_steal_as_bytes(G_MEMORY_OUTPUT_STREAM(memory));
        gsize length = 0;
        const char *text = g_bytes_get_data(bytes, &length);
        char *copy = g_strndup(text ? text : "", length);
        char **lines = g_strsplit(copy, "\n", -1);
        paths = g_ptr_array_new();
        for (char **line = lines; *line; line++) {
            g_strstrip(*line);
            if (line == lines) {
                cut = g_strcmp0(*line, "cut") == 0;
            } else if (**line) {
                GFile *file = g_file_new_for_uri(*line);
                add_local_path(paths, file);
                g_object_unref(file);
            }
        }
        g_strfreev(lines);
        g_free(copy);
        g_bytes_unref(bytes);
    }
    g_object_unref(memory);
    finish(data, paths, cut);
}

static void copied_files_read(GObject *clipboard, GAsyncResult *result, gpointer data) {
    GInputStream *input = gdk_clipboard_read_finish(GDK_CLIPBOARD(clipboard), result, NULL, NULL);
    if (!input) {
        finish(data, NULL, FALSE);
        return;
    }
    GOutputStream *memory = g_memory_output_stream_new_resizable();
    g_output_stream_splice_async(memory, input, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                                 G_PRIORITY_DEFAULT, NULL, copied_files_spliced, data);
    g_object_unref(input);
}

void lb_clipboard_read_files(GObject *clipboard, LbClipboardFilesHandler done, gpointer user_data) {
    ReadCall *call = g_new(ReadCall, 1);
    call->done = done;
    call->user_data = user_data;
    GdkClipboard *board = GDK_CLIPBOARD(clipboard);
    if (gdk_content_formats_contain_mime_type(gdk_clipboard_get_formats(board), copied_files_type)) {
        const char *types[] = {copied_files_type, NULL};
        gdk_clipboard_read_async(board, types, G_PRIORITY_DEFAULT, NULL, copied_files_read, call);
    } else {
        gdk_clipboard_read_value_async(board, GDK_TYPE_FILE_LIST, G_PRIORITY_DEFAULT, NULL, file_list_read, call);
    }
}
