#include "lb-context-menu.h"
#include "lb-object.h"

static void lb_context_menu_mapped(GtkWidget *popover, gpointer data) {
    (void)data;
    lb_describe_menu_accelerators(popover);
}

// A widget disposes only the children it knows of: the popover leaves its
// parent when the parent goes, as GtkMenuButton's popover does.
static void lb_context_menu_parent_destroyed(GtkWidget *parent, gpointer popover) {
    (void)parent;
    if (gtk_widget_get_parent(popover)) gtk_widget_unparent(popover);
}

GObject *lb_popover_menu_new(GObject *menu, GObject *parent, const char *name) {
    GtkWidget *popover = gtk_popover_menu_new_from_model(G_MENU_MODEL(menu));
    gtk_popover_set_has_arrow(GTK_POPOVER(popover), FALSE);
    // The menu starts where the pointer is (after it in a right-to-left
    // window), as a context menu does, rather than centred on it.
    gtk_widget_set_halign(popover, gtk_widget_get_direction(GTK_WIDGET(parent)) == GTK_TEXT_DIR_RTL ? GTK_ALIGN_END
                                                                                                   : GTK_ALIGN_START);
    gtk_popover_set_position(GTK_POPOVER(popover), GTK_POS_BOTTOM);
    gtk_widget_set_parent(popover, GTK_WIDGET(parent));
    g_signal_connect_object(parent, "destroy", G_CALLBACK(lb_context_menu_parent_destroyed), popover, 0);
    // Unnamed, it reads as "GtkPopoverMenu menu".
    gtk_accessible_update_property(GTK_ACCESSIBLE(popover), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    g_signal_connect(popover, "map", G_CALLBACK(lb_context_menu_mapped), NULL);
    // The caller's reference: the parent holds its own.
    return G_OBJECT(g_object_ref(popover));
}

void lb_popover_menu_set_menu(GObject *popover, GObject *menu) {
    gtk_popover_menu_set_menu_model(GTK_POPOVER_MENU(popover), G_MENU_MODEL(menu));
}

void lb_popover_popup_at(GObject *popover, double x, double y, double width, double height) {
    GdkRectangle area = {(int)x, (int)y, MAX(1, (int)width), MAX(1, (int)height)};
    gtk_popover_set_pointing_to(GTK_POPOVER(popover), &area);
    gtk_popover_popup(GTK_POPOVER(popover));
}

GObject *lb_secondary_click_gesture_new(void) {
    GtkGesture *gesture = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(gesture), GDK_BUTTON_SECONDARY);
    return G_OBJECT(gesture);
}

GObject *lb_long_press_gesture_new(void) {
    GtkGesture *gesture = gtk_gesture_long_press_new();
    gtk_gesture_single_set_touch_only(GTK_GESTURE_SINGLE(gesture), TRUE);
    return G_OBJECT(gesture);
}

void lb_gesture_finish(GObject *gesture) {
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    gtk_event_controller_reset(GTK_EVENT_CONTROLLER(gesture));
}

void lb_menu_append_hidden_when_disabled(GObject *menu, const char *label, const char *action) {
    GMenuItem *item = g_menu_item_new(label, action);
    g_menu_item_set_attribute(item, "hidden-when", "s", "action-disabled");
    g_menu_append_item(G_MENU(menu), item);
    g_object_unref(item);
}

// "win.rate::3" from an item's action and string target.
static char *lb_menu_item_detailed_action(GMenuModel *model, int index) {
    char *action = NULL;
    if (!g_menu_model_get_item_attribute(model, index, G_MENU_ATTRIBUTE_ACTION, "s", &action)) return NULL;
    GVariant *target = g_menu_model_get_item_attribute_value(model, index, G_MENU_ATTRIBUTE_TARGET, NULL);
    char *detailed = g_action_print_detailed_name(action, target);
    if (target) g_variant_unref(target);
    g_free(action);
    return detailed;
}

static void lb_menu_model_collect(GMenuModel *model, const char *prefix, GPtrArray *items) {
    for (int index = 0; index < g_menu_model_get_n_items(model); index++) {
        GMenuModel *section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION);
        if (section) {
            lb_menu_model_collect(section, prefix, items);
            g_object_unref(section);
            continue;
        }
        char *label = NULL;
        g_menu_model_get_item_attribute(model, index, G_MENU_ATTRIBUTE_LABEL, "s", &label);
        char *path = g_strconcat(prefix, label ? label : "", NULL);
        GMenuModel *submenu = g_menu_model_get_item_link(model, index, G_MENU_LINK_SUBMENU);
        if (submenu) {
            g_ptr_array_add(items, g_strdup(path));
            char *inner = g_strconcat(path, " › ", NULL);
            lb_menu_model_collect(submenu, inner, items);
            g_free(inner);
            g_object_unref(submenu);
        } else {
            char *action = lb_menu_item_detailed_action(model, index);
            g_ptr_array_add(items, g_strconcat(path, "\t", action ? action : "", NULL));
            g_free(action);
        }
        g_free(path);
        g_free(label);
    }
}

char **lb_menu_model_items(GObject *model) {
    GPtrArray *items = g_ptr_array_new();
    lb_menu_model_collect(G_MENU_MODEL(model), "", items);
    g_ptr_array_add(items, NULL);
    return (char **)g_ptr_array_free(items, FALSE);
}
