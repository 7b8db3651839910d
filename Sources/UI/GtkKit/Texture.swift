import CGtkShim
import Foundation

/// A GdkTexture: decoded pixels, ready to draw. Immutable, so it may be
/// created off the main thread and handed over.
@MainActor
public final class Texture: Object {
    /// How the bytes of a texture's pixels are laid out.
    public enum PixelFormat: Sendable {
        /// R, G, B, A bytes, not premultiplied.
        case rgba
        /// Premultiplied 32-bit ARGB words in native byte order: GDK's
        /// default format and a cairo image surface's. GTK 4.8's cairo
        /// renderer still converts such a texture on every frame; a
        /// `Picture` or a `FramePaintable` draws it without (see
        /// lb-texture.h).
        case premultipliedARGB32
    }

    /// A texture from 8-bit pixels, `stride` bytes a row. The bytes are
    /// copied, on this thread: for a photo's worth of pixels, make a
    /// `DetachedTexture` off the main thread instead.
    public convenience init<Bytes: ContiguousBytes>(pixels bytes: Bytes, format: PixelFormat, width: Int, height: Int,
                                                    stride: Int) {
        self.init(DetachedTexture(pixels: bytes, format: format, width: width, height: height, stride: stride))
    }

    /// Takes over a texture made off the main thread.
    public convenience init(_ detached: DetachedTexture) {
        self.init(detached.take(), transfer: .full)
    }

    /// A texture from 8-bit RGBA pixels (not premultiplied), `stride`
    /// bytes a row. The bytes are copied.
    public convenience init<Bytes: ContiguousBytes>(rgba bytes: Bytes, width: Int, height: Int, stride: Int) {
        self.init(pixels: bytes, format: .rgba, width: width, height: height, stride: stride)
    }

    public var width: Int { Int(gdk_texture_get_width(lb_texture(gobject))) }
    public var height: Int { Int(gdk_texture_get_height(lb_texture(gobject))) }
}

extension Texture {
    /// A themed icon drawn into a texture, `size` pixels square, in
    /// `widget`'s foreground colour at `opacity`; nil when the theme
    /// cannot draw it. Textures are shared by everything showing the same
    /// icon: drawn as a symbolic icon under an opacity instead, each would
    /// cost the cairo renderer two offscreen surfaces on every frame.
    public static func icon(_ name: String, size: Int, opacity: Double = 1, colorOf widget: Widget) -> Texture? {
        let key = IconTextures.Key(name: name, size: size, color: lb_widget_color(widget.gobject), opacity: opacity)
        return IconTextures.texture(for: key, drawnBy: widget)
    }
}

/// Icons drawn into textures, by name, size, colour and opacity. A few
/// icons in the theme's colours: a handful of small textures.
@MainActor
private enum IconTextures {
    struct Key: Hashable {
        let name: String
        let size: Int
        let color: UInt32
        let opacity: Double
    }

    private static var textures: [Key: Texture] = [:]

    static func texture(for key: Key, drawnBy widget: Widget) -> Texture? {
        if let known = textures[key] { return known }
        guard let drawn = lb_icon_texture_new(widget.gobject, key.name, Int32(key.size), key.opacity) else { return nil }
        let texture = Texture(drawn, transfer: .full)
        // Colours change with the theme (dark style): old ones go.
        if textures.count >= 16 { textures.removeAll() }
        textures[key] = texture
        return texture
    }
}

/// A paintable of a fixed size showing a texture (or nothing) inside it,
/// scaled down to fit and centred on whole pixels. Changing the texture
/// only redraws the picture showing the frame: a picture given a new
/// texture is measured again, and a grid of them laid out again, every
/// time one changes.
@MainActor
public final class FramePaintable: Object {
    public init(width: Int, height: Int) {
        super.init(lb_frame_paintable_new(Int32(width), Int32(height)), transfer: .full)
    }

    /// The frame's size, whatever it shows.
    public var size: (width: Int, height: Int) {
        let paintable = lb_paintable(gobject)
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }

    /// What the frame shows.
    public var content: Texture? {
        didSet {
            guard content !== oldValue else { return }
            lb_frame_paintable_set_content(gobject, content?.gobject)
        }
    }
}

/// A texture made on any thread, to become a `Texture` on the main thread.
/// GdkTextures are immutable, so GTK lets them be made anywhere: a copy of
/// big pixels (48 MB for 12 megapixels, about 20 ms) need not hold up the
/// main thread. It holds the one reference until a `Texture`
/// takes it over, so a texture that was drawn is never released off the
/// main thread; one never shown is released wherever it goes.
public final class DetachedTexture: @unchecked Sendable {
    // Used by one thread at a time: made on one, handed to the main thread.
    private var gobject: UnsafeMutablePointer<GObject>?

    /// A texture from 8-bit pixels, `stride` bytes a row. The bytes are copied.
    public init<Bytes: ContiguousBytes>(pixels bytes: Bytes, format: Texture.PixelFormat, width: Int, height: Int,
                                        stride: Int) {
        gobject = bytes.withUnsafeBytes { buffer in
            precondition(buffer.count >= stride * (height - 1) + width * 4, "too few bytes for the size") // untranslated: a bug
            return lb_texture_new(buffer.bindMemory(to: UInt8.self).baseAddress, gsize(buffer.count),
                                  Int32(width), Int32(height), gsize(stride), format == .premultipliedARGB32 ? 1 : 0)
        }
    }

    /// A texture showing pixels that `owner` keeps where they are, without
    /// copying them: the texture keeps `owner` alive while it needs them
    /// and lets it go (on whichever thread drops the texture) after. The
    /// caller vouches that `owner` owns `bytes` and never changes them.
    public init(sharing bytes: UnsafeRawBufferPointer, keptBy owner: AnyObject & Sendable,
                format: Texture.PixelFormat, width: Int, height: Int, stride: Int) {
        precondition(bytes.count >= stride * (height - 1) + width * 4, "too few bytes for the size") // untranslated: a bug
        let kept = Unmanaged.passRetained(owner as AnyObject).toOpaque()
        gobject = lb_texture_new_shared(bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count),
                                        Int32(width), Int32(height), gsize(stride),
                                        format == .premultipliedARGB32 ? 1 : 0,
                                        { kept in kept.map { Unmanaged<AnyObject>.fromOpaque($0).release() } },
                                        kept)
    }

    /// The reference, handed over once.
    fileprivate func take() -> UnsafeMutablePointer<GObject> {
        guard let taken = gobject else { preconditionFailure("a detached texture becomes one Texture") }
        gobject = nil
        return taken
    }

    deinit {
        if let gobject { g_object_unref(gobject) }
    }
}
