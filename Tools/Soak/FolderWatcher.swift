import FilePaths
import Foundation
import Glibc
import LightboxCore

/// The soak's `FolderWatching`, which PhotoListLogic's `watching:` factory
/// makes once a folder is loaded, as the app's makes GIO's FolderMonitor:
/// what the app's monitor (GIO's inotify backend, in GtkKit) reports of a
/// folder, without GTK, from `FolderWatcher` below: files appearing or
/// rewritten, vanishing, and renamed within the folder. Each change goes
/// to the list on the main actor, in the order seen; the watch stops when
/// the list lets go of it (a reload makes a new one).
@MainActor
final class SoakWatching: FolderWatching {
    private let log: WatchLog
    private let report: @MainActor (FolderChange) -> Void
    private var watchers: [FolderWatcher] = []

    init(log: WatchLog, report: @escaping @MainActor (FolderChange) -> Void) {
        self.log = log
        self.report = report
    }

    func watch(_ folders: [String]) async {
        for folder in folders where !Task.isCancelled {
            let log = self.log
            let report = self.report
            guard let watcher = FolderWatcher(folder: folder, onChange: { change in
                Task { @MainActor in
                    log.changes += 1
                    report(change)
                }
            }) else { continue }
            watchers.append(watcher)
            log.all.append(watcher)
        }
    }

    isolated deinit {
        for watcher in watchers { watcher.stop() }
    }
}

/// Every watch the list asked for (the last one is the folder's now), and
/// how many changes they handed it.
@MainActor
final class WatchLog {
    var all: [FolderWatcher] = []
    var changes = 0
}

/// inotify on one folder, read on a thread of its own. A rename within
/// the folder arrives as IN_MOVED_FROM then IN_MOVED_TO with one cookie,
/// which is paired into one move (as GIO does with G_FILE_MONITOR_WATCH_MOVES);
/// a half left alone is a file moved out (removed) or in (changed).
final class FolderWatcher: Sendable {
    private let descriptor: Int32
    private let folder: String
    private let stopped = Guarded(false)
    /// When the last event arrived (wall clock), to know the folder is quiet.
    let lastEvent = Guarded(0.0)
    let events = Guarded(0)

    init?(folder: String, onChange: @escaping @Sendable (FolderChange) -> Void) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.folder = folder
        let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
        guard folder.withPathCString({ inotify_add_watch(descriptor, $0, mask) }) >= 0 else {
            close(descriptor)
            return nil
        }
        let thread = Thread { [self] in self.loop(onChange) }
        thread.name = "soak-inotify"
        thread.start()
    }

    func stop() { stopped.with { $0 = true } }

    private func wait(milliseconds: Int32) -> Bool {
        var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watch, 1, milliseconds) > 0
    }

    private func loop(_ onChange: @Sendable (FolderChange) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 256 << 10)
        var pendingMove: (cookie: UInt32, path: String)?
        func flush() {
            if let pending = pendingMove { onChange(.removed(pending.path)) }
            pendingMove = nil
        }
        while !stopped.with({ $0 }) {
            guard wait(milliseconds: pendingMove == nil ? 200 : 20) else {
                // A move out of the folder has no second half.
                flush()
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            lastEvent.with { $0 = wallClock() }
            var offset = 0
            while offset + 16 <= count {
                let (mask, cookie, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                events.with { $0 += 1 }
                guard !nameBytes.isEmpty else { continue }
                let path = folder + "/" + String(pathBytes: nameBytes)
                if mask & UInt32(IN_MOVED_TO) != 0, let pending = pendingMove, pending.cookie == cookie {
                    pendingMove = nil
                    onChange(.moved(from: pending.path, to: path))
                    continue
                }
                flush()
                if mask & UInt32(IN_MOVED_FROM) != 0 {
                    pendingMove = (cookie, path)
                } else if mask & UInt32(IN_DELETE) != 0 {
                    onChange(.removed(path))
                } else if mask & UInt32(IN_CREATE) != 0 {
                    // As GIO's CREATED, which the app takes only for a
                    // regular file with something in it (a file being
                    // written gets its CHANGES_DONE when closed).
                    var info = stat()
                    if Posix.stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
                        onChange(.changed(path))
                    }
                } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
                    onChange(.changed(path))
                }
            }
        }
        flush()
        close(descriptor)
    }
}
