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
        /// The file was moved away, or its name given to another file,
        /// while it was being rewritten (for a new sidecar: its photo was).
        /// Nothing was written; trying again would write into whatever the
        /// name holds now, so it is not tried again.
        case movedOrReplaced
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

    /// Writes `rating` (-1…5) into the file at `path`, as `writeMetadata`
    /// writes an edit that sets only the rating.
    public static func writeRating(_ rating: Int, to path: String, as target: RatingTarget,
                                   decoders: DecoderPool = .shared) throws(RatingWriteError) {
        try writeMetadata(MetadataEdit(rating: max(-1, min(5, rating))), to: path, as: target, decoders: decoders)
    }

    /// Makes `edit` in the file at `path`: a decoder process makes the new
    /// file (`DecoderPool.edit`), which goes into a copy beside the
    /// original, is checked, flushed and swapped with it (see
    /// `lb_replacement_new`): a process killed at any instant leaves the
    /// old file or the new one. The image data never changes; other
    /// metadata is kept. The file is opened once, before anything is read
    /// of it, and held: only that file is replaced, whatever another
    /// program does to its name meanwhile (`RatingWriteError.Kind.movedOrReplaced`).
    /// EXIF's rating is written too only for `.photo(exif: true)`, when
    /// the edit sets a rating (`exifRating` is the target's to say). An
    /// empty edit (`isEmpty`) writes nothing, and makes no sidecar.
    public static func writeMetadata(_ edit: MetadataEdit, to path: String, as target: RatingTarget,
                                     decoders: DecoderPool = .shared) throws(RatingWriteError) {
        guard !edit.isEmpty else { return }
        var edit = edit
        // A sidecar holds XMP only.
        edit.exifRating = false
        switch target {
        case .photo(let exif):
            edit.exifRating = exif && edit.rating != nil
            try rewrite(path, with: edit, checkingImageData: true, decoders: decoders)
        case .sidecar:
            try rewrite(path, with: edit, checkingImageData: false, decoders: decoders)
        case .newSidecar(let photo):
            // The photo is held too: the sidecar appears only while its name is still the photo's.
            // Only known, never read: O_PATH needs no permission to read it.
            let owner = try HeldFile(photo, reading: false)
            let edited = try editedFile(nil, edit, decoders)
            try replace(path, like: photo, held: owner, with: edited, checkingImageData: false, decoders: decoders)
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
        // Opened before the decoder reads it: the decoder reads this very
        // file, and a change by another program from then on is seen
        // before (and after) the swap.
        let original = try HeldFile(path)
        let edited = try editedFile(original, edit, decoders)
        try replace(path, like: path, held: original, with: edited, checkingImageData: checkingImageData,
                    decoders: decoders)
    }

    private static func editedFile(_ file: HeldFile?, _ edit: MetadataEdit,
                                   _ decoders: DecoderPool) throws(RatingWriteError) -> EditedFile {
        do {
            if let file { return try decoders.edit(file: file.descriptor, edit) }
            return try decoders.edit(path: nil, edit)
        } catch where error.kind == .decoderUnavailable {
            // Not the file's doing: tried again later, like a full disk.
            throw RatingWriteError(.system(EAGAIN), message: error.message)
        } catch {
            throw RatingWriteError(.metadata, message: error.message)
        }
    }

    /// Puts `edited` in place of `path` (or makes it, for a new sidecar of
    /// the photo `like`). `held` is `like` as opened before its bytes were
    /// read. No temporary file is left behind, whatever fails.
    static func replace(_ path: String, like: String, held: HeldFile, with edited: EditedFile,
                        checkingImageData: Bool, decoders: DecoderPool) throws(RatingWriteError) {
        var code: Int32 = 0
        var error: UnsafeMutablePointer<CChar>?
        defer { lb_free(error) }
        let made = path.withPathCString { path in
            like.withPathCString {
                lb_replacement_new(path, $0, held.descriptor, edited.descriptor, Int64(edited.length), &code, &error)
            }
        }
        guard let replacement = made else { throw systemError(code, error.map { String(cString: $0) }) }
        if checkingImageData {
            let copy = String(pathCString: lb_replacement_temporary(replacement))
            let same: Bool
            do {
                // The file read, not whatever the name holds now.
                same = try haveSameImageData(held.path(else: path), copy, decoders: decoders)
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
        var before = held.info
        let result = lb_replacement_commit(replacement, &before, &error)
        if result == LB_REPLACEMENT_MOVED {
            throw RatingWriteError(.movedOrReplaced,
                                   message: tr("The file was moved or replaced while Lightbox was saving it."))
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

/// A file opened read-only, and what fstat said of it then: a metadata
/// write opens the file once, before anything of it is read, and knows it
/// by this from then on (by device and inode, not by name, which another
/// program may rename away or give to another file meanwhile).
final class HeldFile {
    let descriptor: Int32
    let info: stat

    /// `reading`: opened for the decoder to read; else only to know it by (O_PATH).
    init(_ path: String, reading: Bool = true) throws(RatingWriteError) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let fd = reading ? Posix.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
            : path.withPathCString { lb_open_path_only($0) }
        // A system error's message is not shown: RatingFileError says why in its own words.
        guard fd >= 0 else { throw RatingWriteError(.system(errno), message: "Cannot read the file") }  // untranslated: see above
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw RatingWriteError(.system(code), message: "Cannot read the file")  // untranslated: see above
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw RatingWriteError(.metadata, message: tr("This is not a regular file."))
        }
        descriptor = fd
        self.info = info
    }

    deinit { close(descriptor) }

    /// A name that opens this same file, for the checks that take names
    /// (the image-data comparison): its /proc/self/fd entry, or `path` when
    /// /proc is not there.
    func path(else path: String) -> String {
        let own = "/proc/self/fd/\(descriptor)"
        var info = stat()
        guard stat(own, &info) == 0, info.st_dev == self.info.st_dev, info.st_ino == self.info.st_ino else { return path }
        return own
    }
}
