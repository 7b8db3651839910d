import CImaging
import FilePaths
import Foundation
import Localization

/// Why an image could not be read or written, in words for a person.
public struct ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Whose doing it was: the file's, or the decoder process's.
    public enum Kind: Sendable, Equatable {
        /// The file cannot be read or decoded (the decoder said so).
        case file
        /// The decoder died on the file.
        case decoderCrashed
        /// The decoder ran past its time or CPU limit and was stopped.
        case decoderTimedOut
        /// The decoder ran past its memory limit.
        case decoderOutOfMemory
        /// The decoder's answer made no sense; it was stopped.
        case decoderNonsense
        /// No decoder could be started: not the file's fault, so nothing
        /// about the file should be remembered.
        case decoderUnavailable
        /// The file is whole, of a kind Lightbox cannot show (a GoPro GPR
        /// without a preview): its message says so, never "damaged".
        case unsupportedFile
    }

    public let message: String
    public let kind: Kind
    public init(_ message: String, kind: Kind = .file) {
        self.message = message
        self.kind = kind
    }
    public var description: String { message }
}

/// What an image file's header says, without decoding pixels.
public struct ImageProbe: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let mimeType: String

    package init(width: Int, height: Int, mimeType: String) {
        self.width = width
        self.height = height
        self.mimeType = mimeType
    }
}

/// Image decoding and writing through gdk-pixbuf, and metadata through
/// gexiv2. Every function is safe to call from any thread, and none
/// should be called on the main thread: they do file I/O.
public enum Imaging {
    /// The default ceiling on declared pixels: 16384 × 16384.
    public static let defaultMaxPixels = 16_384 * 16_384

    /// Reads the header: the format and declared size, or nil when no
    /// loader knows the file. Read by a decoder process (`DecoderPool`).
    public static func probe(path: String) -> ImageProbe? {
        DecoderPool.shared.probe(path: path)
    }

    /// Decodes `path` to fit in `maxSize`×`maxSize` (never enlarging),
    /// scaling while decoding where the format allows, with the EXIF
    /// orientation applied. Images declaring more than `maxPixels` are
    /// refused before decoding. Decoded by a decoder process
    /// (`DecoderPool.shared`): the app never parses the file itself.
    public static func decode(path: String, maxSize: Int,
                              maxPixels: Int = defaultMaxPixels) throws(ImageError) -> DecodedImage {
        try DecoderPool.shared.decode(path: path, maxSize: maxSize, maxPixels: maxPixels)
    }

    /// The photo's EXIF/XMP/IPTC metadata, or nil when it has none
    /// readable; the pixel size is the header's where the metadata states
    /// none. Read by a decoder process.
    public static func metadata(path: String) -> ImageMetadata? {
        DecoderPool.shared.metadata(path: path)
    }
}

