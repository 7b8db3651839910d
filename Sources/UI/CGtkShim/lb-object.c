#include "lb-accessible.h"
#include "lb-object.h"
#include "lb-texture.h"

typedef struct {
    LbFinalizeNotify notify;
    gpointer data;
} LbFinalizeWatch;

static void lb_on_weak_notify(gpointer data, GObject *where_the_object_was) {
    (void)where_the_object_was;
    LbFinalizeWatch *watch = data;
    watch->notify(watch->data);
    g_free(watch);
}

void lb_object_on_finalize(GObject *object, LbFinalizeNotify notify, gpointer data) {
    LbFinalizeWatch *watch = g_new(LbFinalizeWatch, 1);
    watch->notify = notify;
    watch->data = data;
    g_object_weak_ref(object, lb_on_weak_notify, watch);
}

gboolean lb_object_is_floating(GObject *object) { return g_object_is_floating(object); }
const char *lb_object_type_name(GObject *object) { return G_OBJECT_TYPE_NAME(object); }

void lb_object_set_boolean(GObject *object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

void lb_object_set_string(GObject *object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

gboolean lb_object_get_boolean(GObject *object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}

GObject *lb_css_provider_new(void) { return G_OBJECT(gtk_css_provider_new()); }

GObject *lb_file_chooser_native_new(const char *title, GObject *parent,
                                    GtkFileChooserAction action,
                                    const char *accept_label, const char *cancel_label) {
    GtkWindow *window = parent ? GTK_WINDOW(parent) : NULL;
    return G_OBJECT(gtk_file_chooser_native_new(title, window, action, accept_label, cancel_label));
}

GObject *lb_file_filter_new(const char *name) {
    GtkFileFilter *filter = gtk_file_filter_new();
    gtk_file_filter_set_name(filter, name);
    return G_OBJECT(filter);
}

GObject *lb_signal_list_item_factory_new(void) {
    return G_OBJECT(gtk_signal_list_item_factory_new());
}

GObject *lb_builder_object(const char *xml, const char *object_id, GError **error) {
    GtkBuilder *builder = gtk_builder_new();
    GObject *object = NULL;
    if (gtk_builder_add_from_string(builder, xml, -1, error)) {
        object = gtk_builder_get_object(builder, object_id);
        if (object) g_object_ref(object);
    }
    g_object_unref(builder);
    return object;
}

void lb_about_dialog_set_authors(GObject *dialog, const char *authors) {
    gchar **list = g_strsplit(authors, "\n", -1);
    gtk_about_dialog_set_authors(GTK_ABOUT_DIALOG(dialog), (const char **)list);
    g_strfreev(list);
}

GObject *lb_key_controller_new(void) { return G_OBJECT(gtk_event_controller_key_new()); }

char *lb_file_chooser_get_path(GObject *chooser) {
    GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(chooser));
    if (!file) return NULL;
    char *path = g_file_get_path(file);
    g_object_unref(file);
    return path;
}

GObject *lb_grid_view_new(GObject *selection, GObject *factory) {
    return G_OBJECT(gtk_grid_view_new(GTK_SELECTION_MODEL(g_object_ref(selection)),
                                      GTK_LIST_ITEM_FACTORY(g_object_ref(factory))));
}


void lb_grid_view_scroll_to(GObject *grid, guint position, gboolean select) {
    // gtk_grid_view_scroll_to arrives in GTK 4.12; 4.8 has the
    // "list.scroll-to-item" and "list.select-item" actions.
    gtk_widget_activate_action(GTK_WIDGET(grid), "list.scroll-to-item", "u", position);
    if (select)
        gtk_widget_activate_action(GTK_WIDGET(grid), "list.select-item", "(ubb)", position, FALSE, FALSE);
}

guint lb_toplevel_count(void) {
    return g_list_model_get_n_items(gtk_window_get_toplevels());
}

gboolean lb_widget_bounds(GObject *widget, GObject *target, double *x, double *y, double *width,
                          double *height) {
    graphene_rect_t bounds;
    if (!gtk_widget_compute_bounds(GTK_WIDGET(widget), GTK_WIDGET(target), &bounds)) return FALSE;
    *x = bounds.origin.x;
    *y = bounds.origin.y;
    *width = bounds.size.width;
    *height = bounds.size.height;
    return TRUE;
}

GObject *lb_scrolled_window_vadjustment(GObject *scrolled) {
    return G_OBJECT(gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled)));
}

static GdkRGBA lb_foreground(GtkWidget *widget) {
    GdkRGBA color;
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, &color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
#endif
    return color;
}

guint32 lb_widget_color(GObject *widget) {
    GdkRGBA c = lb_foreground(GTK_WIDGET(widget));
    return (guint32)(c.red * 255 + 0.5) << 24 | (guint32)(c.green * 255 + 0.5) << 16 |
           (guint32)(c.blue * 255 + 0.5) << 8 | (guint32)(c.alpha * 255 + 0.5);
}

