/* Times a program's start-up from outside, the way a person sees it: from
 * the exec to the moment the X server maps its first top-level window.
 * Nothing in the program is instrumented, so Lightbox and the bare GTK
 * window (window.c) are measured alike. Tooltips and popovers
 * (override-redirect windows) do not count.
 *
 *   mapped TIMEOUT_MS COMMAND [ARG...]
 *
 * Prints one JSON line, {"mapped_ms": N}, or {"mapped_ms": null} when no
 * window was mapped in TIMEOUT_MS; then ends the program (SIGTERM, SIGKILL
 * after two seconds). Run it where no other client maps windows (the
 * guard's own Xvfb, without a window manager).
 *
 *   gcc -O2 -o mapped mapped.c $(pkg-config --cflags --libs x11)
 */
#include <X11/Xlib.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

/* Ends the program and everything it started in its process group. */
static void end(pid_t pid) {
    kill(-pid, SIGTERM);
    for (int i = 0; i < 200; i++) {
        if (waitpid(pid, NULL, WNOHANG) == pid) return;
        usleep(10000);
    }
    kill(-pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: mapped TIMEOUT_MS COMMAND [ARG...]\n");
        return 2;
    }
    double timeout = atof(argv[1]);
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "mapped: cannot open the display\n");
        return 2;
    }
    int fd = ConnectionNumber(display);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    /* Listening before the fork: no map can come before we hear it. */
    XSelectInput(display, DefaultRootWindow(display), SubstructureNotifyMask);
    XSync(display, False);

    double start = now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        perror("mapped: fork");
        return 2;
    }
    if (pid == 0) {
        setpgid(0, 0);
        execvp(argv[2], argv + 2);
        perror("mapped: exec");
        _exit(127);
    }
    setpgid(pid, pid);

    double mapped = -1;
    int exited = 0;
    while (mapped < 0) {
        while (mapped < 0 && XPending(display)) {
            XEvent event;
            XNextEvent(display, &event);
            if (event.type == MapNotify && !event.xmap.override_redirect) mapped = now_ms() - start;
        }
        /* A program that exited had its last events read above. */
        if (mapped >= 0 || exited) break;
        double left = timeout - (now_ms() - start);
        if (left <= 0) break;
        struct pollfd wait = {.fd = fd, .events = POLLIN};
        if (poll(&wait, 1, left > 50 ? 50 : (int)left + 1) < 0 && errno != EINTR) break;
        if (waitpid(pid, NULL, WNOHANG) == pid) {
            exited = 1;
            XSync(display, False);
        }
    }
    if (exited && mapped < 0) fprintf(stderr, "mapped: %s exited before it mapped a window\n", argv[2]);
    if (mapped < 0) printf("{\"mapped_ms\": null}\n");
    else printf("{\"mapped_ms\": %.3f}\n", mapped);
    fflush(stdout);
    if (!exited) end(pid);
    XCloseDisplay(display);
    return mapped < 0;
}
