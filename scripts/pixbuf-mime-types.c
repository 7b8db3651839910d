// Prints the MIME types of the image formats the installed gdk-pixbuf can
// read (its built-in loaders included, which loaders.cache does not list),
// for the formats whose file name extensions are among argv[1..]: the
// types Lightbox's desktop file declares, so that file managers offer it
// for the photos it shows. One type per line.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <string.h>

static gboolean wanted(char **extensions, int argc, char **argv) {
    for (char **extension = extensions; extension && *extension; extension++)
        for (int i = 1; i < argc; i++)
            if (g_ascii_strcasecmp(*extension, argv[i]) == 0) return TRUE;
    return FALSE;
}

int main(int argc, char **argv) {
    GSList *formats = gdk_pixbuf_get_formats();
    for (GSList *item = formats; item; item = item->next) {
        GdkPixbufFormat *format = item->data;
        if (gdk_pixbuf_format_is_disabled(format)) continue;
        char **extensions = gdk_pixbuf_format_get_extensions(format);
        if (wanted(extensions, argc, argv)) {
            char **types = gdk_pixbuf_format_get_mime_types(format);
            for (char **type = types; type && *type; type++) printf("%s\n", *type);
            g_strfreev(types);
        }
        g_strfreev(extensions);
    }
    g_slist_free(formats);
    return 0;
}
