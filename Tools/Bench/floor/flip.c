/* The floor of `make bench`'s stepping measurement: the least a GTK 4
 * program does to show another photo on a key press. It holds two
 * textures of the size Lightbox's photo window decodes to (noise, so every
 * pixel changes) and swaps them in a GtkPicture on Right, in a window of
 * the photo window's size. stepper.c times it like the viewers.
 *
 *   flip WIDTH HEIGHT
 *   gcc -O2 -o flip flip.c $(pkg-config --cflags --libs gtk4)
 */
#include <gtk/gtk.h>
#include <stdlib.h>

static GdkTexture *textures[2];
static int shown;

static GdkTexture *noise(int width, int height, unsigned seed) {
    size_t size = (size_t)width * height * 4;
    guchar *pixels = g_malloc(size);
    srand(seed);
    for (size_t i = 0; i < size; i++) pixels[i] = (guchar)(i % 4 == 3 ? 255 : rand());
    GBytes *bytes = g_bytes_new_take(pixels, size);
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes,
                                                 (gsize)width * 4);
    g_bytes_unref(bytes);
    return texture;
}

static gboolean on_key(GtkEventControllerKey *keys, guint keyval, guint code, GdkModifierType state,
                       gpointer picture) {
    (void)keys, (void)code, (void)state;
    if (keyval != GDK_KEY_Right) return FALSE;
    shown = 1 - shown;
    gtk_picture_set_paintable(GTK_PICTURE(picture), GDK_PAINTABLE(textures[shown]));
    return TRUE;
}

static void on_activate(GtkApplication *app, gpointer sizes) {
    int *size = sizes;
    textures[0] = noise(size[0], size[1], 1);
    textures[1] = noise(size[0], size[1], 2);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "flip");
    gtk_window_set_default_size(GTK_WINDOW(window), 900, 650);
    GtkWidget *picture = gtk_picture_new_for_paintable(GDK_PAINTABLE(textures[0]));
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), picture);
    gtk_widget_add_controller(window, keys);
    gtk_window_set_child(GTK_WINDOW(window), picture);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    static int size[2] = {1280, 960};
    if (argc == 3) {
        size[0] = atoi(argv[1]);
        size[1] = atoi(argv[2]);
    }
    GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), size);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
