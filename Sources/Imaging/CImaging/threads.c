#define _GNU_SOURCE
#include "CImaging.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

bool lb_thread_set_nice(int nice) {
    // On Linux, nice values are per thread: PRIO_PROCESS with a thread id.
    pid_t thread = (pid_t)syscall(SYS_gettid);
    return setpriority(PRIO_PROCESS, (id_t)thread, nice) == 0;
}
