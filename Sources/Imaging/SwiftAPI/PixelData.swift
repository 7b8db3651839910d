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

    /// What the pixels were made from, for a camera RAW file: the preview
    /// its camera embedded, or its sensor data developed.
    public enum Origin: Sendable, Equatable {
        /// The file's own picture (every format but RAW).
        case picture
        case cameraPreview
        case sensorData
    }

    public let width: Int
    public let height: Int
    public let stride: Int
    public let format: Format
    /// Said by the decoder (see `DecoderPool.decodeForDisplay`).
    public internal(set) var origin = Origin.picture
    /// The file ends before its data does (a copy stopped part way): these
    /// are the pixels of the preview it kept, which a window says. Said by
    /// the decoder, for camera RAW files.
    public internal(set) var isFromIncompleteFile = false
    private let storage: Storage

    /// Where the bytes are: in `Data` (what decoders and files give), or
    /// in a buffer of their own that a texture can share.
    private enum Storage: Sendable {
        case data(Data)
        case buffer(PixelBuffer)
    }

    public init(width: Int, height: Int, stride: Int, bytes: Data, format: Format = .rgba) {
        self.init(width: width, height: height, stride: stride, storage: .data(bytes), format: format)
    }

    /// Pixels in a buffer of their own, rows without padding.
    init(width: Int, height: Int, buffer: PixelBuffer, format: Format) {
        self.init(width: width, height: height, stride: width * 4, storage: .buffer(buffer), format: format)
    }

    private init(width: Int, height: Int, stride: Int, storage: Storage, format: Format) {
        self.width = width
        self.height = height
        self.stride = stride
        self.storage = storage
        self.format = format
    }

    /// The bytes, `stride` a row. Pixels in a buffer of their own give a
    /// copy (the buffer is never written after it is made); read them with
    /// `withUnsafeBytes` instead where a copy matters.
    public var bytes: Data {
        switch storage {
        case .data(let data): data
        case .buffer(let buffer): Data(buffer.bytes)
        }
    }

    /// How many bytes there are.
    public var byteCount: Int {
        switch storage {
        case .data(let data): data.count
        case .buffer(let buffer): buffer.count
        }
    }

    /// Calls `body` with the bytes, without a copy.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .data(let data): try data.withUnsafeBytes(body)
        case .buffer(let buffer): try withExtendedLifetime(buffer) { try body(buffer.bytes) }
        }
    }

    /// The bytes in a buffer that can be kept without copying them: their
    /// own when they have one (pixels made for display do), else a copy.
    public func sharedBuffer() -> PixelBuffer {
        switch storage {
        case .buffer(let buffer):
            return buffer
        case .data(let data):
            return PixelBuffer(count: data.count) { out in _ = data.copyBytes(to: out) }
        }
    }

    /// Whether both hold the very same pixels in memory: a cheap check,
    /// where `==` compares every byte of two different buffers.
    public func isSameStorage(as other: PixelData) -> Bool {
        switch (storage, other.storage) {
        case (.buffer(let a), .buffer(let b)): return a === b
        // Copies of one Data share its bytes until one of them changes.
        case (.data(let a), .data(let b)):
            return a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.baseAddress == y.baseAddress } }
        default: return false
        }
    }

    public static func == (lhs: PixelData, rhs: PixelData) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.stride == rhs.stride,
              lhs.format == rhs.format else { return false }
        if case .buffer(let a) = lhs.storage, case .buffer(let b) = rhs.storage, a === b { return true }
        return lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in a.elementsEqual(b) } }
    }

    /// These pixels laid out for display (see `Format.premultipliedARGB32`).
    /// Converts on the calling thread: call it where the pixels were made,
    /// off the main thread.
    public func premultiplied() -> PixelData {
        guard format == .rgba, width > 0, height > 0,
              byteCount >= stride * (height - 1) + width * 4 else { return self }
        return withUnsafeBytes { source in
            PixelData.premultiplying(source.bindMemory(to: UInt8.self).baseAddress, width: width, height: height,
                                     stride: stride)
        }
    }

    /// Pixels already laid out for display (`Format.premultipliedARGB32`),
    /// `width * 4` bytes a row, in a buffer of their own.
    static func display(_ buffer: PixelBuffer, width: Int, height: Int) -> PixelData {
        PixelData(width: width, height: height, stride: width * 4, storage: .buffer(buffer),
                  format: .premultipliedARGB32)
    }

    /// Straight RGBA rows at `rgba` converted for display, into a buffer of
    /// their own that a texture can share.
    static func premultiplying(_ rgba: UnsafePointer<UInt8>?, width: Int, height: Int, stride: Int) -> PixelData {
        let buffer = PixelBuffer(count: width * height * 4) { out in
            lb_pixels_premultiply(rgba, Int32(width), Int32(height), Int32(stride),
                                  out.bindMemory(to: UInt32.self).baseAddress)
        }
        return PixelData(width: width, height: height, stride: width * 4, storage: .buffer(buffer),
                         format: .premultipliedARGB32)
    }
}

extension PixelData {
    /// The pixels turned a quarter clockwise (or counter-clockwise), in a
    /// buffer of their own: a rotation shown before the photo is decoded
    /// again. 12 megapixels take tens of milliseconds: off the main thread.
    public func turned(clockwise: Bool) -> PixelData {
        guard width > 0, height > 0, byteCount >= stride * (height - 1) + width * 4 else { return self }
        let buffer = PixelBuffer(count: width * height * 4) { out in
            withUnsafeBytes { source in
                lb_pixels_turn(source.bindMemory(to: UInt32.self).baseAddress, Int32(width), Int32(height),
                               Int32(stride), clockwise, out.bindMemory(to: UInt32.self).baseAddress)
            }
        }
        return PixelData(width: height, height: width, stride: height * 4, storage: .buffer(buffer), format: format)
    }
}
