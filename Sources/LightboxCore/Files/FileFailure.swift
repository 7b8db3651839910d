import FilePaths

/// A file an action could not handle, and why, in words for the person.
public struct FileFailure: Equatable, Sendable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The file's name as people read it (see `displayablePath`).
    public var fileName: String { String(Photo.name(of: path)).displayablePath }
}

/// What a trash of many photos came to: those in the trash (one Undo puts
/// them all back) and those that stayed, each with why.
public struct BatchTrashResult: Equatable, Sendable {
    public var trashed: [String] = []
    public var failures: [FileFailure] = []
    /// Cancelled before every photo was tried (those left are untouched).
    public var cancelled = false
}
