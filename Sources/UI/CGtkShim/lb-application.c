#include "lb-application.h"

void lb_application_add_version_option(GObject *application, const char *description) {
    g_application_add_main_option(G_APPLICATION(application), "version", 'v',
                                  G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, description, NULL);
}

void lb_application_set_parameter_summary(GObject *application, const char *summary,
                                          const char *description) {
    g_application_set_option_context_parameter_string(G_APPLICATION(application), summary);
    g_application_set_option_context_summary(G_APPLICATION(application), description);
}

guint lb_command_line_argument_count(GObject *command_line) {
    gint argc = 0;
    gchar **argv = g_application_command_line_get_arguments(
        G_APPLICATION_COMMAND_LINE(command_line), &argc);
    g_strfreev(argv);
    return argc > 1 ? (guint)(argc - 1) : 0;
}

char *lb_command_line_path(GObject *command_line, guint index) {
    GApplicationCommandLine *line = G_APPLICATION_COMMAND_LINE(command_line);
    gint argc = 0;
    gchar **argv = g_application_command_line_get_arguments(line, &argc);
    char *path = NULL;
    if ((gint)index + 1 < argc) {
        GFile *file = g_application_command_line_create_file_for_arg(line, argv[index + 1]);
        path = g_file_get_path(file);
        g_object_unref(file);
    }
    g_strfreev(argv);
    return path;
}

void lb_command_line_printerr(GObject *command_line, const char *message) {
    g_application_command_line_printerr(G_APPLICATION_COMMAND_LINE(command_line), "%s", message);
}

void lb_command_line_print(GObject *command_line, const char *message) {
    g_application_command_line_print(G_APPLICATION_COMMAND_LINE(command_line), "%s", message);
}


gboolean lb_param_options_contains(const GValue *params, guint index, const char *name) {
    GVariantDict *options = g_value_get_boxed(&params[index]);
    return options && g_variant_dict_contains(options, name);
}

void lb_application_set_accels(GObject *application, const char *action, const char *accels) {
    gchar **list = g_strsplit(accels, " ", -1);
    gtk_application_set_accels_for_action(GTK_APPLICATION(application), action,
                                          (const char *const *)list);
    g_strfreev(list);
}

