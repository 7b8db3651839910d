/* Times stepping through photos in any viewer, measured the same way for
 * each and from outside it: `make bench` uses it on Lightbox's photo window
 * and on Eye of GNOME and Geeqie. Each step presses a key through XTest and ends when
 * the screen shows another photo: the first Damage event from the window
 * after which a pixel a third of the way across it (left or right of the
 * middle, where a viewer's spinner would not be) has changed. Nothing in
 * the viewer is instrumented.
 *
 *   stepper WINDOW_ID STEPS INTERVAL_MS [KEY]
 *
 * KEY is an X keysym name, Right unless given: Geeqie steps on with
 * space (or Page_Down); Right does not step there.
 *
 * Prints one JSON line: {"latencies_ms": [...], "missed": N}, a step not
 * shown within two seconds counting as missed.
 *
 *   gcc -O2 -o stepper stepper.c $(pkg-config --cflags --libs x11 xtst xdamage)
 */
#include "keyed.h"

#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long pixel(Display *display, Window window, int x, int y) {
    XImage *image = XGetImage(display, window, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!image) return 0;
    unsigned long value = XGetPixel(image, 0, 0);
    XDestroyImage(image);
    return value;
}

// The two pixels a step watches, and what they showed before the key.
typedef struct {
    Display *display;
    Window window;
    int xs[2], y;
    unsigned long before[2];
} Watched;

// Whether either pixel shows another photo.
static int moved(void *context) {
    Watched *w = context;
    for (int i = 0; i < 2; i++)
        if (pixel(w->display, w->window, w->xs[i], w->y) != w->before[i]) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: stepper WINDOW_ID STEPS INTERVAL_MS [KEY]\n");
        return 2;
    }
    Window window = (Window)strtoul(argv[1], NULL, 0);
    int steps = atoi(argv[2]), interval = atoi(argv[3]);
    Display *display = XOpenDisplay(NULL);
    int damage_event, damage_error, xtest_event, xtest_error, major, minor;
    if (!display || !XDamageQueryExtension(display, &damage_event, &damage_error)
        || !XTestQueryExtension(display, &xtest_event, &xtest_error, &major, &minor)) {
        fprintf(stderr, "stepper: no X display with the DAMAGE and XTEST extensions\n");
        return 1;
    }
    XWindowAttributes attributes;
    XGetWindowAttributes(display, window, &attributes);
    int y = attributes.height / 2;
    int xs[2] = {attributes.width / 3, attributes.width * 2 / 3};
    // With no window manager, keys go where the pointer and the focus are.
    XWarpPointer(display, None, window, 0, 0, 0, 0, attributes.width / 2, y);
    XSetInputFocus(display, window, RevertToPointerRoot, CurrentTime);
    Damage damage = XDamageCreate(display, window, XDamageReportNonEmpty);
    KeySym keysym = argc == 5 ? XStringToKeysym(argv[4]) : XK_Right;
    KeyCode right = keysym == NoSymbol ? 0 : XKeysymToKeycode(display, keysym);
    if (!right) {
        fprintf(stderr, "stepper: no key named %s on this display\n", argv[4]);
        return 2;
    }
    XSync(display, False);

    printf("{\"latencies_ms\": [");
    int missed = 0, printed = 0;
    for (int step = 0; step < steps; step++) {
        Watched watched = {display, window, {xs[0], xs[1]}, y, {0, 0}};
        for (int i = 0; i < 2; i++) watched.before[i] = pixel(display, window, xs[i], y);
        double start = now_ms();
        double latency = press_and_wait(display, damage, damage_event, right, moved, &watched);
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
