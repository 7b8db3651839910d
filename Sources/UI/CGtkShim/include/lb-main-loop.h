// Lets libdispatch's main queue, and with it Swift's main actor, run inside
// GLib's main loop: the queue's eventfd is watched by a GLib unix-fd source
// whose callback drains the queue. No polling timer is involved.
#pragma once
#include <glib.h>

// Installs the source on the default main context once; later calls do
// nothing. Returns the source id.
guint lb_main_queue_bridge_install(void);
// How many times the bridge has drained the main queue (for tests).
guint64 lb_main_queue_bridge_drain_count(void);

// Runs one iteration of the default main context. Returns whether an event
// was dispatched.
gboolean lb_main_context_iterate(gboolean may_block);

// Runs a GMainLoop on the default context until lb_main_loop_quit() or
// until `timeout_ms` pass. Returns TRUE when quit before the timeout.
// Loops nest: quit ends the innermost.
gboolean lb_main_loop_run(guint timeout_ms);
void lb_main_loop_quit(void);
