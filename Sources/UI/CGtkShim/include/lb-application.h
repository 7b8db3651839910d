// GApplication command-line plumbing: option entries are a C array of
// structs with static strings, and the command line hands back argv.
#pragma once
#include <gtk/gtk.h>

// Adds --version (-v). Further options can be added the same way later.
void lb_application_add_version_option(GObject *application, const char *description);
void lb_application_set_parameter_summary(GObject *application, const char *summary,
                                          const char *description);

// The number of arguments after the program name, and argument `index`
// (0-based, after the program name) as an absolute path resolved against
// the launching process's working directory. Free the path with g_free.
guint lb_command_line_argument_count(GObject *command_line);
char *lb_command_line_path(GObject *command_line, guint index);
void lb_command_line_printerr(GObject *command_line, const char *message);
void lb_command_line_print(GObject *command_line, const char *message);

// GApplication::handle-local-options passes a GVariantDict as parameter 1.
gboolean lb_param_options_contains(const GValue *params, guint index, const char *name);

// Sets the accelerators of a detailed action name; `accels` is a
// space-separated list ("<Control>w <Control>F4").
void lb_application_set_accels(GObject *application, const char *action, const char *accels);
