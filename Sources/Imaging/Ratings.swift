import CImaging
import FilePaths
import Foundation
import Localization

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

    /// Writes `rating` (-1…5) into the file at `path`: a decoder process
    /// makes the new file (`DecoderPool.edit`), which goes into a copy
    /// beside the original, is checked, flushed and renamed over it (see
    /// `lb_replacement_new`): a process killed at any instant leaves the
    /// old file or the new one. The image data never changes; other
    /// metadata is kept.
    public static func writeRating(_ rating: Int, to path: String, as target: RatingTarget,
                                   decoders: DecoderPool = .shared) throws(RatingWriteError) {
        var edit = MetadataEdit(rating: max(-1, min(5, rating)))
        switch target {
        case .photo(let exif):
            edit.exifRating = exif
            try rewrite(path, with: edit, checkingImageData: true, decoders: decoders)
        case .sidecar:
            try rewrite(path, with: edit, checkingImageData: false, decoders: decoders)
        case .newSidecar(let photo):
            let edited = try editedFile(nil, edit, decoders)
            try replace(path, like: photo, with: edited, before: nil, checkingImageData: false, decoders: decoders)
        }
    }

    /// Writes EXIF's Orientation (1…8) into the photo at `path`, the way a
    /// rating is written: the pixels are not touched (a rotation is a tag).
    public static func writeOrientation(_ orientation: Int, to path: String,
                                        decoders: DecoderPool = .shared) throws(RatingWriteError) {
        try rewrite(path, with: MetadataEdit(orientation: orientation), checkingImageData: true, decoders: decoders)
    }

    /// `path` with `edit` made, put in its place.
    static func rewrite(_ path: String, with edit: MetadataEdit, checkingImageData: Bool,
                        decoders: DecoderPool) throws(RatingWriteError) {
        // Taken before the decoder reads the file, so a change by another
        // program from then on is seen before the rename.
        var before = stat()
        // A system error's message is not shown: RatingFileError says why in its own words.
        guard Posix.stat(path, &before) == 0 else { throw systemError(errno, "Cannot read the file") } // untranslated: see above
        let edited = try editedFile(path, edit, decoders)
        try replace(path, like: path, with: edited, before: before, checkingImageData: checkingImageData,
                    decoders: decoders)
    }

    private static func editedFile(_ path: String?, _ edit: MetadataEdit,
                                   _ decoders: DecoderPool) throws(RatingWriteError) -> EditedFile {
        do {
            return try decoders.edit(path: path, edit)
        } catch where error.kind == .decoderUnavailable {
            // Not the file's doing: tried again later, like a full disk.
            throw RatingWriteError(.system(EAGAIN), message: error.message)
        } catch {
            throw RatingWriteError(.metadata, message: error.message)
        }
    }

    static func replace(_ path: String, like: String, with edited: EditedFile, before: stat?,
                                checkingImageData: Bool, decoders: DecoderPool) throws(RatingWriteError) {
        var code: Int32 = 0
        var error: UnsafeMutablePointer<CChar>?
        defer { lb_free(error) }
        let made = path.withPathCString { path in
            like.withPathCString { lb_replacement_new(path, $0, edited.descriptor, Int64(edited.length), &code, &error) }
        }
        guard let replacement = made else { throw systemError(code, error.map { String(cString: $0) }) }
        if checkingImageData {
            let copy = String(pathCString: lb_replacement_temporary(replacement))
            let same: Bool
            do {
                same = try haveSameImageData(path, copy, decoders: decoders)
            } catch {
                lb_replacement_discard(replacement)
                // No decoder to compare with is not the file's doing: later.
                throw RatingWriteError(error.kind == .decoderUnavailable ? .system(EAGAIN) : .metadata,
                                       message: error.message)
            }
            guard same else {
                lb_replacement_discard(replacement)
                throw RatingWriteError(.imageDataChanged,
                                       message: tr("Writing the metadata would have changed the image itself."))
            }
        }
        let result = if var before {
            lb_replacement_commit(replacement, &before, &error)
        } else {
            lb_replacement_commit(replacement, nil, &error)
        }
        guard result == 0 else { throw systemError(result, error.map { String(cString: $0) }) }
    }

    private static func systemError(_ code: Int32, _ message: String?) -> RatingWriteError {
        RatingWriteError(.system(code), message: message ?? String(cString: strerror(code)))
    }

    /// Whether two files hold the same image data byte for byte (metadata
    /// apart): the check a rating write makes before replacing a photo.
    /// JPEG, PNG and WebP are walked by the app (`lb_image_data_equal`);
    /// other formats (TIFF) are decoded in full by decoder processes and
    /// their pixels compared.
    public static func haveSameImageData(_ a: String, _ b: String,
                                         decoders: DecoderPool = .shared) throws(ImageError) -> Bool {
        var error: UnsafeMutablePointer<CChar>?
        let result = a.withPathCString { a in b.withPathCString { b in lb_image_data_equal(a, b, &error) } }
        defer { lb_free(error) }
        guard result >= 0 else {
            throw ImageError(cMessage: error, fallback: tr("The image cannot be read."))
        }
        guard result == LB_IMAGE_DATA_NOT_WALKED else { return result == 1 }
        let full = Int(Int32.max)
        let first = try decoders.decode(path: a, maxSize: full), second = try decoders.decode(path: b, maxSize: full)
        return first.width == second.width && first.height == second.height && first.pixels == second.pixels
    }
}
