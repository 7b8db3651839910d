// Object lifetime, properties and constructors whose result Swift would
// import as an opaque pointer.
#pragma once
#include <gtk/gtk.h>

// Calls `notify(data)` once when `object` is finalized (a weak reference).
typedef void (*LbFinalizeNotify)(gpointer data);
void lb_object_on_finalize(GObject *object, LbFinalizeNotify notify, gpointer data);

gboolean lb_object_is_floating(GObject *object);
const char *lb_object_type_name(GObject *object);

void lb_object_set_boolean(GObject *object, const char *property, gboolean value);
void lb_object_set_string(GObject *object, const char *property, const char *value);
gboolean lb_object_get_boolean(GObject *object, const char *property);

GObject *lb_menu_new(void);
void lb_menu_append_section(GObject *menu, const char *label, GObject *section);
// Gives a GtkMenuButton its menu when it first opens: building a popover
// menu costs about a millisecond, and a window's menus are built at start-up.
void lb_menu_button_set_menu_on_demand(GObject *button, GObject *menu);
// The accessible name of the menu the button opens (set when it is built).
void lb_menu_button_name_popover(GObject *button, const char *name);
// Gives each item of a menu on show (a GtkPopoverMenu) its keys as its
// accessible description, which Orca reads after its name.
void lb_describe_menu_accelerators(GtkWidget *menu);
GObject *lb_simple_action_new(const char *name, const char *parameter_type);
GObject *lb_stateful_action_new(const char *name, const char *parameter_type,
                                const char *initial_state);
const char *lb_variant_get_string(GVariant *value);
// A stateful action without parameter whose state is a boolean: a menu
// shows it as a check item. Flipping answers the new state.
GObject *lb_toggle_action_new(const char *name, gboolean initial);
gboolean lb_toggle_action_flip(GObject *action);
const GVariantType *lb_variant_type_boolean(void);
void lb_action_set_state_string(GObject *action, const char *state);
GObject *lb_css_provider_new(void);
GObject *lb_file_chooser_native_new(const char *title, GObject *parent,
                                    GtkFileChooserAction action,
                                    const char *accept_label, const char *cancel_label);
GObject *lb_file_filter_new(const char *name);
GObject *lb_signal_list_item_factory_new(void);
GObject *lb_builder_object(const char *xml, const char *object_id, GError **error);
GObject *lb_file_new_for_path(const char *path);
char *lb_file_get_path(GObject *file);

// Adds an event controller; the widget takes its own reference.
static inline void lb_widget_add_controller(GObject *widget, GObject *controller) {
    gtk_widget_add_controller(GTK_WIDGET(widget),
                              GTK_EVENT_CONTROLLER(g_object_ref(controller)));
}

// Authors as one newline-separated string (a NULL-terminated array in C).
void lb_about_dialog_set_authors(GObject *dialog, const char *authors);

GObject *lb_key_controller_new(void);
// The chosen file's path, or NULL. Free with g_free.
char *lb_file_chooser_get_path(GObject *chooser);

// List and grid views take ownership of their model and factory; these
// give them their own references so the callers' wrappers stay valid.
GObject *lb_grid_view_new(GObject *selection, GObject *factory);
// Moves focus (and selection, if asked) to `position`, scrolling to it.
void lb_grid_view_scroll_to(GObject *grid, guint position, gboolean select);

guint lb_toplevel_count(void);
// The longest side of the largest monitor, in device pixels (0 without one).
int lb_display_largest_monitor_side(void);

// The largest scale factor of the default display's monitors (1 without a
// display or monitors).
int lb_display_largest_scale_factor(void);

// The widget's bounds in `target`'s coordinates; FALSE when they cannot be
// computed (not allocated, or not in the same window).
gboolean lb_widget_bounds(GObject *widget, GObject *target, double *x, double *y, double *width,
                          double *height);
// The scrolled window's vertical adjustment emits "value-changed" here.
GObject *lb_scrolled_window_vadjustment(GObject *scrolled);

// A themed icon drawn once into a texture, `size` pixels square, in the
// widget's foreground colour (symbolic icons) at `opacity`. NULL when the
// icon cannot be drawn.
GObject *lb_icon_texture_new(GObject *widget, const char *icon_name, int size, double opacity);

// The widget's CSS foreground colour as 0xRRGGBBAA.
guint32 lb_widget_color(GObject *widget);
