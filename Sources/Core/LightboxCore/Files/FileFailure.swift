import FilePaths

/// A file an action could not handle, and why, in words for the person.
public struct FileFailure: Equatable, Sendable {
    public let path: String
    public let reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The file's name as people read it (see `displayablePath`).
    public var fileName: String { String(Photo.name(of: path)).displayablePath }
}

/// What a trash of many photos came to: those in the trash (one Undo puts
/// them all back) and those that stayed, each with why.
public struct BatchTrashResult: Equatable, Sendable {
    /// The photos that went, each with all its files.
    public var trashed: [String] = []
    /// Every file that went (a RAW+JPEG pair's two): what Undo puts back.
    public var files: [String] = []
    package var failures: [FileFailure] = []
    /// Cancelled before every photo was tried (those left are untouched).
    public var cancelled = false

    /// `files` nil: the photos are their files (no pair among them).
    init(trashed: [String] = [], files: [String]? = nil, failures: [FileFailure] = [], cancelled: Bool = false) {
        self.trashed = trashed
        self.files = files ?? trashed
        self.failures = failures
        self.cancelled = cancelled
    }
}
