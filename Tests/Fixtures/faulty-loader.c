// A gdk-pixbuf loader module that misbehaves on purpose, for the decoder
// isolation tests (Tests/LightboxCoreTests/DecoderIsolationTests.swift).
// Not part of any target: the tests compile it with cc, once per
// behaviour, and register the modules through a loaders.cache of their own
// (GDK_PIXBUF_MODULE_FILE), so only a decoder handed a file with one of
// these magic prefixes ever runs this code. Each build does one thing:
//
//   LB_CRASH    abort()
//   LB_LOOP     spin for ever
//   LB_INTRUDE  try to write LB_SECRET, read it, reach LB_PORT on
//               127.0.0.1 and type into the terminal; fail with a message
//               saying how each went
//   LB_LIE      send a forged reply on the decoder's socket (fd 3)
//   LB_BOMB     allocate far more than the decoder may have
#define _GNU_SOURCE
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gdk-pixbuf/gdk-pixbuf-io.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct {
    gboolean acted;
} Context;

static gpointer begin_load(GdkPixbufModuleSizeFunc size, GdkPixbufModulePreparedFunc prepared,
                           GdkPixbufModuleUpdatedFunc updated, gpointer data, GError **error) {
    (void)size, (void)prepared, (void)updated, (void)data, (void)error;
    return g_new0(Context, 1);
}

#ifdef LB_INTRUDE
// How an attempt went, in a word or an errno name.
static const char *outcome(int result) { return result >= 0 ? "done" : strerrorname_np(errno); }

static void intrude(GError **error) {
    int written = -1;
    int fd = open(LB_SECRET, O_WRONLY | O_APPEND);
    if (fd >= 0) {
        written = (int)write(fd, "taken over\n", 11);
        close(fd);
    }
    const char *write_outcome = fd >= 0 ? outcome(written) : outcome(-1);
    int read_fd = open(LB_SECRET, O_RDONLY);
    const char *read_outcome = outcome(read_fd);
    if (read_fd >= 0) close(read_fd);
    int connected = -1;
    int sock = socket(AF_INET, SOCK_STREAM, 0);
    const char *socket_outcome = outcome(sock);
    if (sock >= 0) {
        struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(LB_PORT)};
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected = connect(sock, (struct sockaddr *)&address, sizeof address);
        close(sock);
    }
    const char *connect_outcome = sock >= 0 ? outcome(connected) : "no socket";
    // Typing into the terminal on standard error (the kernel would say
    // ENOTTY where that is no terminal; the filter says EPERM first).
    char typed = 'x', paste = 3;
    const char *type_outcome = outcome(ioctl(2, TIOCSTI, &typed));
    const char *paste_outcome = outcome(ioctl(2, TIOCLINUX, &paste));
    g_set_error(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE,
                "intruder: write %s; read %s; socket %s; connect %s; type %s; paste %s", write_outcome, read_outcome,
                socket_outcome, connect_outcome, type_outcome, paste_outcome);
}
#endif

static gboolean load_increment(gpointer data, const guchar *buffer, guint size, GError **error) {
    (void)buffer, (void)size;
    Context *context = data;
    if (context->acted) return TRUE;
    context->acted = TRUE;
#if defined(LB_CRASH)
    abort();
#elif defined(LB_LOOP)
    for (volatile unsigned long i = 0;; i++) {
    }
#elif defined(LB_INTRUDE)
    intrude(error);
    return FALSE;
#elif defined(LB_LIE)
    static const char forged[] = "LBDR this is not a reply";
    send(3, forged, sizeof forged, MSG_NOSIGNAL);
#elif defined(LB_BOMB)
    volatile char *memory = g_malloc((gsize)64 << 30);
    memory[0] = 1;
#endif
    g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "the faulty loader gives up");
    return FALSE;
}

static gboolean stop_load(gpointer data, GError **error) {
    g_free(data);
    if (error && !*error)
        g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "the faulty loader gives up");
    return FALSE;
}

G_MODULE_EXPORT void fill_vtable(GdkPixbufModule *module);
G_MODULE_EXPORT void fill_info(GdkPixbufFormat *info);

void fill_vtable(GdkPixbufModule *module) {
    module->begin_load = begin_load;
    module->stop_load = stop_load;
    module->load_increment = load_increment;
}

// The loaders.cache the tests write says the same; this is for
// gdk-pixbuf-query-loaders, should anyone run it on the module.
void fill_info(GdkPixbufFormat *info) {
    static GdkPixbufModulePattern signature[] = {{LB_MAGIC, NULL, 100}, {NULL, NULL, 0}};
    static gchar *mime_types[] = {"image/x-lightbox-faulty", NULL};
    static gchar *extensions[] = {"faulty", NULL};
    info->name = "lightbox-faulty";
    info->signature = signature;
    info->description = "Lightbox test loader that misbehaves";
    info->mime_types = mime_types;
    info->extensions = extensions;
    info->flags = GDK_PIXBUF_FORMAT_THREADSAFE;
    info->license = "LGPL";
}
