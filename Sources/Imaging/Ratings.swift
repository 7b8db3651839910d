import CImaging
import FilePaths
import Foundation

/// Why a rating could not be written into a file.
public struct RatingWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A system call failed with this errno (no space, permission, …).
        case system(Int32)
        /// gexiv2 refused the file or the tag.
        case metadata
        /// The copy's image data differed from the original's: not written.
        case imageDataChanged
    }

    public let kind: Kind
    /// What happened, for a person.
    public let message: String

    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Where a rating is written, as `Imaging.writeRating` needs to know.
public enum RatingTarget: Equatable, Sendable {
    /// Into the photo itself; `exif` also sets EXIF's Rating and RatingPercent.
    case photo(exif: Bool)
    /// Into an XMP sidecar that exists.
    case sidecar
    /// Into a new XMP sidecar, which takes the owner and mode of `photo`.
    case newSidecar(photo: String)
}

extension Imaging {
    /// The rating a photo or an XMP sidecar states: -1 (rejected), 0
    /// (unrated) or 1…5, from the first of Xmp.xmp.Rating,
    /// Exif.Image.Rating, Exif.Image.RatingPercent and the IPTC/Photoshop
    /// Urgency; nil when it states none or cannot be read. Read by a
    /// decoder process, as all metadata is: a sidecar is untrusted bytes too.
    public static func rating(path: String) -> Int? {
        metadata(path: path)?.rating
    }

    /// Writes `rating` (-1…5) into the file at `path` through a checked,
    /// flushed copy renamed over it (see `lb_rating_write`): a process
    /// killed at any instant leaves the old file or the new one. The image
    /// data never changes; other metadata is kept.
    public static func writeRating(_ rating: Int, to path: String, as target: RatingTarget) throws(RatingWriteError) {
        var request = LbRatingWrite()
        request.rating = Int32(max(-1, min(5, rating)))
        var photo: UnsafeMutablePointer<CChar>?
        switch target {
        case .photo(let exif): request.exif = exif
        case .sidecar: request.sidecar = true
        case .newSidecar(let source):
            request.sidecar = true
            request.create = true
            photo = source.withPathCString { strdup($0) }
        }
        defer { free(photo) }
        request.mode_from = UnsafePointer(photo)
        var error: UnsafeMutablePointer<CChar>?
        let result = path.withPathCString { lb_rating_write($0, &request, &error) }
        guard result != 0 else { return }
        defer { lb_free(error) }
        let message = error.map { String(cString: $0) } ?? "The rating could not be written."
        let kind: RatingWriteError.Kind = switch result {
        case -1: .metadata
        case -2: .imageDataChanged
        default: .system(result)
        }
        throw RatingWriteError(kind, message: message)
    }

    /// A digest of the image data alone (metadata left out): the same
    /// before and after any metadata is written. See `lb_image_data_digest`.
    public static func imageDataDigest(path: String) throws(ImageError) -> String {
        var error: UnsafeMutablePointer<CChar>?
        guard let digest = path.withPathCString({ lb_image_data_digest($0, &error) }) else {
            defer { lb_free(error) }
            throw ImageError(error.map { String(cString: $0) } ?? "The image cannot be read.")
        }
        defer { lb_free(digest) }
        return String(cString: digest)
    }

    /// Whether two files hold the same image data byte for byte (metadata
    /// apart): the check a rating write makes before replacing a photo.
    public static func haveSameImageData(_ a: String, _ b: String) throws(ImageError) -> Bool {
        var error: UnsafeMutablePointer<CChar>?
        let result = a.withPathCString { a in b.withPathCString { b in lb_image_data_equal(a, b, &error) } }
        guard result >= 0 else {
            defer { lb_free(error) }
            throw ImageError(error.map { String(cString: $0) } ?? "The image cannot be read.")
        }
        lb_free(error)
        return result == 1
    }
}
