// Menus and actions: GMenu models, and GSimpleActions without state, with
// a string state (radio items) or a boolean one (check items).
#include "lb-object.h"

GObject *lb_menu_new(void) { return G_OBJECT(g_menu_new()); }

void lb_menu_append_section(GObject *menu, const char *label, GObject *section) {
    g_menu_append_section(G_MENU(menu), label, G_MENU_MODEL(section));
}

GObject *lb_simple_action_new(const char *name, const char *parameter_type) {
    const GVariantType *type = parameter_type ? G_VARIANT_TYPE(parameter_type) : NULL;
    return G_OBJECT(g_simple_action_new(name, type));
}

GObject *lb_stateful_action_new(const char *name, const char *parameter_type,
                                const char *initial_state) {
    const GVariantType *type = parameter_type ? G_VARIANT_TYPE(parameter_type) : NULL;
    return G_OBJECT(g_simple_action_new_stateful(name, type, g_variant_new_string(initial_state)));
}

GObject *lb_toggle_action_new(const char *name, gboolean initial) {
    return G_OBJECT(g_simple_action_new_stateful(name, NULL, g_variant_new_boolean(initial)));
}

const GVariantType *lb_variant_type_boolean(void) { return G_VARIANT_TYPE_BOOLEAN; }

gboolean lb_toggle_action_flip(GObject *action) {
    GVariant *state = g_action_get_state(G_ACTION(action));
    gboolean on = !(state && g_variant_get_boolean(state));
    if (state) g_variant_unref(state);
    g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_boolean(on));
    return on;
}

const char *lb_variant_get_string(GVariant *value) {
    if (value && g_variant_is_of_type(value, G_VARIANT_TYPE_STRING))
        return g_variant_get_string(value, NULL);
    return NULL;
}

void lb_action_set_state_string(GObject *action, const char *state) {
    g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_string(state));
}
