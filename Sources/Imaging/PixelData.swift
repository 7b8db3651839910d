import CImaging
import Foundation

/// Pixels, 8 bits a channel, in rows of `stride` bytes.
public struct PixelData: Sendable, Equatable {
    /// How the bytes of a pixel are laid out.
    public enum Format: Sendable, Equatable {
        /// R, G, B, A bytes, not premultiplied: what decoders give and
        /// encoders take.
        case rgba
        /// Premultiplied 32-bit ARGB words in native byte order: how cairo
        /// draws and GDK keeps textures by default, so a texture of these
        /// is drawn without converting it again on every frame.
        case premultipliedARGB32
    }

    public let width: Int
    public let height: Int
    public let stride: Int
    public let bytes: Data
    public let format: Format

    public init(width: Int, height: Int, stride: Int, bytes: Data, format: Format = .rgba) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
        self.format = format
    }

    /// These pixels laid out for display (see `Format.premultipliedARGB32`).
    /// Converts on the calling thread: call it where the pixels were made,
    /// off the main thread.
    public func premultiplied() -> PixelData {
        guard format == .rgba, width > 0, height > 0,
              bytes.count >= stride * (height - 1) + width * 4 else { return self }
        var data = Data(count: width * height * 4)
        bytes.withUnsafeBytes { source in
            data.withUnsafeMutableBytes { out in
                lb_pixels_premultiply(source.bindMemory(to: UInt8.self).baseAddress, Int32(width), Int32(height),
                                      Int32(stride), out.bindMemory(to: UInt32.self).baseAddress)
            }
        }
        return PixelData(width: width, height: height, stride: width * 4, bytes: data, format: .premultipliedARGB32)
    }
}
