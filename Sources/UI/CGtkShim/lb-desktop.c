#include "lb-desktop.h"

static GSList *files_for_paths(const char *const *paths) {
    GSList *files = NULL;
    for (const char *const *path = paths; path && *path; path++)
        files = g_slist_prepend(files, g_file_new_for_path(*path));
    return g_slist_reverse(files);
}

GObject *lb_files_content_provider_new(const char *const *paths, gboolean for_clipboard) {
    GSList *files = files_for_paths(paths);
    GdkFileList *list = gdk_file_list_new_from_list(files);
    GdkContentProvider *typed = gdk_content_provider_new_typed(GDK_TYPE_FILE_LIST, list);
    if (!for_clipboard) {
        g_boxed_free(GDK_TYPE_FILE_LIST, list);
        g_slist_free_full(files, g_object_unref);
        return G_OBJECT(typed);
    }
    GString *copied = g_string_new("copy");
    for (GSList *file = files; file; file = file->next) {
        char *uri = g_file_get_uri(file->data);
        g_string_append_printf(copied, "\n%s", uri);
        g_free(uri);
    }
    GBytes *bytes = g_string_free_to_bytes(copied);
    GdkContentProvider *providers[2] = {
        typed, gdk_content_provider_new_for_bytes("x-special/gnome-copied-files", bytes),
    };
    g_bytes_unref(bytes);
    g_boxed_free(GDK_TYPE_FILE_LIST, list);
    g_slist_free_full(files, g_object_unref);
    return G_OBJECT(gdk_content_provider_new_union(providers, 2));
}

void lb_clipboard_set_files(GObject *widget, const char *const *paths) {
    GObject *provider = lb_files_content_provider_new(paths, TRUE);
    gdk_clipboard_set_content(gtk_widget_get_clipboard(GTK_WIDGET(widget)), GDK_CONTENT_PROVIDER(provider));
    g_object_unref(provider);
}

void lb_clipboard_set_text(GObject *widget, const char *text) {
    gdk_clipboard_set_text(gtk_widget_get_clipboard(GTK_WIDGET(widget)), text);
}

GObject *lb_drag_source_new(void) {
    GtkDragSource *source = gtk_drag_source_new();
    gtk_drag_source_set_actions(source, GDK_ACTION_COPY);
    return G_OBJECT(source);
}

void lb_return_object(GValue *return_value, GObject *object) {
    if (return_value && G_VALUE_HOLDS_OBJECT(return_value))
        g_value_take_object(return_value, object);
    else if (object)
        g_object_unref(object);
}

GObject *lb_drop_target_new_files(void) {
    return G_OBJECT(gtk_drop_target_new(GDK_TYPE_FILE_LIST, GDK_ACTION_COPY));
}

char **lb_param_dropped_paths(const GValue *params, guint index) {
    // GtkDropTarget::drop hands a `const GValue *`, boxed in the parameter.
    const GValue *value = g_value_get_boxed(&params[index]);
    if (!value || !G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) return NULL;
    GdkFileList *list = g_value_get_boxed(value);
    if (!list) return NULL;
    GSList *files = gdk_file_list_get_files(list);
    GPtrArray *paths = g_ptr_array_new();
    for (GSList *file = files; file; file = file->next) {
        char *path = g_file_get_path(file->data);
        if (path) g_ptr_array_add(paths, path);
    }
    g_slist_free(files);
    if (paths->len == 0) {
        g_ptr_array_free(paths, TRUE);
        return NULL;
    }
    g_ptr_array_add(paths, NULL);
    return (char **)g_ptr_array_free(paths, FALSE);
}

gboolean lb_drop_target_is_from_this_app(GObject *target) {
    GdkDrop *drop = gtk_drop_target_get_current_drop(GTK_DROP_TARGET(target));
    return drop && gdk_drop_get_drag(drop) != NULL;
}

GObject *lb_app_chooser_widget_new(const char *path) {
    char *type = g_content_type_guess(path, NULL, 0, NULL);
    GtkWidget *chooser = gtk_app_chooser_widget_new(type);
    g_free(type);
    gtk_app_chooser_widget_set_show_default(GTK_APP_CHOOSER_WIDGET(chooser), TRUE);
    gtk_app_chooser_widget_set_show_recommended(GTK_APP_CHOOSER_WIDGET(chooser), TRUE);
    gtk_app_chooser_widget_set_show_fallback(GTK_APP_CHOOSER_WIDGET(chooser), TRUE);
    return G_OBJECT(chooser);
}

GObject *lb_app_chooser_get_app(GObject *chooser) {
    return G_OBJECT(gtk_app_chooser_get_app_info(GTK_APP_CHOOSER(chooser)));
}

gboolean lb_app_info_launch(GObject *app, const char *const *paths, GObject *widget, GError **error) {
    GList *files = NULL;
    for (const char *const *path = paths; path && *path; path++)
        files = g_list_prepend(files, g_file_new_for_path(*path));
    files = g_list_reverse(files);
    GdkAppLaunchContext *context = gdk_display_get_app_launch_context(gtk_widget_get_display(GTK_WIDGET(widget)));
    gboolean launched = g_app_info_launch(G_APP_INFO(app), files, G_APP_LAUNCH_CONTEXT(context), error);
    g_object_unref(context);
    g_list_free_full(files, g_object_unref);
    return launched;
}

const char *lb_app_info_name(GObject *app) {
    return g_app_info_get_display_name(G_APP_INFO(app));
}

typedef struct {
    LbDoneHandler done;
    gpointer user_data;
} ShowItemsCall;

static void show_items_finished(GObject *connection, GAsyncResult *result, gpointer data) {
    ShowItemsCall *call = data;
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(connection), result, &error);
    if (reply) g_variant_unref(reply);
    call->done(call->user_data, error);
    g_free(call);
}

void lb_show_in_file_manager(const char *const *paths, const char *startup_id,
                             LbDoneHandler done, gpointer user_data) {
    ShowItemsCall *call = g_new(ShowItemsCall, 1);
    call->done = done;
    call->user_data = user_data;
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) {
        done(user_data, error);
        g_free(call);
        return;
    }
    GVariantBuilder uris;
    g_variant_builder_init(&uris, G_VARIANT_TYPE("as"));
    for (const char *const *path = paths; path && *path; path++) {
        char *uri = g_filename_to_uri(*path, NULL, NULL);
        if (uri) g_variant_builder_add(&uris, "s", uri);
        g_free(uri);
    }
    // The call starts a file manager that is installed but not running
    // (D-Bus activation); 10 s covers a cold start.
    g_dbus_connection_call(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                           "org.freedesktop.FileManager1", "ShowItems",
                           g_variant_new("(ass)", &uris, startup_id ? startup_id : ""), NULL,
                           G_DBUS_CALL_FLAGS_NONE, 10000, NULL, show_items_finished, call);
    g_object_unref(bus);
}
