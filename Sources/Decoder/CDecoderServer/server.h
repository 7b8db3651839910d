// What the decoder side's files share (server.c, limits.c, seccomp.c).
#pragma once

#include <stdbool.h>
#include <stdint.h>

// Installs the seccomp filter (seccomp.c). False with a static `error`.
bool lb_seccomp_install(char **error);

// The memory limit, no core files, and the handlers that turn running out
// of memory or CPU time into a reply (limits.c). `socket` is where the
// replies go.
void lb_limits_setup(int socket, int64_t memory_limit);

// A request is under way: its kind and sequence are what a reply on
// running out of memory or CPU time carries; the CPU time it may use
// starts now.
void lb_limits_begin(uint32_t kind, uint32_t sequence, int cpu_seconds);
void lb_limits_end(void);
