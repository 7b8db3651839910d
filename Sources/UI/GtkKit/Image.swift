import CGtkShim
import Localization

/// A GtkImage: an icon at a fixed size.
@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int = 16) {
        super.init(lb_object(gtk_image_new_from_icon_name(iconName)), transfer: .full)
        self.pixelSize = pixelSize
    }

    private var image: OpaquePointer { lb_image(gobject) }

    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(image)) }
        set { gtk_image_set_pixel_size(image, Int32(newValue)) }
    }

    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(image, name) }

    public func setTexture(_ texture: Texture) { gtk_image_set_from_paintable(image, lb_paintable(texture.gobject)) }
}

/// A GtkPicture: an image that scales to the space it gets.
@MainActor
public final class Picture: Widget {
    public init() {
        super.init(lb_object(gtk_picture_new()), transfer: .full)
    }

    private var picture: OpaquePointer { lb_picture(gobject) }

    /// Shows `texture` at its own size and shape (nil: nothing), drawn
    /// without converting its pixels on every frame (see lb-texture.h).
    public func setTexture(_ texture: Texture?) {
        setTexture(texture, outlines: [])
    }

    /// A rectangle drawn over a picture's texture: its centre and size in
    /// fractions of the texture; a size of 0 draws a small square around
    /// the point.
    public struct Outline: Equatable, Sendable {
        public var x, y, width, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// Shows `texture` with `outlines` drawn over it, a line of the same
    /// width on screen at any zoom (the camera's focus points).
    public func setTexture(_ texture: Texture?, outlines: [Outline]) {
        guard let texture else { return gtk_picture_set_paintable(picture, nil) }
        let numbers = outlines.flatMap { [$0.x, $0.y, $0.width, $0.height] }
        let paintable = numbers.withUnsafeBufferPointer {
            lb_texture_paintable_new_outlined(texture.gobject, $0.baseAddress, Int32(outlines.count))
        }
        gtk_picture_set_paintable(picture, lb_paintable(paintable))
        g_object_unref(paintable)
    }

    /// Shows a frame: what it shows can then change without the picture
    /// being measured and laid out again.
    public func setFrame(_ frame: FramePaintable) {
        gtk_picture_set_paintable(picture, lb_paintable(frame.gobject))
    }

    public enum Fit: Sendable { case contain, cover, scaleDown }

    /// How content is fitted into the picture's allocation.
    public var fit: Fit {
        get {
            switch gtk_picture_get_content_fit(picture) {
            case GTK_CONTENT_FIT_COVER: .cover
            case GTK_CONTENT_FIT_SCALE_DOWN: .scaleDown
            default: .contain
            }
        }
        set {
            let fit: GtkContentFit = switch newValue {
            case .contain: GTK_CONTENT_FIT_CONTAIN
            case .cover: GTK_CONTENT_FIT_COVER
            case .scaleDown: GTK_CONTENT_FIT_SCALE_DOWN
            }
            gtk_picture_set_content_fit(picture, fit)
        }
    }

    public var canShrink: Bool {
        get { gtk_picture_get_can_shrink(picture) != 0 }
        set { gtk_picture_set_can_shrink(picture, newValue ? 1 : 0) }
    }
}

/// A GError, as a Swift error.
public struct GtkError: Error, CustomStringConvertible, Sendable {
    public let message: String

    init(consuming error: UnsafeMutablePointer<GError>?) {
        if let error {
            message = String(cString: error.pointee.message)
            g_error_free(error)
        } else {
            message = tr("Unknown error")
        }
    }

    public var description: String { message }
}
