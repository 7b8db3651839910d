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
#include "keyed.h"

#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The window, and its picture before the key (`length` bytes).
typedef struct {
    Display *display;
    Window window;
    int width, height;
    const char *before;
    size_t length;
} Picture;

// Whether the window's picture now differs from the one before the key.
static int differs(void *context) {
    Picture *p = context;
    XImage *image = XGetImage(p->display, p->window, 0, 0, (unsigned)p->width, (unsigned)p->height, AllPlanes, ZPixmap);
    if (!image) return 0;
    size_t bytes = (size_t)image->bytes_per_line * (size_t)image->height;
    int changed = bytes != p->length || memcmp(image->data, p->before, bytes) != 0;
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
        Picture picture = {display, window, width, height, before, length};
        double start = now_ms();
        double latency = press_and_wait(display, damage, damage_event, key, differs, &picture);
        free(before);
        if (latency < 0) {
            missed++;
        } else {
            printf("%s%.2f", printed++ ? ", " : "", latency);
            fflush(stdout);
        }
        wait_until(start + interval);
    }
    printf("], \"missed\": %d}\n", missed);
    XDamageDestroy(display, damage);
    XCloseDisplay(display);
    return 0;
}
