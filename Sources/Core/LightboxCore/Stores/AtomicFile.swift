import Foundation
import Localization

/// Writes files so that a reader, or a process killed mid-write, sees
/// either the old content or the new one: the bytes go to a temporary
/// file in the same folder, are flushed to disk, and the temporary file is
/// renamed over the target.
enum AtomicFile {
    enum WriteError: Error, Equatable, Sendable {
        case cannotCreate(path: String, errno: Int32)
        case cannotWrite(path: String, errno: Int32)
        case cannotRename(path: String, errno: Int32)

        /// What the person can do about it, in a sentence.
        var message: String {
            switch self {
            case .cannotCreate(let path, let code), .cannotWrite(let path, let code),
                 .cannotRename(let path, let code):
                let name = (path as NSString).lastPathComponent
                return switch code {
                // Translators: {name} is the name of a file Lightbox keeps its settings in ("preferences.json").
                case ENOSPC, EDQUOT: tr("Could not save “{name}”: the disk is full.", ["name": name])
                case EROFS: tr("Could not save “{name}”: the disk is read-only.", ["name": name])
                case EACCES, EPERM: tr("Could not save “{name}”: permission was denied.", ["name": name])
                default:
                    // Translators: {name} is a file's name; {reason} is the system's description of the error.
                    tr("Could not save “{name}”: {reason}.",
                       ["name": name, "reason": String(cString: strerror(code)).lowercased()])
                }
            }
        }
    }

    /// Writes `data` to `url` atomically, creating its folder (mode 0700)
    /// when needed. `mode` is the new file's permission bits.
    static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws(WriteError) {
        let folder = url.deletingLastPathComponent().path
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        let template = folder + "/.\(url.lastPathComponent).XXXXXX"
        var pathBytes = Array(template.utf8CString)
        let fd = pathBytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotCreate(path: url.path, errno: errno) }
        let temporary = String(decoding: pathBytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: WriteError?
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let result = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += result
            }
            return true
        }
        if !written { failure = .cannotWrite(path: url.path, errno: errno) }
        if failure == nil, fchmod(fd, mode) != 0 || fsync(fd) != 0 {
            failure = .cannotWrite(path: url.path, errno: errno)
        }
        close(fd)
        if failure == nil, rename(temporary, url.path) != 0 {
            failure = .cannotRename(path: url.path, errno: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        // Make the rename itself durable.
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }
}
