import Foundation
import FilePaths
import Imaging
import Localization

/// Why a file operation failed, in words for the person.
struct FileOperationError: Error {
    let reason: String
    /// The errno behind it, if one is.
    let code: Int32?

    init(_ reason: String, code: Int32? = nil) {
        self.reason = reason
        self.code = code
    }

    /// From errno: "Permission denied", "No space left on device"…
    static func errno(_ code: Int32 = Foundation.errno) -> FileOperationError {
        FileOperationError(String(cString: strerror(code)), code: code)
    }

    static var cancelled: FileOperationError {
        // Translators: why a photo was not copied or moved: the person stopped it.
        FileOperationError(tr("Cancelled"), code: ECANCELED)
    }
}

/// Copying one file into a folder so that no one ever sees a part of it
/// under its real name: the bytes go into a hidden temporary file in the
/// destination folder, which is flushed to disk with the source's mode,
/// times and extended attributes (Imaging's `FileCopying`), and only then
/// renamed into place. A failure or a cancel removes the temporary; a kill
/// leaves at most that hidden file, never a half photo under its name.
enum FileCopy {
    /// Copies `source` to `destination` (see `place` for `replacing`).
    static func copy(_ source: String, to destination: String, replacing: Bool) throws(FileOperationError) {
        let folder = (destination as NSString).deletingLastPathComponent
        let temporary: String
        switch FileCopying.toTemporary(source, in: folder) {
        case .success(let path): temporary = path
        case .failure(let error): throw error.code == ECANCELED ? .cancelled : .errno(error.code)
        }
        do throws(FileOperationError) {
            try place(temporary, at: destination, replacing: replacing)
        } catch {
            Posix.unlink(temporary)
            throw error
        }
        syncFolder(folder)
    }

    /// Renames `file` (a temporary, or a photo moved within one file
    /// system) to `destination`: over what is there when `replacing`, else
    /// only if the name is free, checked and taken in one step. Where the
    /// file system cannot rename that way (EINVAL: FAT and some network
    /// file systems), a hard link does the same; where it has no links
    /// either, the name is checked just before the rename.
    static func place(_ file: String, at destination: String, replacing: Bool) throws(FileOperationError) {
        if replacing {
            guard Posix.rename(file, destination) == 0 else { throw .errno() }
            return
        }
        let renamed = Renaming.withoutReplacing(file, to: destination)
        if renamed == 0 { return }
        guard renamed == EINVAL || renamed == ENOSYS || renamed == EOPNOTSUPP else { throw .errno(renamed) }
        if Posix.link(file, destination) == 0 {
            Posix.unlink(file)
            return
        }
        guard errno == EPERM || errno == EOPNOTSUPP || errno == ENOSYS else { throw .errno() }
        guard Posix.access(destination, F_OK) != 0 else { throw .errno(EEXIST) }
        guard Posix.rename(file, destination) == 0 else { throw .errno() }
    }

    /// Makes the folder's new entries durable (after a rename or link).
    static func syncFolder(_ folder: String) {
        let fd = Posix.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
