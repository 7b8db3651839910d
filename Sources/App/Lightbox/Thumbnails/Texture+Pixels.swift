import GtkKit
import Imaging

extension Texture {
    /// A texture of decoded pixels, in whichever layout they were made.
    /// Pixels made for display (a photo's, a thumbnail's) are shown without
    /// a copy, so this is cheap on the main thread; other pixels are copied
    /// (big ones are better made into a `DetachedTexture` elsewhere).
    convenience init(_ pixels: PixelData) {
        self.init(DetachedTexture(pixels))
    }
}

extension DetachedTexture {
    /// A texture of decoded pixels, made on the calling thread. Pixels made
    /// for display are shared with the texture, not copied (a photo's are
    /// then held once, not twice); others are copied here.
    convenience init(_ pixels: PixelData) {
        let format: Texture.PixelFormat = switch pixels.format {
        case .rgba: .rgba
        case .premultipliedARGB32: .premultipliedARGB32
        }
        let buffer = pixels.sharedBuffer()
        self.init(sharing: buffer.bytes, keptBy: buffer, format: format, width: pixels.width,
                  height: pixels.height, stride: pixels.stride)
    }
}
