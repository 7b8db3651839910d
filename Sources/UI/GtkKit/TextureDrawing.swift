import CGtkShim

/// How pictures and frames draw textures (see lb-texture.h): through a
/// cairo surface over the texture's own pixels, made once, while windows
/// are drawn by GTK's cairo renderer; as textures otherwise. Package API:
/// tests look at what is drawn.
@MainActor
package enum TextureDrawing {
    /// Whether textures are drawn through cairo surfaces now (the newest
    /// window realized is drawn by cairo). Tests set it.
    package static var throughCairo: Bool {
        get { lb_texture_drawing_through_cairo() != 0 }
        set { lb_texture_drawing_set_through_cairo(newValue ? 1 : 0) }
    }
}

/// What a picture or a frame draws at a size, kept as GTK keeps the last
/// frame a window drew (its render nodes), for tests.
@MainActor
package final class DrawnFrame {
    private let node: OpaquePointer
    package let width: Int
    package let height: Int

    package convenience init?(_ picture: Picture, width: Int, height: Int) {
        guard let paintable = gtk_picture_get_paintable(lb_picture(picture.gobject)) else { return nil }
        self.init(paintable: lb_object(UnsafeMutableRawPointer(paintable)), width: width, height: height)
    }

    package convenience init?(_ frame: FramePaintable, width: Int, height: Int) {
        self.init(paintable: frame.gobject, width: width, height: height)
    }

    private init?(paintable: UnsafeMutablePointer<GObject>, width: Int, height: Int) {
        guard let node = lb_paintable_node(paintable, Int32(width), Int32(height)) else { return nil }
        self.node = node
        self.width = width
        self.height = height
    }

    isolated deinit {
        gsk_render_node_unref(node)
    }

    /// The frame as a window drawn by cairo shows it: premultiplied ARGB
    /// words, row after row; nil when it cannot be drawn.
    package func drawnWithCairo() -> [UInt32]? {
        var pixels = [UInt32](repeating: 0, count: width * height)
        let drawn = pixels.withUnsafeMutableBytes { buffer in
            lb_render_node_draw_with_cairo(node, Int32(width), Int32(height),
                                           buffer.bindMemory(to: UInt8.self).baseAddress)
        }
        return drawn != 0 ? pixels : nil
    }
}
