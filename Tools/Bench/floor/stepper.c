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
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <X11/keysym.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static unsigned long pixel(Display *display, Window window, int x, int y) {
    XImage *image = XGetImage(display, window, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!image) return 0;
    unsigned long value = XGetPixel(image, 0, 0);
    XDestroyImage(image);
    return value;
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
        unsigned long before[2] = {pixel(display, window, xs[0], y), pixel(display, window, xs[1], y)};
        XDamageSubtract(display, damage, None, None);
        XSync(display, False);
        while (XPending(display)) {  // damage from before the key
            XEvent event;
            XNextEvent(display, &event);
        }
        double start = now_ms();
        XTestFakeKeyEvent(display, right, True, CurrentTime);
        XTestFakeKeyEvent(display, right, False, CurrentTime);
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
            for (int i = 0; i < 2; i++)
                if (pixel(display, window, xs[i], y) != before[i]) shown = now_ms();
        }
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
