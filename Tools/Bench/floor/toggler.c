/* Times what a key changes on a window, from outside it: `make bench`'s aids
 * part presses a photo window's toggles (F, H, P, J) through it. Each press
 * goes through XTest and ends at the first Damage event from the window
 * after which its picture differs from the one before the key: the whole
 * window is compared, since a toggle may change any part of it (a focus
 * outline, a histogram in a corner). Nothing in the viewer is instrumented.
 *
 *   toggler WINDOW_ID KEY PRESSES INTERVAL_MS
 *
 * Prints one JSON line: {"latencies_ms": [...], "missed": N}, a press not
 * shown within two seconds counting as missed. Each press toggles back
 * what the one before it did.
 *
 *   gcc -O2 -o toggler toggler.c $(pkg-config --cflags --libs x11 xtst xdamage)
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

// Whether the window's picture now differs from `before` (its size in bytes).
static int differs(Display *display, Window window, int width, int height, const char *before, size_t length) {
    XImage *image = XGetImage(display, window, 0, 0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
    if (!image) return 0;
    size_t bytes = (size_t)image->bytes_per_line * (size_t)image->height;
    int changed = bytes != length || memcmp(image->data, before, bytes) != 0;
    XDestroyImage(image);
    return changed;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: toggler WINDOW_ID KEY PRESSES INTERVAL_MS\n");
        return 2;
    }
    Window window = (Window)strtoul(argv[1], NULL, 0);
    int presses = atoi(argv[3]), interval = atoi(argv[4]);
    Display *display = XOpenDisplay(NULL);
    int damage_event, damage_error, xtest_event, xtest_error, major, minor;
    if (!display || !XDamageQueryExtension(display, &damage_event, &damage_error)
        || !XTestQueryExtension(display, &xtest_event, &xtest_error, &major, &minor)) {
        fprintf(stderr, "toggler: no X display with the DAMAGE and XTEST extensions\n");
        return 1;
    }
    XWindowAttributes attributes;
    XGetWindowAttributes(display, window, &attributes);
    int width = attributes.width, height = attributes.height;
    // With no window manager, keys go where the pointer and the focus are.
    XWarpPointer(display, None, window, 0, 0, 0, 0, width / 2, height / 2);
    XSetInputFocus(display, window, RevertToPointerRoot, CurrentTime);
    Damage damage = XDamageCreate(display, window, XDamageReportNonEmpty);
    KeySym keysym = XStringToKeysym(argv[2]);
    KeyCode key = keysym == NoSymbol ? 0 : XKeysymToKeycode(display, keysym);
    if (!key) {
        fprintf(stderr, "toggler: no key named %s on this display\n", argv[2]);
        return 2;
    }
    XSync(display, False);

    printf("{\"latencies_ms\": [");
    int missed = 0, printed = 0;
    for (int press = 0; press < presses; press++) {
        XImage *image = XGetImage(display, window, 0, 0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
        if (!image) return 1;
        size_t length = (size_t)image->bytes_per_line * (size_t)image->height;
        char *before = malloc(length);
        if (!before) return 1;
        memcpy(before, image->data, length);
        XDestroyImage(image);
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
        double shown = -1;
        while (shown < 0 && now_ms() - start < 2000) {
            if (!XPending(display)) {
                struct pollfd watch = {.fd = ConnectionNumber(display), .events = POLLIN};
                poll(&watch, 1, 50);
                if (!XPending(display)) continue;
            }
            XEvent event;
            XNextEvent(display, &event);
            if (event.type != damage_event + XDamageNotify) continue;
            XDamageSubtract(display, damage, None, None);
            if (differs(display, window, width, height, before, length)) shown = now_ms();
        }
        free(before);
        if (shown < 0) {
            missed++;
        } else {
            printf("%s%.2f", printed++ ? ", " : "", shown - start);
            fflush(stdout);
        }
        double next = start + interval;
        while (now_ms() < next) {
            struct timespec pause = {0, 1000000};
            nanosleep(&pause, NULL);
        }
    }
    printf("], \"missed\": %d}\n", missed);
    XDamageDestroy(display, damage);
    XCloseDisplay(display);
    return 0;
}
