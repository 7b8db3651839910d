import Foundation
import FilePaths
import Localization

/// Why a folder cannot be opened, in words a person can act on.
public enum FolderProblem: Error, Equatable, Sendable {
    case missing(path: String)
    case notAFolder(path: String)
    case unreadable(path: String)

    public var path: String {
        switch self {
        case .missing(let path), .notAFolder(let path), .unreadable(let path): path
        }
    }

    /// A short title for a status page.
    public var title: String {
        switch self {
        case .missing: tr("Folder Not Found")
        case .notAFolder: tr("Not a Folder")
        case .unreadable: tr("Folder Cannot Be Read")
        }
    }

    /// One sentence naming the path and the cause.
    public var message: String {
        switch self {
        // Translators: {path} is the folder's full path.
        case .missing(let path): tr("The folder “{path}” does not exist.", ["path": path.displayablePath])
        // Translators: {path} is the full path of a file given as a folder to open.
        case .notAFolder(let path): tr("“{path}” is a file, not a folder.", ["path": path.displayablePath])
        case .unreadable(let path):
            // Translators: {path} is the folder's full path.
            tr("You do not have permission to read the folder “{path}”.", ["path": path.displayablePath])
        }
    }
}

/// A folder of photos the person chose.
public struct Folder: Equatable, Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The folder's own name, for titles ("Holidays").
    public var name: String {
        url.path == "/" ? "/" : url.lastPathComponent.displayablePath
    }

    /// Checks that `path` names a folder Lightbox can read.
    public static func open(path: String) -> Result<Folder, FolderProblem> {
        let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        var info = stat()
        guard Posix.stat(url.path, &info) == 0 else { return .failure(.missing(path: url.path)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .failure(.notAFolder(path: url.path)) }
        // access(2) answers for this process's credentials, as opendir would.
        guard Posix.access(url.path, R_OK | X_OK) == 0 else { return .failure(.unreadable(path: url.path)) }
        return .success(Folder(url: url))
    }
}
