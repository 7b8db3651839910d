import Foundation
import FilePaths
import Imaging
import Localization

/// Writes ratings where the person's preference says. The queue calls it
/// on a worker thread; tests may give the queue another one.
public protocol RatingWriter: Sendable {
    /// Writes `stars` (-1…5) for the photo at `photo`: into the file, a
    /// sidecar, or nowhere, as `storage` and the file allow.
    func write(_ stars: Int, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult
    /// Writes a label, keywords, title or caption change where a rating
    /// would go (`write(_:for:storage:)`).
    func write(_ edit: TagEdit, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult
    /// Writes EXIF's Orientation (1…8) into the photo itself; throws when
    /// the photo cannot take it (a format without EXIF, a read-only file).
    func writeOrientation(_ orientation: Int, for photo: String) throws(RatingFileError)
    /// Writes XMP's tiff:Orientation into the sidecar of the camera RAW at
    /// `raw` (the RAW of a RAW+JPEG pair, turned with its JPEG).
    func writeSidecarOrientation(_ orientation: Int, for raw: String) throws(RatingFileError)
}

/// What a rating write changed on disk.
public struct RatingWriteResult: Equatable, Sendable {
    /// The files written, photo and sidecars.
    public var written: [String]
    /// Whether the photo file itself was replaced (its mtime changed).
    package var photoRewritten: Bool

    init(written: [String] = [], photoRewritten: Bool = false) {
        self.written = written
        self.photoRewritten = photoRewritten
    }
}

/// Why a rating could not be written.
public struct RatingFileError: Error, Equatable, Sendable {
    /// The file that could not be written.
    public let path: String
    /// Why, for a person ("the disk is full").
    public let reason: String
    /// Whether trying again later may work (a full disk, a busy file).
    package let isTransient: Bool
    /// The photo is gone: there is nothing left to write.
    package let isGone: Bool
    /// Another program moved the file away or put another file under its
    /// name while it was being written: nothing was written, and trying
    /// again would write into whatever the name holds now.
    package let isConflict: Bool

    init(path: String, reason: String, isTransient: Bool = false, isGone: Bool = false,
                isConflict: Bool = false) {
        self.path = path
        self.reason = reason
        self.isTransient = isTransient
        self.isGone = isGone
        self.isConflict = isConflict
    }

    init(path: String, _ error: RatingWriteError) {
        switch error.kind {
        case .system(let code):
            self.init(path: path, reason: RatingFileError.reason(errno: code),
                      isTransient: RatingFileError.transient.contains(code), isGone: code == ENOENT)
        case .metadata:
            // Translators: why a rating could not be saved, after "Could not save the rating in “a.jpg”: ";
            // {reason} is a sentence saying why.
            self.init(path: path, reason: tr("its metadata could not be written ({reason})", ["reason": error.message]))
        case .imageDataChanged:
            // Translators: why a rating could not be saved, after "Could not save the rating in “a.jpg”: ".
            self.init(path: path, reason: tr("writing the metadata would have changed the image itself"))
        case .movedOrReplaced:
            // Not tried again: the name may now be another photo's.
            // Translators: why a rating or rotation could not be saved, after "Could not save the rating in “a.jpg”: ";
            // another program renamed the file, or saved another file under its name, at that moment.
            self.init(path: path, reason: tr("the file was moved or replaced while Lightbox was saving it"),
                      isConflict: true)
        }
    }

    /// Failures that may clear up on their own.
    static let transient: Set<Int32> = [ENOSPC, EDQUOT, EBUSY, ETXTBSY, EAGAIN, EINTR, EIO, EMFILE, ENFILE, ENOMEM]

    /// Why, for an errno: what follows "Could not save the rating in “a.jpg”: ".
    static func reason(errno code: Int32) -> String {
        switch code {
        // Translators: why a rating or rotation could not be saved, after "Could not save the rating in “a.jpg”: ".
        case ENOSPC, EDQUOT: tr("the disk is full")
        // Translators: why a rating or rotation could not be saved, after "Could not save the rating in “a.jpg”: ".
        case EROFS: tr("the disk is read-only")
        // Translators: why a rating or rotation could not be saved, after "Could not save the rating in “a.jpg”: ".
        case EACCES, EPERM: tr("permission was denied")
        // Translators: why a rating or rotation could not be saved, after "Could not save the rating in “a.jpg”: ".
        case EBUSY, ETXTBSY: tr("the file is busy")
        case ENOENT: gone
        default: String(cString: strerror(code)).lowercased()
        }
    }

    static var gone: String {
        // Translators: why a rating or rotation could not be saved, after "Could not save the rating in “a.jpg”: ".
        tr("the file is gone")
    }
}

/// The real writer (`Imaging.writeMetadata`, gexiv2 in a decoder): xmp:Rating
/// (and labels, keywords, titles and captions, see `TagEdit`) into
/// JPEG, PNG, WebP and TIFF files (and EXIF's Rating and RatingPercent
/// where the format carries EXIF); an XMP sidecar for anything else, for
/// files and folders that are read-only, links, and when the preference says so.
public struct FileRatingWriter: RatingWriter {
    /// Formats gexiv2 rewrites safely, by extension; `true` where EXIF is
    /// written too. (PNG's EXIF would go into a text chunk few tools read.)
    static let writableFormats: [String: Bool] = [
        "jpg": true, "jpeg": true, "jpe": true, "tif": true, "tiff": true, "webp": true, "png": false,
    ]

    /// Formats a rotation is written into, by extension.
    static let rotatable: Set<String> = ["jpg", "jpeg", "jpe", "webp"]

    public init() {}

    public func write(_ stars: Int, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        try write(MetadataEdit(rating: Photo.clampedRating(stars)), for: photo, storage: storage)
    }

    public func write(_ edit: TagEdit, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        try write(edit.metadataEdit, for: photo, storage: storage)
    }

    /// Writes `edit` into the photo when the preference and the file
    /// allow, and into its sidecar when it cannot take it or has one.
    private func write(_ edit: MetadataEdit, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        guard storage != .lightboxOnly, !edit.isEmpty else { return RatingWriteResult() }
        var info = stat()
        guard Posix.stat(photo, &info) == 0 else { throw RatingFileError(path: photo, reason: RatingFileError.gone, isGone: true) }
        let sidecar = SidecarNaming.existing(for: photo)
        var result = RatingWriteResult()
        if storage == .photoFiles, let exif = FileRatingWriter.exif(for: photo), FileRatingWriter.mayModify(photo, info) {
            do {
                try Imaging.writeMetadata(edit, to: photo, as: .photo(exif: exif))
                result.written.append(photo)
                result.photoRewritten = true
            } catch {
                // A photo another program moved or replaced meanwhile gets
                // nothing, not even a sidecar: its name may be another's now.
                if error.kind == .movedOrReplaced { throw RatingFileError(path: photo, error) }
                // A file gexiv2 cannot rewrite safely gets a sidecar; a
                // full disk or a busy file is tried again later.
                guard case .system(let code) = error.kind, code != EACCES, code != EPERM, code != EROFS else {
                    return try writeSidecar(edit, for: photo, existing: sidecar, result)
                }
                throw RatingFileError(path: photo, error)
            }
            // A sidecar beside it would otherwise contradict it (and win).
            guard sidecar != nil else { return result }
        }
        return try writeSidecar(edit, for: photo, existing: sidecar, result)
    }

    public func writeOrientation(_ orientation: Int, for photo: String) throws(RatingFileError) {
        var info = stat()
        guard Posix.stat(photo, &info) == 0 else { throw RatingFileError(path: photo, reason: RatingFileError.gone, isGone: true) }
        // Only formats that carry EXIF (a sidecar's orientation is read by
        // too few viewers to be a rotation people can rely on) and whose
        // image data is compared byte for byte: TIFF's is compared decoded,
        // and decoding applies the orientation, so a rotated TIFF would
        // always look changed.
        guard FileRatingWriter.rotatable.contains(FileRatingWriter.lowercasedExtension(of: photo)) else {
            // Translators: why a photo could not be rotated, after "Could not rotate “a.png”: ".
            throw RatingFileError(path: photo, reason: tr("only JPEG and WebP photos can be rotated"))
        }
        guard FileRatingWriter.mayModify(photo, info) else {
            // Translators: why a photo could not be rotated, after "Could not rotate “a.jpg”: ".
            throw RatingFileError(path: photo, reason: tr("the file or its folder is read-only"))
        }
        do {
            try Imaging.writeOrientation(orientation, to: photo)
        } catch {
            throw RatingFileError(path: photo, error)
        }
    }

    public func writeSidecarOrientation(_ orientation: Int, for raw: String) throws(RatingFileError) {
        var info = stat()
        guard Posix.stat(raw, &info) == 0 else { throw RatingFileError(path: raw, reason: RatingFileError.gone, isGone: true) }
        _ = try writeSidecar(MetadataEdit(orientation: orientation), for: raw, existing: SidecarNaming.existing(for: raw),
                             RatingWriteResult())
    }

    /// Writes the sidecar that exists, else NAME.EXT.xmp.
    private func writeSidecar(_ edit: MetadataEdit, for photo: String, existing: SidecarFile?,
                              _ result: RatingWriteResult) throws(RatingFileError) -> RatingWriteResult {
        let path = existing?.path ?? SidecarNaming.appended.path(for: photo)
        do {
            try Imaging.writeMetadata(edit, to: path, as: existing == nil ? .newSidecar(photo: photo) : .sidecar)
        } catch {
            throw RatingFileError(path: path, error)
        }
        var result = result
        result.written.append(path)
        return result
    }

    /// Whether EXIF is written too; nil when the format is not rewritten.
    static func exif(for photo: String) -> Bool? {
        writableFormats[lowercasedExtension(of: photo)]
    }

    /// "jpg" for ".../IMG_1.JPG"; empty without one.
    static func lowercasedExtension(of photo: String) -> String {
        let name = Photo.name(of: photo)
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// A file is left alone when it or its folder is read-only: by
    /// permission, by the file system, or by having no write bit at all
    /// (which root's access() would not tell). So is a symbolic link or a
    /// file with other hard links: replacing it by a rename would turn the
    /// link into a copy, or leave the other names with the old file.
    static func mayModify(_ photo: String, _ info: stat) -> Bool {
        let folder = photo.contains("/") ? String(photo.dropLast(Photo.name(of: photo).count)) : "."
        var folderInfo = stat(), own = stat()
        guard Posix.lstat(photo, &own) == 0, (own.st_mode & S_IFMT) == S_IFREG, own.st_nlink == 1 else { return false }
        guard Posix.access(photo, W_OK) == 0, Posix.access(folder, W_OK) == 0,
              Posix.stat(folder, &folderInfo) == 0 else { return false }
        return info.st_mode & 0o222 != 0 && folderInfo.st_mode & 0o222 != 0
    }
}
