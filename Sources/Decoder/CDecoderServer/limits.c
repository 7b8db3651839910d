// The decoder's resource limits, and the clear answers when a file runs
// into them. A decoder serves many files, so the CPU limit is re-armed
// for each request (the soft RLIMIT_CPU moved to the time used so far plus
// the budget). Running out is told to the app in a reply, then the decoder
// ends: SIGXCPU's handler answers CPU_LIMIT; GLib's fatal "failed to
// allocate" (g_malloc under RLIMIT_AS) answers OUT_OF_MEMORY. The app
// stops a decoder that does neither after its own wall-clock limit.
#define _GNU_SOURCE
#include "server.h"
#include "lb-decoder-protocol.h"

#include <glib.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

static int lb_socket = -1;
// Read by the signal handler: what the request under way would be
// answered with. Plain words, written only between requests.
static volatile sig_atomic_t lb_in_request;
static LbReplyHeader lb_limit_reply;

static void lb_answer_and_exit(uint32_t status) {
    if (lb_in_request) {
        LbReplyHeader reply = lb_limit_reply;
        reply.status = status;
        // send(2) is async-signal-safe; one packet, so it arrives whole or not at all.
        (void)send(lb_socket, &reply, sizeof reply, MSG_NOSIGNAL);
    }
    _exit(0);
}

static void lb_on_cpu_limit(int signal) {
    (void)signal;
    lb_answer_and_exit(LB_REPLY_CPU_LIMIT);
}

static void lb_on_glib_error(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)data;
    if (message && strstr(message, "failed to allocate")) lb_answer_and_exit(LB_REPLY_OUT_OF_MEMORY);
    g_log_default_handler(domain, level, message, NULL);
}

void lb_limits_setup(int socket, int64_t memory_limit) {
    lb_socket = socket;
    if (memory_limit > 0) {
        struct rlimit memory = {.rlim_cur = (rlim_t)memory_limit, .rlim_max = (rlim_t)memory_limit};
        setrlimit(RLIMIT_AS, &memory);
    }
    // A crashing decoder is expected now and then; no core files of it.
    struct rlimit core = {0, 0};
    setrlimit(RLIMIT_CORE, &core);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = lb_on_cpu_limit;
    sigaction(SIGXCPU, &action, NULL);
    g_log_set_handler("GLib", G_LOG_LEVEL_ERROR | G_LOG_FLAG_FATAL, lb_on_glib_error, NULL);
}

void lb_limits_begin(uint32_t kind, uint32_t sequence, int cpu_seconds) {
    lb_limit_reply = (LbReplyHeader){.magic = LB_REPLY_MAGIC, .kind = kind, .sequence = sequence};
    if (cpu_seconds > 0) {
        struct rusage usage;
        struct rlimit cpu;
        if (getrusage(RUSAGE_SELF, &usage) == 0 && getrlimit(RLIMIT_CPU, &cpu) == 0) {
            rlim_t used = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec);
            rlim_t soft = used + (rlim_t)cpu_seconds + 1;
            cpu.rlim_cur = cpu.rlim_max == RLIM_INFINITY || soft < cpu.rlim_max ? soft : cpu.rlim_max;
            setrlimit(RLIMIT_CPU, &cpu);
        }
    }
    lb_in_request = 1;
}

void lb_limits_end(void) { lb_in_request = 0; }
