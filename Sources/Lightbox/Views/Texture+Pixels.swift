import GtkKit
import Imaging

extension Texture {
    /// A texture of decoded pixels, in whichever layout they were made.
    /// The pixels are copied on this thread: fine for a thumbnail, not for
    /// a photo (see `DetachedTexture`).
    convenience init(_ pixels: PixelData) {
        self.init(DetachedTexture(pixels))
    }
}

extension DetachedTexture {
    /// A texture of decoded pixels, made on the calling thread.
    convenience init(_ pixels: PixelData) {
        let format: Texture.PixelFormat = switch pixels.format {
        case .rgba: .rgba
        case .premultipliedARGB32: .premultipliedARGB32
        }
        self.init(pixels: pixels.bytes, format: format, width: pixels.width, height: pixels.height,
                  stride: pixels.stride)
    }
}
