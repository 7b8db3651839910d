#include "lb-main-loop.h"

#include <glib-unix.h>
#include <poll.h>
#include <stdint.h>
#include <unistd.h>

// Exported by libdispatch for run loops (CoreFoundation uses them too).
// On Linux the handle is an eventfd that is written when the main queue
// has work.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static guint bridge_source_id;
static guint64 bridge_drains;

static gboolean lb_on_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    // Clear the eventfd's counter if it is still set, without ever
    // blocking, then run everything the main queue holds.
    struct pollfd pending = {.fd = fd, .events = POLLIN};
    if (poll(&pending, 1, 0) > 0 && (pending.revents & POLLIN)) {
        uint64_t counter;
        ssize_t ignored = read(fd, &counter, sizeof counter);
        (void)ignored;
    }
    bridge_drains++;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

guint lb_main_queue_bridge_install(void) {
    if (bridge_source_id == 0) {
        int fd = _dispatch_get_main_queue_handle_4CF();
        bridge_source_id = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN,
                                              lb_on_main_queue_ready, NULL, NULL);
        g_source_set_name_by_id(bridge_source_id, "libdispatch main queue");
    }
    return bridge_source_id;
}

guint64 lb_main_queue_bridge_drain_count(void) { return bridge_drains; }

gboolean lb_main_context_iterate(gboolean may_block) {
    return g_main_context_iteration(NULL, may_block);
}

typedef struct {
    GMainLoop *loop;
    gboolean timed_out;
} LbLoopRun;

static GSList *running_loops;

static gboolean lb_on_loop_timeout(gpointer data) {
    LbLoopRun *run = data;
    run->timed_out = TRUE;
    g_main_loop_quit(run->loop);
    return G_SOURCE_REMOVE;
}

gboolean lb_main_loop_run(guint timeout_ms) {
    LbLoopRun run = {.loop = g_main_loop_new(NULL, FALSE), .timed_out = FALSE};
    guint timeout = g_timeout_add(timeout_ms, lb_on_loop_timeout, &run);
    running_loops = g_slist_prepend(running_loops, &run);
    g_main_loop_run(run.loop);
    running_loops = g_slist_remove(running_loops, &run);
    if (!run.timed_out) g_source_remove(timeout);
    g_main_loop_unref(run.loop);
    return !run.timed_out;
}

void lb_main_loop_quit(void) {
    if (running_loops) g_main_loop_quit(((LbLoopRun *)running_loops->data)->loop);
}
