import FilePaths
import Foundation
import Imaging
@testable import LightboxCore

/// A trash of the tests' own: files move into `folder` and back, each
/// under a name of its own (files trashed from two folders can share a
/// name). `refuses` makes every move fail, as a filesystem without a trash
/// does.
final class FolderTrash: PhotoTrash, @unchecked Sendable {
    let folder: URL
    let refuses: Bool
    /// Names of files this trash refuses (as a trash on another disk would).
    let refusedNames: Set<String>
    /// Trashed name by original path; only ever touched by one test at a time.
    private var trashed: [String: URL] = [:]
    private let lock = NSLock()

    init(folder: URL, refuses: Bool = false, refusedNames: Set<String> = []) {
        self.folder = folder
        self.refuses = refuses
        self.refusedNames = refusedNames
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func trash(path: String) throws(TrashError) {
        guard !refuses, !refusedNames.contains((path as NSString).lastPathComponent) else {
            throw TrashError(message: "This folder has no trash.")
        }
        let target = folder.appendingPathComponent(UUID().uuidString)
        // By the path's bytes, as the desktop's trash moves it.
        guard Posix.rename(path, target.path) == 0 else { throw TrashError(message: String(cString: strerror(errno))) }
        lock.withLock { trashed[path] = target }
    }

    func restore(path: String) throws(TrashError) {
        guard let source = lock.withLock({ trashed.removeValue(forKey: path) }) else {
            throw TrashError(message: "Nothing to put back.")
        }
        let failure = Renaming.withoutReplacing(source.path, to: path)
        guard failure == 0 else { throw TrashError(message: String(cString: strerror(failure))) }
    }
}
