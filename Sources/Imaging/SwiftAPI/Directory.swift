import CImaging
import FilePaths

/// One entry of a folder: its name and what `stat` says of it (of the
/// target, for a symbolic link that resolves).
public struct DirectoryEntry: Equatable, Sendable {
    public enum Kind: Sendable {
        case file, directory, brokenLink, other
        /// A hidden temporary file a rating write left behind in a process
        /// that has gone: the only hidden entry reported.
        case staleTemporary
    }

    /// The name; bytes that are not UTF-8 read as replacement characters.
    public let name: String
    public let kind: Kind
    public let size: Int64
    /// Whole seconds since 1970 (of the link itself, for a broken link).
    public let modificationTime: Int
}

/// Reads a folder's entries one at a time, skipping hidden ones (names
/// that start with a dot). Not thread-safe: one reader, one thread.
public final class DirectoryReader {
    private let handle: OpaquePointer

    /// nil when the folder cannot be opened.
    public init?(path: String) {
        guard let handle = path.withPathCString({ lb_directory_open($0) }) else { return nil }
        self.handle = handle
    }

    deinit { lb_directory_close(handle) }

    /// The next entry, or nil at the end of the folder.
    public func next() -> DirectoryEntry? {
        var entry = LbEntry()
        guard lb_directory_next(handle, &entry), let name = entry.name else { return nil }
        let kind: DirectoryEntry.Kind = switch entry.kind {
        case LB_ENTRY_FILE: .file
        case LB_ENTRY_DIRECTORY: .directory
        case LB_ENTRY_BROKEN_LINK: .brokenLink
        case LB_ENTRY_STALE_TEMPORARY: .staleTemporary
        default: .other
        }
        return DirectoryEntry(name: String(pathCString: name), kind: kind, size: entry.size,
                              modificationTime: Int(entry.modification_time))
    }
}
