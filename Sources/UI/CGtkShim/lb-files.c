#include "lb-files.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

GObject *lb_file_new_for_path(const char *path) { return G_OBJECT(g_file_new_for_path(path)); }

char *lb_file_get_path(GObject *file) { return g_file_get_path(G_FILE(file)); }

GObject *lb_folder_monitor_new(const char *path) {
    GFile *file = g_file_new_for_path(path);
    GFileMonitor *monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
    g_object_unref(file);
    return monitor ? G_OBJECT(monitor) : NULL;
}

void lb_folder_monitor_cancel(GObject *monitor) { g_file_monitor_cancel(G_FILE_MONITOR(monitor)); }

gboolean lb_path_is_directory(const char *path) { return g_file_test(path, G_FILE_TEST_IS_DIR); }

gboolean lb_path_is_regular_nonempty(const char *path) {
    GStatBuf info;
    return g_stat(path, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
}

gboolean lb_file_trash(const char *path, GError **error) {
    GFile *file = g_file_new_for_path(path);
    gboolean ok = g_file_trash(file, NULL, error);
    g_object_unref(file);
    return ok;
}

// The trash folders that may hold a file trashed from `path`: the home
// trash, then those at the top of the file's mount ($topdir/.Trash/$uid and
// $topdir/.Trash-$uid), as the freedesktop trash specification lays out.
static GPtrArray *lb_trash_folders(const char *path) {
    GPtrArray *folders = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(folders, g_build_filename(g_get_user_data_dir(), "Trash", NULL));
    char *dir = g_path_get_dirname(path);
    GStatBuf info;
    if (g_stat(dir, &info) == 0) {
        dev_t device = info.st_dev;
        char *top = g_strdup(dir);
        for (;;) {
            char *parent = g_path_get_dirname(top);
            GStatBuf parent_info;
            gboolean same = g_strcmp0(parent, top) != 0 && g_stat(parent, &parent_info) == 0 &&
                            parent_info.st_dev == device;
            if (!same) {
                g_free(parent);
                break;
            }
            g_free(top);
            top = parent;
        }
        char *uid = g_strdup_printf("%u", (unsigned)getuid());
        char *suffixed = g_strdup_printf(".Trash-%s", uid);
        g_ptr_array_add(folders, g_build_filename(top, ".Trash", uid, NULL));
        g_ptr_array_add(folders, g_build_filename(top, suffixed, NULL));
        g_free(suffixed);
        g_free(uid);
        g_free(top);
    }
    g_free(dir);
    return folders;
}

gboolean lb_trash_restore(const char *path, GError **error) {
    GPtrArray *folders = lb_trash_folders(path);
    char *best_info = NULL, *best_file = NULL, *best_date = NULL;
    for (guint i = 0; i < folders->len; i++) {
        char *info_dir = g_build_filename(g_ptr_array_index(folders, i), "info", NULL);
        GDir *entries = g_dir_open(info_dir, 0, NULL);
        const char *name;
        while (entries && (name = g_dir_read_name(entries))) {
            if (!g_str_has_suffix(name, ".trashinfo")) continue;
            char *info_path = g_build_filename(info_dir, name, NULL);
            GKeyFile *keys = g_key_file_new();
            if (g_key_file_load_from_file(keys, info_path, G_KEY_FILE_NONE, NULL)) {
                char *escaped = g_key_file_get_string(keys, "Trash Info", "Path", NULL);
                char *date = g_key_file_get_string(keys, "Trash Info", "DeletionDate", NULL);
                char *original = escaped ? g_uri_unescape_string(escaped, NULL) : NULL;
                if (original && !g_path_is_absolute(original)) {
                    // Relative paths are relative to the trash's top folder.
                    char *top = g_path_get_dirname(g_ptr_array_index(folders, i));
                    char *absolute = g_build_filename(top, original, NULL);
                    g_free(original);
                    g_free(top);
                    original = absolute;
                }
                if (original && g_strcmp0(original, path) == 0 &&
                    (!best_date || g_strcmp0(date, best_date) > 0)) {
                    g_free(best_info);
                    g_free(best_file);
                    g_free(best_date);
                    best_info = g_strdup(info_path);
                    char *stem = g_strndup(name, strlen(name) - strlen(".trashinfo"));
                    best_file = g_build_filename(g_ptr_array_index(folders, i), "files", stem, NULL);
                    g_free(stem);
                    best_date = g_strdup(date ? date : "");
                }
                g_free(original);
                g_free(escaped);
                g_free(date);
            }
            g_key_file_unref(keys);
            g_free(info_path);
        }
        if (entries) g_dir_close(entries);
        g_free(info_dir);
    }
    g_ptr_array_unref(folders);
    gboolean ok = FALSE;
    if (!best_file) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "The file is no longer in the trash.");
    } else if (g_file_test(path, G_FILE_TEST_EXISTS)) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_EXISTS, "Another file now has its name.");
    } else if (g_rename(best_file, path) != 0) {
        int code = errno;
        g_set_error(error, G_IO_ERROR, g_io_error_from_errno(code), "%s", g_strerror(code));
    } else {
        g_unlink(best_info);
        ok = TRUE;
    }
    g_free(best_info);
    g_free(best_file);
    g_free(best_date);
    return ok;
}
