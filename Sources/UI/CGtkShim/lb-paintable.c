#include "lb-paintable.h"
#include "lb-texture.h"

#include <math.h>

#define LB_TYPE_FRAME_PAINTABLE (lb_frame_paintable_get_type())
G_DECLARE_FINAL_TYPE(LbFramePaintable, lb_frame_paintable, LB, FRAME_PAINTABLE, GObject)

struct _LbFramePaintable {
    GObject parent_instance;
    int width, height;
    GdkPaintable *content;
};

static void lb_frame_paintable_iface_init(GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(LbFramePaintable, lb_frame_paintable, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(GDK_TYPE_PAINTABLE, lb_frame_paintable_iface_init))

static void lb_frame_paintable_dispose(GObject *object) {
    g_clear_object(&LB_FRAME_PAINTABLE(object)->content);
    G_OBJECT_CLASS(lb_frame_paintable_parent_class)->dispose(object);
}

static void lb_frame_paintable_class_init(LbFramePaintableClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = lb_frame_paintable_dispose;
}

static void lb_frame_paintable_init(LbFramePaintable *self) { (void)self; }

static void lb_frame_paintable_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot, double width,
                                        double height) {
    LbFramePaintable *self = LB_FRAME_PAINTABLE(paintable);
    if (!self->content) return;
    double content_width = gdk_paintable_get_intrinsic_width(self->content);
    double content_height = gdk_paintable_get_intrinsic_height(self->content);
    if (content_width <= 0 || content_height <= 0) {
        content_width = width;
        content_height = height;
    }
    double scale = MIN(1.0, MIN(width / content_width, height / content_height));
    // Whole pixels: a texture drawn at its own size on a pixel boundary is
    // copied, not resampled.
    double w = round(content_width * scale), h = round(content_height * scale);
    double x = floor((width - w) / 2), y = floor((height - h) / 2);
    gtk_snapshot_save(GTK_SNAPSHOT(snapshot));
    gtk_snapshot_translate(GTK_SNAPSHOT(snapshot), &GRAPHENE_POINT_INIT((float)x, (float)y));
    lb_paintable_draw(self->content, snapshot, w, h);
    gtk_snapshot_restore(GTK_SNAPSHOT(snapshot));
}

static int lb_frame_paintable_width(GdkPaintable *paintable) { return LB_FRAME_PAINTABLE(paintable)->width; }
static int lb_frame_paintable_height(GdkPaintable *paintable) { return LB_FRAME_PAINTABLE(paintable)->height; }
static GdkPaintableFlags lb_frame_paintable_flags(GdkPaintable *paintable) {
    (void)paintable;
    return GDK_PAINTABLE_STATIC_SIZE;
}

static void lb_frame_paintable_iface_init(GdkPaintableInterface *iface) {
    iface->snapshot = lb_frame_paintable_snapshot;
    iface->get_intrinsic_width = lb_frame_paintable_width;
    iface->get_intrinsic_height = lb_frame_paintable_height;
    iface->get_flags = lb_frame_paintable_flags;
}

GObject *lb_frame_paintable_new(int width, int height) {
    LbFramePaintable *self = g_object_new(LB_TYPE_FRAME_PAINTABLE, NULL);
    self->width = MAX(0, width);
    self->height = MAX(0, height);
    return G_OBJECT(self);
}

void lb_frame_paintable_set_content(GObject *frame, GObject *content) {
    LbFramePaintable *self = LB_FRAME_PAINTABLE(frame);
    GdkPaintable *next = content ? GDK_PAINTABLE(content) : NULL;
    if (self->content == next) return;
    if (next) g_object_ref(next);
    g_clear_object(&self->content);
    self->content = next;
    gdk_paintable_invalidate_contents(GDK_PAINTABLE(self));
}
