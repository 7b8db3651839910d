#include "lb-signal.h"

typedef struct {
    GClosure closure;
    LbSignalHandler handler;
    GDestroyNotify destroy;
} LbClosure;

static void lb_closure_marshal(GClosure *closure, GValue *return_value, guint n_params,
                               const GValue *params, gpointer hint, gpointer marshal_data) {
    (void)hint;
    (void)marshal_data;
    LbClosure *self = (LbClosure *)closure;
    self->handler(closure->data, n_params, params, return_value);
}

static void lb_closure_finalize(gpointer data, GClosure *closure) {
    LbClosure *self = (LbClosure *)closure;
    if (self->destroy) self->destroy(data);
}

gulong lb_signal_connect(GObject *instance, const char *signal, LbSignalHandler handler,
                         gpointer user_data, GDestroyNotify destroy, gboolean after) {
    GClosure *closure = g_closure_new_simple(sizeof(LbClosure), user_data);
    LbClosure *self = (LbClosure *)closure;
    self->handler = handler;
    self->destroy = destroy;
    g_closure_set_marshal(closure, lb_closure_marshal);
    g_closure_add_finalize_notifier(closure, user_data, lb_closure_finalize);
    gulong id = g_signal_connect_closure(instance, signal, closure, after);
    if (id == 0) {
        // Unknown signal: the closure was sunk and dropped by GLib already
        // only if it was connected; here it still floats, so drop it now.
        g_closure_sink(closure);
    }
    return id;
}

void lb_signal_disconnect(GObject *instance, gulong handler_id) {
    if (handler_id != 0 && g_signal_handler_is_connected(instance, handler_id))
        g_signal_handler_disconnect(instance, handler_id);
}

GObject *lb_param_object(const GValue *params, guint index) {
    const GValue *value = &params[index];
    if (G_VALUE_HOLDS_OBJECT(value)) return g_value_get_object(value);
    if (G_VALUE_HOLDS_POINTER(value)) return G_OBJECT(g_value_get_pointer(value));
    return NULL;
}

const char *lb_param_string(const GValue *params, guint index) {
    return g_value_get_string(&params[index]);
}

gint64 lb_param_int(const GValue *params, guint index) {
    const GValue *value = &params[index];
    if (G_VALUE_HOLDS_INT(value)) return g_value_get_int(value);
    if (G_VALUE_HOLDS_INT64(value)) return g_value_get_int64(value);
    if (G_VALUE_HOLDS_LONG(value)) return g_value_get_long(value);
    if (G_VALUE_HOLDS_ENUM(value)) return g_value_get_enum(value);
    return 0;
}

guint64 lb_param_uint(const GValue *params, guint index) {
    const GValue *value = &params[index];
    if (G_VALUE_HOLDS_UINT(value)) return g_value_get_uint(value);
    if (G_VALUE_HOLDS_UINT64(value)) return g_value_get_uint64(value);
    if (G_VALUE_HOLDS_ULONG(value)) return g_value_get_ulong(value);
    return 0;
}

double lb_param_double(const GValue *params, guint index) {
    const GValue *value = &params[index];
    if (G_VALUE_HOLDS_DOUBLE(value)) return g_value_get_double(value);
    if (G_VALUE_HOLDS_FLOAT(value)) return g_value_get_float(value);
    return 0;
}

gboolean lb_param_boolean(const GValue *params, guint index) {
    return g_value_get_boolean(&params[index]);
}

guint lb_param_flags(const GValue *params, guint index) {
    const GValue *value = &params[index];
    if (G_VALUE_HOLDS_FLAGS(value)) return g_value_get_flags(value);
    if (G_VALUE_HOLDS_UINT(value)) return g_value_get_uint(value);
    return 0;
}

void lb_return_boolean(GValue *return_value, gboolean value) {
    if (return_value && G_VALUE_HOLDS_BOOLEAN(return_value))
        g_value_set_boolean(return_value, value);
}

GVariant *lb_param_variant(const GValue *params, guint index) {
    const GValue *value = &params[index];
    return G_VALUE_HOLDS_VARIANT(value) ? g_value_get_variant(value) : NULL;
}

void lb_return_int(GValue *return_value, gint value) {
    if (return_value && G_VALUE_HOLDS_INT(return_value)) g_value_set_int(return_value, value);
}

void lb_signal_emit(GObject *instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}
