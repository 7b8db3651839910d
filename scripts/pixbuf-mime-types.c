// Prints the MIME types of the image formats the installed gdk-pixbuf can
// read (its built-in loaders included, which loaders.cache does not list),
// for the formats whose file name extensions are among the arguments, and
// after --guess, the type shared-mime-info gives each extension that
// follows (the camera RAW files Lightbox's decoder reads itself): the
// types Lightbox's desktop file declares, so that file managers offer it
// for the photos it shows. One type per line.
//
//   pixbuf-mime-types jpg png … [--guess nef dng …]
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

static gboolean wanted(char **extensions, int count, char **names) {
    for (char **extension = extensions; extension && *extension; extension++)
        for (int i = 0; i < count; i++)
            if (g_ascii_strcasecmp(*extension, names[i]) == 0) return TRUE;
    return FALSE;
}

int main(int argc, char **argv) {
    int pictures = argc - 1;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--guess") == 0) pictures = i - 1;
    GSList *formats = gdk_pixbuf_get_formats();
    for (GSList *item = formats; item; item = item->next) {
        GdkPixbufFormat *format = item->data;
        if (gdk_pixbuf_format_is_disabled(format)) continue;
        char **extensions = gdk_pixbuf_format_get_extensions(format);
        if (wanted(extensions, pictures, argv + 1)) {
            char **types = gdk_pixbuf_format_get_mime_types(format);
            for (char **type = types; type && *type; type++) printf("%s\n", *type);
            g_strfreev(types);
        }
        g_strfreev(extensions);
    }
    g_slist_free(formats);
    for (int i = pictures + 2; i < argc; i++) {
        char *name = g_strconcat("photo.", argv[i], NULL);
        char *type = g_content_type_guess(name, NULL, 0, NULL);
        char *mime = type ? g_content_type_get_mime_type(type) : NULL;
        // Only a type of its own: an unknown extension guesses octet-stream.
        if (mime && g_str_has_prefix(mime, "image/")) printf("%s\n", mime);
        g_free(mime);
        g_free(type);
        g_free(name);
    }
    return 0;
}
