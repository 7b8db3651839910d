#include "lb-texture.h"
#include <math.h>

// What a texture made here keeps beside it (as object data): its pixels,
// and the cairo surface over them once it has been drawn through cairo.
typedef struct {
    GBytes *bytes;
    int width, height;
    int stride;
    // Made at the first draw through cairo; NULL until then, and for good
    // when cairo cannot take the pixels as they are laid out.
    cairo_surface_t *surface;
    gboolean tried;
} LbTexturePixels;

static GQuark lb_texture_pixels_quark(void) {
    static GQuark quark;
    if (!quark) quark = g_quark_from_static_string("lb-texture-pixels");
    return quark;
}

// Pixels this large are let go on a thread of their own (below).
#define LB_RELEASE_ELSEWHERE_BYTES (8u << 20)

static void lb_texture_pixels_release(gpointer data, gpointer unused) {
    (void)unused;
    LbTexturePixels *pixels = data;
    // A frame drawn earlier may still hold the surface (a cairo node
    // records its source as a copy-on-write snapshot): destroying it copies
    // the pixels for that frame first, then lets go of them (the surface
    // holds its own reference to the bytes).
    if (pixels->surface) cairo_surface_destroy(pixels->surface);
    g_bytes_unref(pixels->bytes);
    g_free(pixels);
}

static void lb_texture_pixels_free(gpointer data) {
    LbTexturePixels *pixels = data;
    // That copy is the whole picture: 48 MB for a 12-megapixel photo shown
    // at 100 %, 30-40 ms at every step on the main thread, and unmapping
    // it as much again. A big one goes to a thread of its own: cairo
    // guards a snapshot's copy with the snapshot's own lock, and a frame
    // drawing from it meanwhile reads the pixels or their copy, whole.
    if (pixels->surface && (gsize)pixels->stride * (gsize)pixels->height >= LB_RELEASE_ELSEWHERE_BYTES) {
        static GThreadPool *pool;
        static gsize made;
        if (g_once_init_enter(&made)) {
            pool = g_thread_pool_new(lb_texture_pixels_release, NULL, 1, FALSE, NULL);
            g_once_init_leave(&made, 1);
        }
        if (pool && g_thread_pool_push(pool, pixels, NULL)) return;
    }
    lb_texture_pixels_release(pixels, NULL);
}

static GObject *lb_texture_new_from_bytes(GBytes *bytes, int width, int height, gsize stride,
                                          gboolean premultiplied) {
    GdkMemoryFormat format = premultiplied ? GDK_MEMORY_DEFAULT : GDK_MEMORY_R8G8B8A8;
    GdkTexture *texture = gdk_memory_texture_new(width, height, format, bytes, stride);
    if (premultiplied && stride <= G_MAXINT) {
        LbTexturePixels *pixels = g_new0(LbTexturePixels, 1);
        pixels->bytes = bytes;  // the reference passed in
        pixels->width = width;
        pixels->height = height;
        pixels->stride = (int)stride;
        g_object_set_qdata_full(G_OBJECT(texture), lb_texture_pixels_quark(), pixels, lb_texture_pixels_free);
    } else {
        g_bytes_unref(bytes);
    }
    return G_OBJECT(texture);
}

GObject *lb_texture_new(const guint8 *pixels, gsize length, int width, int height, gsize stride,
                        gboolean premultiplied) {
    return lb_texture_new_from_bytes(g_bytes_new(pixels, length), width, height, stride, premultiplied);
}

GObject *lb_texture_new_shared(const guint8 *pixels, gsize length, int width, int height, gsize stride,
                               gboolean premultiplied, GDestroyNotify release, gpointer owner) {
    GBytes *bytes = g_bytes_new_with_free_func(pixels, length, release, owner);
    return lb_texture_new_from_bytes(bytes, width, height, stride, premultiplied);
}

GObject *lb_texture_keeping_pixels(GdkTexture *texture) {
    int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
    gsize stride = (gsize)width * 4, length = stride * (gsize)height;
    guint8 *copy = g_malloc(MAX(length, 1));
    gdk_texture_download(texture, copy, stride);
    g_object_unref(texture);
    return lb_texture_new_from_bytes(g_bytes_new_take(copy, length), width, height, stride, TRUE);
}