extension ImageMetadata {
    /// What gexiv2 read, as Swift values.
    package init(_ raw: LbMetadata) {
        func text(_ value: UnsafeMutablePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
        self.init(
            pixelWidth: Int(raw.pixel_width), pixelHeight: Int(raw.pixel_height),
            orientation: Int(raw.orientation), dateTaken: text(raw.date_taken),
            cameraMake: text(raw.make), cameraModel: text(raw.model), title: text(raw.title),
            exposureTime: raw.exposure_denominator > 0
                ? ExposureTime(numerator: Int(raw.exposure_numerator), denominator: Int(raw.exposure_denominator))
                : nil,
            fNumber: raw.f_number > 0 ? raw.f_number : nil,
            focalLength: raw.focal_length > 0 ? raw.focal_length : nil,
            iso: raw.iso > 0 ? Int(raw.iso) : nil,
            rating: raw.has_rating ? Int(raw.rating) : nil,
            label: text(raw.label), caption: text(raw.caption),
            keywords: text(raw.keywords).map(Self.keywordPaths) ?? [],
            focus: CameraFocus(raw))
    }

    /// The paths of the keyword text the C side joins with line breaks.
    private static func keywordPaths(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

/// An exposure time as the camera wrote it (1/250 s).
public struct ExposureTime: Equatable, Sendable, Codable {
    public let numerator: Int
    public let denominator: Int
    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }
    public var seconds: Double { Double(numerator) / Double(denominator) }
}

/// Metadata as read from the file; fields the file lacks are nil or 0.
public struct ImageMetadata: Equatable, Sendable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// EXIF orientation 1…8; 0 when unknown.
    public var orientation: Int
    /// EXIF DateTimeOriginal text, "YYYY:MM:DD HH:MM:SS".
    public var dateTaken: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var title: String?
    public var exposureTime: ExposureTime?
    public var fNumber: Double?
    public var focalLength: Double?
    public var iso: Int?
    /// -1 (rejected), 0 (unrated) or 1…5 stars; nil when the file states
    /// no rating (see `Imaging.rating(path:)` for the tags asked).
    public var rating: Int?
    /// The colour label: Lightroom's names ("Red", "Yellow", "Green",
    /// "Blue", "Purple", also from digiKam's and darktable's numbers), or
    /// whatever other text Xmp.xmp.Label holds; nil when none.
    public var label: String? = nil
    /// The description (XMP, else IPTC, else EXIF), a camera's stock text
    /// ("OLYMPUS DIGITAL CAMERA") left out; nil when none.
    public var caption: String? = nil
    /// The keywords: hierarchical paths with '|' between levels
    /// ("Places|Brittany|Finistère"), then flat ones ("sunset"), each once.
    public var keywords: [String] = []
    /// Where the camera focused, as its maker notes say (in the frame as
    /// stored: `CameraFocus.oriented`); nil when they say nothing.
    public var focus: CameraFocus? = nil
}

/// Decoded RGBA pixels. Immutable once made, so it may cross threads.
public final class DecodedImage: @unchecked Sendable {
    private let image: OpaquePointer
    /// The size the file declared, before scaling.
    public let originalWidth: Int
    public let originalHeight: Int
    /// The file's format, as the decoder recognised it (nil for an image
    /// made by scaling another).
    public let mimeType: String?
    /// A camera RAW file that ends before its data does, shown from the
    /// preview it kept (`PixelData.isFromIncompleteFile`).
    public let isFromIncompleteFile: Bool

    package init(_ image: OpaquePointer, originalWidth: Int, originalHeight: Int, mimeType: String? = nil,
                 isFromIncompleteFile: Bool = false) {
        self.image = image
        self.originalWidth = originalWidth
        self.originalHeight = originalHeight
        self.mimeType = mimeType
        self.isFromIncompleteFile = isFromIncompleteFile
    }

    deinit { lb_image_free(image) }

    public var width: Int { Int(lb_image_width(image)) }
    public var height: Int { Int(lb_image_height(image)) }

    /// A copy of the pixels, RGBA, `stride` bytes a row.
    public var pixels: PixelData {
        let stride = Int(lb_image_stride(image))
        // The last row of a pixbuf may be shorter than the stride.
        let count = stride * (height - 1) + width * 4
        return PixelData(width: width, height: height, stride: stride,
                         bytes: Data(bytes: lb_image_rgba(image), count: count))
    }

    /// The pixels laid out for display (`PixelData.premultiplied()`), read
    /// straight from the decoder: no straight-alpha copy on the way, which
    /// for a 12-megapixel photo is 48 MB less at the peak.
    public var premultipliedPixels: PixelData {
        // A decoded image is never empty: the decoder fails instead.
        precondition(width > 0 && height > 0, "an empty image") // untranslated: invariant
        return PixelData.premultiplying(lb_image_rgba(image), width: width, height: height,
                                        stride: Int(lb_image_stride(image)))
    }

    /// The image scaled down to fit `maxSize` × `maxSize` (the same size
    /// when it fits already), for showing it smaller than it was decoded.
    public func scaled(toFit maxSize: Int) -> DecodedImage {
        guard let scaled = lb_image_scaled(image, Int32(max(1, maxSize))) else { return self }
        return DecodedImage(scaled, originalWidth: originalWidth, originalHeight: originalHeight)
    }

    /// Writes a PNG with `text` as tEXt chunks (key, value), in order.
    public func savePNG(to path: String, text: [(key: String, value: String)] = []) throws(ImageError) {
        try callWithPairs(text, failure: tr("The image could not be written.")) { keys, values, count, error in
            path.withPathCString { lb_image_save_png(image, $0, keys, values, count, error) }
        }
    }
}
