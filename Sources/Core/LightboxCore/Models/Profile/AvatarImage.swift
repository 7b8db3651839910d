import FilePaths
import Foundation
import Imaging
import Localization

/// Why a file cannot become the profile photo, in a sentence.
public struct AvatarError: Error, Equatable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}

/// A profile photo, decoded and scaled to at most 512 × 512 pixels.
/// Immutable, so it crosses threads freely. Two avatars are equal when
/// their pixels are.
public struct AvatarImage: Equatable, Sendable {
    /// The largest side an avatar keeps.
    package static let maxSize = 512
    /// Files declaring more pixels than this are refused before decoding.
    static let maxPixels = 100_000_000

    let image: DecodedImage
    /// All pixels, RGBA.
    let pixels: PixelData
    public var width: Int { pixels.width }
    public var height: Int { pixels.height }
    /// The centred square, tightly packed RGBA rows: what round avatars show.
    public let squareRGBA: [UInt8]
    public let squareSide: Int
    /// The name of the file the store keeps it in, once stored.
    var storedFileName: String?

    init(_ image: DecodedImage, storedFileName: String? = nil) {
        let pixels = image.pixels
        self.image = image
        self.pixels = pixels
        self.storedFileName = storedFileName
        let side = min(pixels.width, pixels.height)
        let left = (pixels.width - side) / 2, top = (pixels.height - side) / 2
        let bytes = [UInt8](pixels.bytes)
        var square = [UInt8]()
        square.reserveCapacity(side * side * 4)
        for row in 0..<side {
            let from = (top + row) * pixels.stride + left * 4
            square.append(contentsOf: bytes[from..<from + side * 4])
        }
        squareRGBA = square
        squareSide = side
    }

    /// The RGBA bytes of the pixel at (x, y), for checks.
    public func rgba(x: Int, y: Int) -> [UInt8] {
        let offset = y * pixels.stride + x * 4
        return Array(pixels.bytes[pixels.bytes.startIndex + offset ..< pixels.bytes.startIndex + offset + 4])
    }

    /// Decodes and scales the image at `path`. Does file I/O: call it off
    /// the main thread. Refuses files that are not images, are damaged or
    /// truncated, or declare enormous dimensions.
    public static func decode(path: String) throws(AvatarError) -> AvatarImage {
        try decode(path: path, decoders: .shared)
    }

    /// `decode(path:)` with decoders of one's own (tests use faulty ones).
    public static func decode(path: String, decoders: DecoderPool) throws(AvatarError) -> AvatarImage {
        let name = (path as NSString).lastPathComponent.displayablePath
        var info = stat()
        guard Posix.stat(path, &info) == 0 else {
            // Translators: {name} is the name of an image file chosen as the profile photo.
            throw AvatarError(tr("“{name}” cannot be used as your photo: the file no longer exists.", ["name": name]))
        }
        do {
            return AvatarImage(try decoders.decode(path: path, maxSize: maxSize, maxPixels: maxPixels))
        } catch {
            // Translators: {name} is the name of an image file chosen as the profile photo; {reason} is a sentence saying why.
            throw AvatarError(tr("“{name}” cannot be used as your photo. {reason}", ["name": name, "reason": error.message]))
        }
    }

    /// Writes the avatar as PNG.
    func writePNG(to path: String) throws(ImageError) {
        try image.savePNG(to: path, text: [("Software", "Lightbox")]) // untranslated: PNG metadata
    }

    public static func == (lhs: AvatarImage, rhs: AvatarImage) -> Bool {
        lhs.image === rhs.image || lhs.pixels == rhs.pixels
    }
}