// The surface over a texture's pixels; NULL when the texture was not made
// here or cairo cannot take its rows as they are.
static cairo_surface_t *lb_texture_surface(GdkTexture *texture) {
    LbTexturePixels *pixels = g_object_get_qdata(G_OBJECT(texture), lb_texture_pixels_quark());
    if (!pixels) return NULL;
    if (!pixels->tried) {
        pixels->tried = TRUE;
        gsize length = 0;
        const guint8 *data = g_bytes_get_data(pixels->bytes, &length);
        gboolean fits = pixels->width > 0 && pixels->height > 0 &&
                        pixels->stride >= cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, pixels->width) &&
                        pixels->stride % 4 == 0 && (guintptr)data % 4 == 0 &&
                        length >= (gsize)pixels->stride * (gsize)(pixels->height - 1) + (gsize)pixels->width * 4;
        if (fits) {
            // Cairo takes the bytes as writable; nothing ever draws into
            // this surface (it is only a source).
            cairo_surface_t *surface = cairo_image_surface_create_for_data(
                (unsigned char *)data, CAIRO_FORMAT_ARGB32, pixels->width, pixels->height, pixels->stride);
            static cairo_user_data_key_t bytes_key;
            if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS &&
                cairo_surface_set_user_data(surface, &bytes_key, g_bytes_ref(pixels->bytes),
                                            (cairo_destroy_func_t)g_bytes_unref) == CAIRO_STATUS_SUCCESS) {
                pixels->surface = surface;
            } else {
                cairo_surface_destroy(surface);
            }
        }
    }
    return pixels->surface;
}

static gboolean drawing_through_cairo;

static void lb_texture_drawing_note_renderer(GtkWidget *window, gpointer data) {
    (void)data;
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    drawing_through_cairo = renderer && GSK_IS_CAIRO_RENDERER(renderer);
}

void lb_texture_drawing_follow(GObject *window) {
    g_signal_connect(window, "realize", G_CALLBACK(lb_texture_drawing_note_renderer), NULL);
}

gboolean lb_texture_drawing_through_cairo(void) { return drawing_through_cairo; }

void lb_paintable_draw(GdkPaintable *paintable, GdkSnapshot *snapshot, double width, double height) {
    cairo_surface_t *surface =
        drawing_through_cairo && GDK_IS_TEXTURE(paintable) ? lb_texture_surface(GDK_TEXTURE(paintable)) : NULL;
    if (!surface) {
        gdk_paintable_snapshot(paintable, snapshot, width, height);
        return;
    }
    if (width <= 0 || height <= 0) return;
    // As GTK's cairo renderer draws a texture node (scaled, edges padded,
    // cairo's default filter), less the conversion.
    cairo_t *cr = gtk_snapshot_append_cairo(GTK_SNAPSHOT(snapshot), &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height));
    cairo_scale(cr, width / cairo_image_surface_get_width(surface), height / cairo_image_surface_get_height(surface));
    cairo_set_source_surface(cr, surface, 0, 0);
    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
    cairo_paint(cr);
    cairo_destroy(cr);
}

// LbTexturePaintable: a texture, drawn by lb_paintable_draw.
#define LB_TYPE_TEXTURE_PAINTABLE (lb_texture_paintable_get_type())
G_DECLARE_FINAL_TYPE(LbTexturePaintable, lb_texture_paintable, LB, TEXTURE_PAINTABLE, GObject)

struct _LbTexturePaintable {
    GObject parent_instance;
    GdkTexture *texture;
    // Outlines over the texture: x, y, width, height each, fractions of
    // it; `outline_count` of them.
    double *outlines;
    int outline_count;
};

