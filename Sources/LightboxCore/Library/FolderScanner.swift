import Foundation

/// A file found by a scan: where it is and what `stat` said.
public struct ScannedFile: Equatable, Sendable {
    public let path: String
    public let size: Int64
    public let modificationTime: Int
    /// A symbolic link whose target is missing.
    public let isBrokenLink: Bool
}

/// Walks a folder tree and reports the image files in it, in batches. It
/// follows symbolic links to folders once each (loops end), skips hidden
/// entries, and goes on past folders it cannot read.
public struct FolderScanner: Sendable {
    /// File name extensions (lower case, no dot) that count as photos.
    public let extensions: Set<String>
    public let batchSize: Int

    public init(extensions: Set<String> = FolderScanner.imageExtensions, batchSize: Int = 256) {
        self.extensions = extensions
        self.batchSize = batchSize
    }

    /// What gdk-pixbuf loads on a stock Debian system (WebP appears when
    /// its loader is installed).
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "webp", "gif", "tif", "tiff", "bmp",
    ]

    /// Scans `root`, calling `onBatch` with each batch of files found and
    /// `onFolder` with each folder walked (the root included). Returns the
    /// number of files. Stops early when `isCancelled` says so.
    @discardableResult
    public func scan(
        _ root: URL,
        isCancelled: () -> Bool = { false },
        onFolder: (String) -> Void = { _ in },
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
            guard stat(folder, &info) == 0, visited.insert(FileIdentity(info)).inserted else { continue }
            guard let directory = opendir(folder) else { continue }
            onFolder(folder)
            var subfolders: [String] = []
            while let entry = readdir(directory) {
                let (name, raw) = FolderScanner.name(of: entry)
                if name.hasPrefix(".") { continue }
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var own = stat()
                // A name that is not UTF-8 is stat'ed by its bytes; it is
                // listed (with replacement characters) and cannot be opened,
                // so it shows as a placeholder with a reason.
                let rawPath = raw.map { Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast()) + $0 + [0] }
                guard (rawPath.map { lstat($0, &own) } ?? lstat(path, &own)) == 0 else { continue }
                var target = own
                let isLink = (own.st_mode & S_IFMT) == S_IFLNK
                let resolved = !isLink || (rawPath.map { stat($0, &target) } ?? stat(path, &target)) == 0
                let type = target.st_mode & S_IFMT
                if resolved, type == S_IFDIR {
                    subfolders.append(path)
                } else if (type == S_IFREG || !resolved), isImage(name) {
                    batch.append(ScannedFile(
                        path: path, size: resolved ? Int64(target.st_size) : 0,
                        modificationTime: resolved ? Int(target.st_mtim.tv_sec) : Int(own.st_mtim.tv_sec),
                        isBrokenLink: !resolved))
                    total += 1
                    if batch.count >= batchSize {
                        onBatch(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            }
            closedir(directory)
            // Depth-first, in name order, so batches arrive folder by folder.
            pending.append(contentsOf: subfolders.sorted(by: >))
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
        guard isImage((path as NSString).lastPathComponent) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ScannedFile(path: path, size: Int64(info.st_size),
                           modificationTime: Int(info.st_mtim.tv_sec), isBrokenLink: false)
    }

    /// The entry's name as text, and its raw bytes when they are not UTF-8.
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> (String, [CChar]?) {
        withUnsafeBytes(of: entry.pointee.d_name) { bytes in
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            let name = bytes.prefix(length)
            if let text = String(validating: name, as: UTF8.self) { return (text, nil) }
            return (String(decoding: name, as: UTF8.self), name.map { CChar(bitPattern: $0) })
        }
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
