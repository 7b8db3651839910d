import CGtkShim
import FilePaths

/// Watches folders for files appearing, vanishing and being renamed
/// (GFileMonitor, one per folder: GIO's monitors are not recursive). Events
/// arrive on the main loop.
@MainActor
public final class FolderMonitor {
    public enum Change: Equatable, Sendable {
        /// A file appeared or its content changed.
        case changed(String)
        case removed(String)
        case moved(from: String, to: String)
        /// A folder appeared inside a watched one (it is watched from now on).
        case folderAdded(String)
    }

    private var monitors: [String: Object] = [:]
    private let onChange: @MainActor (Change) -> Void

    public init(folders: [String] = [], onChange: @escaping @MainActor (Change) -> Void) {
        self.onChange = onChange
        folders.forEach(watch)
    }

    /// Starts watching `folders`, a slice at a time with the main loop
    /// turning between: a monitor costs tens of microseconds to start, and
    /// a library has a thousand folders (a slice of 100 took 3-5 ms). Stops early when the calling task
    /// is cancelled.
    public func watch(_ folders: [String]) async {
        for start in stride(from: 0, to: folders.count, by: 25) {
            if Task.isCancelled { return }
            folders[start..<min(start + 25, folders.count)].forEach(watch)
            await Task.yield()
        }
    }

    /// Starts watching `folder` (no effect when already watched).
    public func watch(_ folder: String) {
        guard monitors[folder] == nil, let monitor = folder.withPathCString({ lb_folder_monitor_new($0) }) else { return }
        let object = Object(monitor, transfer: .full)
        object.connect("changed") { [weak self] args in
            guard let self else { return }
            let path = lb_file_path_of(args.object(1))
            let other = lb_file_path_of(args.object(2))
            self.dispatch(event: Int32(args.int(3)), path: path, other: other)
        }
        monitors[folder] = object
    }

    private func dispatch(event: Int32, path: String?, other: String?) {
        guard let path else { return }
        switch GFileMonitorEvent(rawValue: UInt32(event)) {
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_MOVED_IN:
            if path.withPathCString({ lb_path_is_directory($0) }) != 0 {
                watch(path)
                onChange(.folderAdded(path))
            } else if event != G_FILE_MONITOR_EVENT_CREATED.rawValue
                        || path.withPathCString({ lb_path_is_regular_nonempty($0) }) != 0 {
                onChange(.changed(path))
            }
        case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT:
            if let monitor = monitors.removeValue(forKey: path) { lb_folder_monitor_cancel(monitor.gobject) }
            onChange(.removed(path))
        case G_FILE_MONITOR_EVENT_RENAMED:
            if let other { onChange(.moved(from: path, to: other)) }
        default:
            break
        }
    }

    isolated deinit {
        for monitor in monitors.values { lb_folder_monitor_cancel(monitor.gobject) }
    }
}

private func lb_file_path_of(_ file: UnsafeMutablePointer<GObject>?) -> String? {
    guard let file, let path = lb_file_get_path(file) else { return nil }
    defer { g_free(path) }
    return String(pathCString: path)
}