static void lb_texture_paintable_iface_init(GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(LbTexturePaintable, lb_texture_paintable, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(GDK_TYPE_PAINTABLE, lb_texture_paintable_iface_init))

static void lb_texture_paintable_dispose(GObject *object) {
    g_clear_object(&LB_TEXTURE_PAINTABLE(object)->texture);
    g_clear_pointer(&LB_TEXTURE_PAINTABLE(object)->outlines, g_free);
    G_OBJECT_CLASS(lb_texture_paintable_parent_class)->dispose(object);
}

static void lb_texture_paintable_class_init(LbTexturePaintableClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = lb_texture_paintable_dispose;
}

static void lb_texture_paintable_init(LbTexturePaintable *self) { (void)self; }

// A frame drawn where the outline is: 2 px of yellow inside 1 px of
// translucent black either side, so that it shows on light and dark parts
// of a photo alike, at the size it is drawn at whatever the zoom. An
// outline of no size is a point: a square around it.
static void lb_draw_outline(GtkSnapshot *snapshot, const double *outline, double width, double height) {
    double w = outline[2] * width, h = outline[3] * height;
    if (w <= 0 || h <= 0) w = h = fmax(24, 0.04 * fmin(width, height));
    w = fmax(w, 8);
    h = fmax(h, 8);
    double x = outline[0] * width - w / 2, y = outline[1] * height - h / 2;
    GskRoundedRect frame;
    gsk_rounded_rect_init_from_rect(&frame, &GRAPHENE_RECT_INIT((float)x - 1, (float)y - 1, (float)w + 2, (float)h + 2), 0);
    const float shadow_widths[4] = {4, 4, 4, 4};
    const GdkRGBA shadow[4] = {{0, 0, 0, 0.6f}, {0, 0, 0, 0.6f}, {0, 0, 0, 0.6f}, {0, 0, 0, 0.6f}};
    gtk_snapshot_append_border(snapshot, &frame, shadow_widths, shadow);
    gsk_rounded_rect_init_from_rect(&frame, &GRAPHENE_RECT_INIT((float)x, (float)y, (float)w, (float)h), 0);
    const float line_widths[4] = {2, 2, 2, 2};
    const GdkRGBA yellow = {0.973f, 0.894f, 0.361f, 1};  // GNOME's Yellow 2
    const GdkRGBA line[4] = {yellow, yellow, yellow, yellow};
    gtk_snapshot_append_border(snapshot, &frame, line_widths, line);
}

static void lb_texture_paintable_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot, double width,
                                          double height) {
    LbTexturePaintable *self = LB_TEXTURE_PAINTABLE(paintable);
    if (self->texture) lb_paintable_draw(GDK_PAINTABLE(self->texture), snapshot, width, height);
    for (int i = 0; i < self->outline_count; i++)
        lb_draw_outline(GTK_SNAPSHOT(snapshot), self->outlines + 4 * i, width, height);
}

static int lb_texture_paintable_width(GdkPaintable *paintable) {
    GdkTexture *texture = LB_TEXTURE_PAINTABLE(paintable)->texture;
    return texture ? gdk_texture_get_width(texture) : 0;
}

static int lb_texture_paintable_height(GdkPaintable *paintable) {
    GdkTexture *texture = LB_TEXTURE_PAINTABLE(paintable)->texture;
    return texture ? gdk_texture_get_height(texture) : 0;
}

static GdkPaintableFlags lb_texture_paintable_flags(GdkPaintable *paintable) {
    (void)paintable;
    return GDK_PAINTABLE_STATIC_SIZE | GDK_PAINTABLE_STATIC_CONTENTS;
}

static void lb_texture_paintable_iface_init(GdkPaintableInterface *iface) {
    iface->snapshot = lb_texture_paintable_snapshot;
    iface->get_intrinsic_width = lb_texture_paintable_width;
    iface->get_intrinsic_height = lb_texture_paintable_height;
    iface->get_flags = lb_texture_paintable_flags;
}

GObject *lb_texture_paintable_new(GObject *texture) { return lb_texture_paintable_new_outlined(texture, NULL, 0); }

GObject *lb_texture_paintable_new_outlined(GObject *texture, const double *outlines, int count) {
    LbTexturePaintable *self = g_object_new(LB_TYPE_TEXTURE_PAINTABLE, NULL);
    self->texture = GDK_TEXTURE(g_object_ref(texture));
    if (outlines && count > 0) {
        self->outlines = g_memdup2(outlines, sizeof *outlines * 4 * (gsize)count);
        self->outline_count = count;
    }
    return G_OBJECT(self);
}

void lb_texture_drawing_set_through_cairo(gboolean through_cairo) { drawing_through_cairo = through_cairo; }

GskRenderNode *lb_paintable_node(GObject *paintable, int width, int height) {
    GtkSnapshot *snapshot = gtk_snapshot_new();
    lb_paintable_draw(GDK_PAINTABLE(paintable), snapshot, width, height);
    return gtk_snapshot_free_to_node(snapshot);
}

gboolean lb_render_node_draw_with_cairo(GskRenderNode *node, int width, int height, guint8 *pixels) {
    if (width <= 0 || height <= 0) return FALSE;
    GskRenderer *renderer = gsk_cairo_renderer_new();
    gboolean drawn = FALSE;
    if (gsk_renderer_realize(renderer, NULL, NULL)) {
        GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, width, height));
        if (texture) {
            gdk_texture_download(texture, pixels, (gsize)width * 4);
            g_object_unref(texture);
            drawn = TRUE;
        }
        gsk_renderer_unrealize(renderer);
    }
    g_object_unref(renderer);
    return drawn;
}
