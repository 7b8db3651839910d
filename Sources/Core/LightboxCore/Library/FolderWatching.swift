/// What happened in a folder being watched.
public enum FolderChange: Sendable, Equatable {
    /// A file appeared or changed.
    case changed(String)
    /// A file or folder vanished.
    case removed(String)
    /// A file was renamed or moved within the folders watched.
    case moved(from: String, to: String)
    /// A folder appeared (it is watched from now on).
    case folderAdded(String)
}

/// Watches folders for changes (GIO's file monitors in the app).
@MainActor
public protocol FolderWatching: AnyObject {
    /// Starts watching `folders`, a few at a time between turns of the
    /// main loop; stops early when the calling task is cancelled.
    func watch(_ folders: [String]) async
}

/// Makes a watcher that reports each change to the handler given. The
/// watcher watches until it is released.
public typealias FolderWatcherFactory = @MainActor (@escaping @MainActor (FolderChange) -> Void) -> any FolderWatching
