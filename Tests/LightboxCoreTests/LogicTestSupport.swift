import Foundation
@testable import LightboxCore

/// What the tests of the screen logics share: they drive a logic through
/// its contract alone (`send`, `state`, `settled()`, `onState`, `onOutput`).
extension ScreenLogic {
    /// Sends `intent` and returns once the work it started has ended.
    func sendAndSettle(_ intent: Intent) async {
        send(intent)
        await settled()
    }
}

extension PhotoListLogic {
    /// Returns once every photo shown is measured (the background survey
    /// after a folder loads, which `settled()` does not wait for), or after
    /// ten seconds: a test that compares states before and after an action
    /// waits for it first, so that a measure arriving meanwhile is not
    /// taken for the action's doing.
    func measured() async {
        for _ in 0..<500 where state.shown.contains(where: { $0.measures == nil }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// Hears every state and output of a logic, in order.
@MainActor
final class LogicRecorder<Logic: ScreenLogic> {
    private(set) var states: [Logic.State] = []
    private(set) var outputs: [Logic.Output] = []

    init(_ logic: Logic) {
        logic.onState = { [unowned self] in states.append($0) }
        logic.onOutput = { [unowned self] in outputs.append($0) }
    }

    func clear() {
        states = []
        outputs = []
    }
}

/// A folder watcher the test speaks for: the list watches the folders it
/// loaded through it, and the test reports what changed on disk, as GIO's
/// monitor does in the app.
@MainActor
final class TestFolderWatcher: FolderWatching {
    /// The folders each load asked to watch, the last one last.
    private(set) var watched: [[String]] = []
    private var report: ((FolderChange) -> Void)?

    nonisolated init() {}

    /// What `PhotoListLogic(watching:)` takes.
    var factory: FolderWatcherFactory {
        { report in
            self.report = report
            return self
        }
    }

    func watch(_ folders: [String]) async { watched.append(folders) }

    /// Reports `change` to the list watching (the work it starts is the
    /// list's: `await logic.settled()` waits for it).
    func tell(_ change: FolderChange) {
        guard let report else { preconditionFailure("nothing watches: no folder was loaded") }
        report(change)
    }
}

extension PhotoListLogic.State {
    /// The photos shown (none without a list).
    var shown: [Photo] { list.map { Array($0.photos) } ?? [] }
    var titles: [String] { shown.map(\.title) }
}


/// Waits until `condition` holds, for work the test cannot await (a
/// request a newer one overtook, a file written by the rating queue);
/// answers false when `seconds` went by first.
@MainActor
func eventually(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// A list of photos in memory, as a photo window reads the list it steps
/// through; it takes the window's edits as the list would (`follow`).
@MainActor
final class PhotoLine: PhotoSequence {
    var photos: [Photo]

    /// Photos "/p/NAME.jpg", in this order.
    init(names: [String]) {
        photos = names.map { Photo(path: "/p/\($0).jpg", fileSize: 1, modificationTime: 1) }
    }

    /// Photos "/p/0.jpg", "/p/1.jpg"…
    convenience init(count: Int) { self.init(names: (0..<count).map { "\($0)" }) }

    func photo(at path: String) -> Photo? { photos.first { $0.path == path } }
    func neighbour(of path: String, offset: Int) -> Photo? {
        guard let index = photos.firstIndex(where: { $0.path == path }) else { return nil }
        return photos.indices.contains(index + offset) ? photos[index + offset] : nil
    }
    func place(of path: String) -> (index: Int, count: Int)? {
        photos.firstIndex { $0.path == path }.map { ($0, photos.count) }
    }
    var knownKeywords: [Keyword] { [] }
    func sharpnessRank(of photo: Photo) -> SharpnessRank? {
        let values = photos.compactMap(\.sharpness)
        guard let sharpness = photo.sharpness, values.count > 1 else { return nil }
        return SharpnessRank(softer: values.count { $0 < sharpness }, measured: values.count)
    }

    func rate(path: String, stars: Int) {
        if let index = photos.firstIndex(where: { $0.path == path }) { photos[index].rate(stars) }
    }

    /// Takes a window's edits, as the flow hands them to the list.
    func follow(_ viewer: PhotoViewerLogic) {
        viewer.onOutput = { [weak self] output in
            guard let self, case .edit(let edit) = output else { return }
            switch edit {
            case .rate(let path, let stars): rate(path: path, stars: stars)
            case .rotate(let path, let clockwise):
                guard let index = photos.firstIndex(where: { $0.path == path }) else { return }
                var metadata = photos[index].metadata ?? PhotoMetadata()
                metadata.orientation = PhotoOrientation.turned(metadata.orientation, clockwise: clockwise)
                photos[index].metadata = metadata
            case .tag(let edit, let path):
                if let index = photos.firstIndex(where: { $0.path == path }) {
                    photos[index].tags = edit.applied(to: photos[index].tags)
                }
            }
        }
    }
}
