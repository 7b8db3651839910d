// Signals as Swift closures. g_signal_connect is a macro and a C callback
// has a fixed signature per signal, so the shim connects a GClosure whose
// marshaller hands every signal, whatever its signature, to one callback
// with the raw parameter values. The destroy notify runs when the closure is
// finalized: on disconnect, or when the instance is disposed.
#pragma once
#include <gtk/gtk.h>

typedef void (*LbSignalHandler)(gpointer user_data, guint n_params,
                                const GValue *params, GValue *return_value);

gulong lb_signal_connect(GObject *instance, const char *signal, LbSignalHandler handler,
                         gpointer user_data, GDestroyNotify destroy, gboolean after);
void lb_signal_disconnect(GObject *instance, gulong handler_id);

// Reading parameter `index` (0 is the emitting instance).
GObject *lb_param_object(const GValue *params, guint index);
const char *lb_param_string(const GValue *params, guint index);
gint64 lb_param_int(const GValue *params, guint index);
guint64 lb_param_uint(const GValue *params, guint index);
double lb_param_double(const GValue *params, guint index);
gboolean lb_param_boolean(const GValue *params, guint index);
// GdkModifierType and other flags/enums.
guint lb_param_flags(const GValue *params, guint index);

// Setting a handler's return value, when the signal has one.
void lb_return_boolean(GValue *return_value, gboolean value);
// The GVariant parameter of GAction::activate and similar signals.
GVariant *lb_param_variant(const GValue *params, guint index);
void lb_return_int(GValue *return_value, gint value);
// Emits a signal without arguments or return value.
void lb_signal_emit(GObject *instance, const char *signal);
