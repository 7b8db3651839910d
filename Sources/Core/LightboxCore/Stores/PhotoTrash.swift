/// Moving photos to the desktop trash and putting them back. Both do file
/// I/O: they are called off the main thread.
public protocol PhotoTrash: Sendable {
    func trash(path: String) throws(TrashError)
    /// Puts back the file most recently trashed from `path`.
    func restore(path: String) throws(TrashError)
}

/// Why a photo could not be moved to the trash or back, in words for the
/// person ("Unable to find or create trash directory").
public struct TrashError: Error, Equatable, Sendable {
    public let message: String

    public init(message: String) { self.message = message }
}
