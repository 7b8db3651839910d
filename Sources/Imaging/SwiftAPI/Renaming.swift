import CImaging
import FilePaths

/// Renaming without replacing, in one step: the check that the new name is
/// free and the rename cannot be told apart by another process.
public enum Renaming {
    /// Renames `from` to `to` unless `to` exists; answers 0 or the errno
    /// (EEXIST when the name is taken, EINVAL or ENOSYS where the file
    /// system cannot rename this way).
    public static func withoutReplacing(_ from: String, to: String) -> Int32 {
        from.withPathCString { from in to.withPathCString { to in lb_rename_noreplace(from, to) } }
    }
}

/// Copying a file under a hidden temporary name (see `lb_copy_to_temporary`).
public enum FileCopying {
    /// Copies `source` into a new hidden file in `folder`, with its mode,
    /// times and extended attributes, flushed to disk; answers its path,
    /// or the errno (ECANCELED once the calling task is cancelled: checked
    /// between 1 MiB chunks).
    public static func toTemporary(_ source: String, in folder: String) -> Result<String, Errno> {
        var temporary: UnsafeMutablePointer<CChar>?
        let failure = source.withPathCString { source in
            folder.withPathCString { folder in
                lb_copy_to_temporary(source, folder, { _ in Task.isCancelled }, nil, &temporary)
            }
        }
        guard failure == 0, let temporary else { return .failure(Errno(failure)) }
        defer { lb_free(temporary) }
        return .success(String(pathCString: temporary))
    }
}

/// An errno value, as an error.
public struct Errno: Error, Equatable, Sendable {
    public let code: Int32
    public init(_ code: Int32) { self.code = code }
}
