import Foundation
import FilePaths
import Imaging

/// A file found by a scan: where it is and what `stat` said.
public struct ScannedFile: Equatable, Sendable {
    public let path: String
    public let size: Int64
    public let modificationTime: Int
    /// A symbolic link whose target is missing.
    let isBrokenLink: Bool
    /// The XMP sidecar beside it, if any (see `SidecarNaming`).
    public let sidecar: SidecarFile?

    init(path: String, size: Int64, modificationTime: Int, isBrokenLink: Bool = false,
                sidecar: SidecarFile? = nil) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
        self.isBrokenLink = isBrokenLink
        self.sidecar = sidecar
    }
}

/// Walks a folder tree and reports the image files in it, in batches. It
/// follows symbolic links to folders once each (loops end), skips hidden
/// entries, and goes on past folders it cannot read. Each photo comes
/// with its XMP sidecar, and the temporary files of rating writes killed
/// midway are removed on the way.
public struct FolderScanner: Sendable {
    /// File name extensions (lower case, no dot) that count as photos.
    public let extensions: Set<String>
    let batchSize: Int

    public init(extensions: Set<String> = FolderScanner.imageExtensions, batchSize: Int = 256) {
        self.extensions = extensions
        self.batchSize = batchSize
    }

    /// The photos listed: pictures and camera RAW files (PhotoFormat).
    public static let imageExtensions: Set<String> = PhotoFormat.extensions

    /// Scans `root`, calling `onBatch` with each batch of files found and
    /// `onFolder` with each folder walked (the root included). Returns the
    /// number of files. Stops early when `isCancelled` says so.
    /// `includingSubfolders` false stays in `root`; `onSubfolders` hears
    /// the root's own folders (paths, in name order) either way: what a
    /// window offers to go into.
    @discardableResult
    public func scan(
        _ root: URL,
        includingSubfolders: Bool = true,
        isCancelled: () -> Bool = { false },
        onFolder: (String) -> Void = { _ in },
        onSubfolders: ([String]) -> Void = { _ in },
        onBatch: ([ScannedFile]) -> Void
    ) -> Int {
        var visited = Set<FileIdentity>()
        var pending = [root.path]
        var batch: [ScannedFile] = []
        batch.reserveCapacity(batchSize)
        var total = 0
        while let folder = pending.popLast() {
            if isCancelled() { break }
            var info = stat()
            guard Posix.stat(folder, &info) == 0, visited.insert(FileIdentity(info)).inserted else { continue }
            guard let directory = DirectoryReader(path: folder) else { continue }
            onFolder(folder)
            var subfolders: [String] = []
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            // A folder's photos wait for its listing's end: a sidecar may
            // come after its photo.
            var photos: [ScannedFile] = []
            var sidecars: [Substring: SidecarFile] = [:]
            while let entry = directory.next() {
                switch entry.kind {
                case .directory:
                    subfolders.append(prefix + entry.name)
                case .file, .brokenLink:
                    if entry.kind == .file, SidecarNaming.isSidecar(entry.name[...]) {
                        sidecars[entry.name.dropLast(4)] = SidecarFile(
                            path: prefix + entry.name, size: entry.size, modificationTime: entry.modificationTime)
                    }
                    guard isImage(entry.name) else { continue }
                    photos.append(ScannedFile(path: prefix + entry.name, size: entry.size,
                                              modificationTime: entry.modificationTime,
                                              isBrokenLink: entry.kind == .brokenLink))
                case .staleTemporary:
                    Posix.unlink(prefix + entry.name)
                case .other:
                    continue
                }
            }
            // In name order, as a file manager lists them: a camera's
            // files then come in the order they were taken, so a big
            // folder's first batches are its first photos (readdir's own
            // order is the file system's hash order).
            photos.sort { $0.path.precedesInUTF8($1.path) }
            for photo in photos {
                let sidecar = sidecars.isEmpty ? nil : FolderScanner.sidecar(of: photo.path, in: sidecars)
                batch.append(sidecar == nil ? photo : ScannedFile(
                    path: photo.path, size: photo.size, modificationTime: photo.modificationTime,
                    isBrokenLink: photo.isBrokenLink, sidecar: sidecar))
                total += 1
                if batch.count >= batchSize {
                    onBatch(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if folder == root.path {
                onSubfolders(subfolders.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
            }
            // Depth-first, in name order, so batches arrive folder by folder.
            if includingSubfolders { pending.append(contentsOf: subfolders.sorted(by: >)) }
        }
        if !batch.isEmpty { onBatch(batch) }
        return total
    }

    public func isImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Stats one file, as the scan would have reported it; nil when it is
    /// gone or not a photo.
    public func file(at path: String) -> ScannedFile? {
        guard isImage(String(Photo.name(of: path))) else { return nil }
        var info = stat()
        guard Posix.stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ScannedFile(path: path, size: Int64(info.st_size), modificationTime: Int(info.st_mtim.tv_sec),
                           sidecar: SidecarNaming.existing(for: path))
    }

    /// The sidecar of `photo` among a folder's (keyed by name without
    /// ".xmp"): the whole-name one, else the one named by the stem.
    private static func sidecar(of photo: String, in sidecars: [Substring: SidecarFile]) -> SidecarFile? {
        sidecars[Photo.name(of: photo)] ?? sidecars[Photo.stem(of: photo)]
    }
}

/// A file's device and inode: what makes two paths the same folder.
private struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
