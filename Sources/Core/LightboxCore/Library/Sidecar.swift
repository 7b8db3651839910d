import Foundation
import FilePaths

/// An XMP sidecar beside a photo, as `stat` found it.
public struct SidecarFile: Hashable, Sendable {
    public let path: String
    public let size: Int64
    /// Whole seconds since 1970.
    public let modificationTime: Int

    init(path: String, size: Int64, modificationTime: Int) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
    }
}

/// The two ways tools name a photo's XMP sidecar: darktable and digiKam
/// add `.xmp` to the whole name (IMG_0001.JPG.xmp), Lightroom and Capture
/// One replace the extension (IMG_0001.xmp, shared by a raw file and the
/// JPEG beside it). When both exist, the whole-name one is the photo's
/// own and is used.
enum SidecarNaming: Sendable {
    case appended
    case replacingExtension

    /// The sidecar's path for `photo` under this convention.
    func path(for photo: String) -> String {
        switch self {
        case .appended: photo + ".xmp"
        case .replacingExtension: String(photo.dropLast(Photo.name(of: photo).count)) + Photo.stem(of: photo) + ".xmp"
        }
    }

    /// Both names, the preferred first, each also with `.XMP` (as
    /// cameras and Windows tools spell it).
    static func candidates(for photo: String) -> [String] {
        [SidecarNaming.appended, .replacingExtension].flatMap { naming -> [String] in
            let path = naming.path(for: photo)
            return [path, path.dropLast(4) + ".XMP"]
        }
    }

    /// Whether `name` is an XMP sidecar's (by its extension, any case).
    static func isSidecar(_ name: Substring) -> Bool {
        name.utf8.count > 4 && name.lowercased().hasSuffix(".xmp")
    }

    /// The sidecar beside `photo` now, preferring the whole-name one; nil
    /// when there is none. (Stats the disk: not for the main thread.)
    static func existing(for photo: String) -> SidecarFile? {
        for path in candidates(for: photo) {
            var info = stat()
            if Posix.stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                return SidecarFile(path: path, size: Int64(info.st_size), modificationTime: Int(info.st_mtim.tv_sec))
            }
        }
        return nil
    }
}
