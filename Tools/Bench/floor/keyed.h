/* What stepper.c and toggler.c share: a key pressed through XTest, timed
 * to the first Damage event from the window after which what each tool
 * looks at has changed. Header-only: each tool is one gcc call on its own
 * .c file (Tools/Bench/stepping.py, aids.py, guard.py).
 */
#pragma once

#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <poll.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

/* Presses `key` and waits, two seconds at most, for a Damage event after
 * which `changed(context)` holds. Returns the milliseconds from the key,
 * or -1 when nothing changed in time. Damage from before the key is
 * dropped first. */
static double press_and_wait(Display *display, Damage damage, int damage_event, KeyCode key,
                             int (*changed)(void *), void *context) {
    XDamageSubtract(display, damage, None, None);
    XSync(display, False);
    while (XPending(display)) {  // damage from before the key
        XEvent event;
        XNextEvent(display, &event);
    }
    double start = now_ms();
    XTestFakeKeyEvent(display, key, True, CurrentTime);
    XTestFakeKeyEvent(display, key, False, CurrentTime);
    XFlush(display);
    while (now_ms() - start < 2000) {
        if (!XPending(display)) {
            struct pollfd watch = {.fd = ConnectionNumber(display), .events = POLLIN};
            poll(&watch, 1, 50);
            if (!XPending(display)) continue;
        }
        XEvent event;
        XNextEvent(display, &event);
        if (event.type != damage_event + XDamageNotify) continue;
        XDamageSubtract(display, damage, None, None);
        if (changed(context)) return now_ms() - start;
    }
    return -1;
}

/* Waits until `next` (now_ms's clock). */
static void wait_until(double next) {
    while (now_ms() < next) {
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
}
