import GtkKit
import Imaging

extension Texture {
    /// A texture of decoded pixels, in whichever layout they were made.
    /// Made on this thread (a copy, unless the pixels were made for
    /// display): fine for a thumbnail, not for a photo (see `DetachedTexture`).
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
