import Foundation
import FilePaths
import Localization

/// The sizes of the freedesktop Thumbnail Managing Standard: the bounding
/// box a thumbnail fits in, and the cache folder it lives in.
public enum ThumbnailSize: Int, Sendable, CaseIterable, Comparable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    /// The folder name under `$XDG_CACHE_HOME/thumbnails/`.
    public var folderName: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    /// The edge of the bounding box, in pixels.
    public var pixels: Int { rawValue }

    /// The smallest size whose box holds `pixels` (the largest size when
    /// none does): what a cell `pixels` wide should ask for.
    public static func fitting(_ pixels: Int) -> ThumbnailSize {
        allCases.first { $0.rawValue >= pixels } ?? .xxLarge
    }

    public static func < (lhs: ThumbnailSize, rhs: ThumbnailSize) -> Bool { lhs.rawValue < rhs.rawValue }

    /// For cells `points` logical pixels wide on a screen of `scale` device
    /// pixels each: the device pixels to show (`shown`) and the cached size
    /// to make them from (the smallest that holds them, so they are never
    /// enlarged).
    public static func forCells(_ points: Int, scale: Int) -> (size: ThumbnailSize, shown: Int) {
        let shown = points * max(1, scale)
        return (fitting(shown), shown)
    }
}

/// A file to make a thumbnail of, as it is on disk: a thumbnail is valid
/// only for the modification time (and size) it was made from.
public struct ThumbnailSource: Hashable, Sendable, CustomStringConvertible {
    /// An absolute path.
    public let path: String
    /// The file's modification time, in whole seconds since 1970.
    public let modificationTime: Int
    /// The file's size in bytes.
    public let fileSize: Int64

    public init(path: String, modificationTime: Int, fileSize: Int64) {
        self.path = path
        self.modificationTime = modificationTime
        self.fileSize = fileSize
    }

    /// The file at `path` as it is now (following symlinks), or nil when
    /// it cannot be examined.
    public init?(path: String) {
        var info = stat()
        guard Posix.stat(path, &info) == 0 else { return nil }
        self.init(path: path, modificationTime: Int(info.st_mtim.tv_sec), fileSize: Int64(info.st_size))
    }

    public var description: String { "\(path) (\(fileSize) bytes, mtime \(modificationTime))" } // untranslated: log
}

/// Why there is no thumbnail, in words for a person, with the decoder's
/// own message (for logs) when there was one.
public struct ThumbnailError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public let detail: String?
    /// Not the file's doing (no decoder could be started): not recorded
    /// in the cache's fail folder, and worth trying again later.
    package let isTransient: Bool

    package init(reason: String, detail: String? = nil, isTransient: Bool = false) {
        self.reason = reason
        self.detail = detail
        self.isTransient = isTransient
    }

    public var description: String { detail.map { "\(reason) (\($0))" } ?? reason }

    // Why a photo has no thumbnail: its tooltip and what screen readers say.
    static var empty: ThumbnailError { ThumbnailError(reason: tr("The file is empty.")) }
    static var damaged: ThumbnailError { ThumbnailError(reason: tr("The image is damaged or incomplete.")) }
    static var failedBefore: ThumbnailError { ThumbnailError(reason: tr("Lightbox could not read this image.")) }
    static var notAFile: ThumbnailError { ThumbnailError(reason: tr("This is not a regular file.")) }
    static var brokenLink: ThumbnailError {
        ThumbnailError(reason: tr("The file is a link to a file that does not exist."))
    }

    static func unreadable(_ code: Int32) -> ThumbnailError {
        let reason = switch code {
        case EACCES, EPERM: tr("You do not have permission to read the file.")
        case ENOENT: tr("The file no longer exists.")
        case ELOOP: tr("The file is a symbolic link that points to itself.")
        // Translators: {reason} is the system's description of the error ("Permission denied").
        default: tr("The file cannot be read: {reason}.", ["reason": String(cString: strerror(code)).lowercased()])
        }
        return ThumbnailError(reason: reason)
    }
}
