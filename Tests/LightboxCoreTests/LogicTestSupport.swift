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
