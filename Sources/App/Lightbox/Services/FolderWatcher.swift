import GtkKit
import LightboxCore

/// GIO's file monitors, as the list logic watches its folders.
extension FolderMonitor: FolderWatching {
    /// Makes a monitor that reports each change as the logic reads them.
    static let watcher: FolderWatcherFactory = { report in
        FolderMonitor { change in
            switch change {
            case .changed(let path): report(.changed(path))
            case .removed(let path): report(.removed(path))
            case .moved(let from, let to): report(.moved(from: from, to: to))
            case .folderAdded(let path): report(.folderAdded(path))
            }
        }
    }
}