GObject *lb_icon_texture_new(GObject *widget, const char *icon_name, int size, double opacity) {
    GtkWidget *owner = GTK_WIDGET(widget);
    GtkIconTheme *theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(owner));
    GtkIconPaintable *icon = gtk_icon_theme_lookup_icon(theme, icon_name, NULL, size, 1,
                                                        gtk_widget_get_direction(owner), 0);
    // Foreground, then the theme's error, warning and success colours.
    GdkRGBA colors[4] = {lb_foreground(owner), {0.75, 0.11, 0.16, 1}, {0.90, 0.38, 0.0, 1}, {0.15, 0.64, 0.41, 1}};
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_push_opacity(snapshot, opacity);
    gtk_symbolic_paintable_snapshot_symbolic(GTK_SYMBOLIC_PAINTABLE(icon), snapshot, size, size, colors, 4);
    gtk_snapshot_pop(snapshot);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    g_object_unref(icon);
    if (!node) return NULL;
    // A renderer of its own, with no surface (GTK 4.6+): the texture is
    // drawn once, whatever renderer the window uses.
    GskRenderer *renderer = gsk_cairo_renderer_new();
    GdkTexture *texture = NULL;
    if (gsk_renderer_realize(renderer, NULL, NULL)) {
        graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, size, size);
        texture = gsk_renderer_render_texture(renderer, node, &viewport);
        gsk_renderer_unrealize(renderer);
    }
    g_object_unref(renderer);
    gsk_render_node_unref(node);
    // Kept with its pixels: a grid shows it in every cell that waits.
    return texture ? lb_texture_keeping_pixels(texture) : NULL;
}

// GTK 4.8 names a menu item after its label only: Orca does not read the
// accelerator the item shows. Each item's description is its accelerator,
// and the menu's pages are unnamed.
void lb_describe_menu_accelerators(GtkWidget *widget) {
    // The menu's pages (a GtkStack inside) would read as "GtkStackPage
    // panel" before each item: unnamed, they are passed over.
    if (GTK_IS_STACK(widget)) {
        GListModel *pages = G_LIST_MODEL(gtk_stack_get_pages(GTK_STACK(widget)));
        for (guint i = 0; i < g_list_model_get_n_items(pages); i++) {
            GObject *page = g_list_model_get_item(pages, i);
            gtk_accessible_update_property(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
            g_object_unref(page);
        }
        g_object_unref(pages);
    }
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child;
         child = gtk_widget_get_next_sibling(child)) {
        if (g_object_class_find_property(G_OBJECT_GET_CLASS(child), "accel")) {
            char *accel = NULL;
            g_object_get(child, "accel", &accel, NULL);
            char *label = accel ? lb_accelerator_label(accel) : NULL;
            if (label)
                gtk_accessible_update_property(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                               label, -1);
            g_free(label);
            g_free(accel);
        }
        lb_describe_menu_accelerators(child);
    }
}

static void lb_menu_mapped(GtkWidget *popover, gpointer data) {
    (void)data;
    lb_describe_menu_accelerators(popover);
}

static void lb_menu_button_create_popup(GtkMenuButton *button, gpointer data) {
    (void)data;
    GMenuModel *menu = g_object_get_data(G_OBJECT(button), "lb-menu-on-demand");
    if (!menu || gtk_menu_button_get_menu_model(button) == menu) return;
    gtk_menu_button_set_menu_model(button, menu);
    GtkPopover *popover = gtk_menu_button_get_popover(button);
    if (!popover) return;
    // Unnamed, the menu reads as "GtkPopoverMenu menu": it takes the
    // button's name.
    const char *name = g_object_get_data(G_OBJECT(button), "lb-menu-name");
    if (name)
        gtk_accessible_update_property(GTK_ACCESSIBLE(popover), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    // Items get their accelerators once shown (GTK looks them up then).
    g_signal_connect(popover, "map", G_CALLBACK(lb_menu_mapped), NULL);
}

void lb_menu_button_set_menu_on_demand(GObject *button, GObject *menu) {
    g_object_set_data_full(button, "lb-menu-on-demand", g_object_ref(menu), g_object_unref);
    gtk_menu_button_set_create_popup_func(GTK_MENU_BUTTON(button), lb_menu_button_create_popup, NULL, NULL);
}

void lb_menu_button_name_popover(GObject *button, const char *name) {
    g_object_set_data_full(button, "lb-menu-name", g_strdup(name), g_free);
}

// The largest of `measure` over the display's monitors (`floor` without any).
static int lb_monitors_largest(int (*measure)(GdkMonitor *), int floor) {
    GdkDisplay *display = gdk_display_get_default();
    if (!display) return floor;
    GListModel *monitors = gdk_display_get_monitors(display);
    int largest = floor;
    for (guint i = 0; i < g_list_model_get_n_items(monitors); i++) {
        GdkMonitor *monitor = g_list_model_get_item(monitors, i);
        largest = MAX(largest, measure(monitor));
        g_object_unref(monitor);
    }
    return largest;
}

static int lb_monitor_longest_side(GdkMonitor *monitor) {
    GdkRectangle area;
    gdk_monitor_get_geometry(monitor, &area);
    return MAX(area.width, area.height) * gdk_monitor_get_scale_factor(monitor);
}

int lb_display_largest_scale_factor(void) { return lb_monitors_largest(gdk_monitor_get_scale_factor, 1); }

int lb_display_largest_monitor_side(void) { return lb_monitors_largest(lb_monitor_longest_side, 0); }
