/* The start-up floor for `make bench`: the least a GTK 4 application does
 * to present one window. Prints its first frame the way Lightbox does
 * (LIGHTBOX_BENCH_EVENTS): the frame clock's first "after-paint" after the
 * window maps, stamped with CLOCK_MONOTONIC milliseconds; then quits.
 *
 *   gcc -O2 -o window window.c $(pkg-config --cflags --libs gtk4)
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <time.h>

static gulong paint_handler;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static void on_after_paint(GdkFrameClock *clock, gpointer app) {
    g_signal_handler_disconnect(clock, paint_handler);
    fprintf(stderr, "{\"event\":\"first-frame\",\"t\":%.3f,\"longest_stall_ms\":0.000}\n", now_ms());
    fflush(stderr);
    g_application_quit(G_APPLICATION(app));
}

static void on_map(GtkWidget *window, gpointer app) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    paint_handler = g_signal_connect(gdk_surface_get_frame_clock(surface), "after-paint",
                                     G_CALLBACK(on_after_paint), app);
}

static void on_activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Floor");
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 700);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("Floor"));
    g_signal_connect(window, "map", G_CALLBACK(on_map), app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("org.lightboxphotos.BenchFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
