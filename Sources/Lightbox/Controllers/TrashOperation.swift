import FilePaths
import Foundation
import GtkKit
import LightboxCore
import Localization

/// Moving photos to the trash from a main window: progress with Cancel
/// when it takes more than a moment, one notice for the whole batch
/// naming what could not go, and one Undo that puts back all that went.
@MainActor
final class TrashOperation {
    /// What the notice's button does now.
    private enum NoticeAction {
        case undo([String])
        case cancel
    }

    private let logic: PhotoListLogic
    private let notify: (_ text: String, _ actionLabel: String?, _ seconds: Double) -> Void
    /// Each trashed photo, for photo windows to move on.
    private let removed: (String) -> Void
    private var noticeAction: NoticeAction?
    private var running: Task<Void, Never>?
    /// Only a batch that lasts longer than this shows its progress.
    private static let momentBeforeProgress = Duration.milliseconds(400)

    init(logic: PhotoListLogic, notify: @escaping (String, String?, Double) -> Void,
         removed: @escaping (String) -> Void) {
        self.logic = logic
        self.notify = notify
        self.removed = removed
    }

    /// Trashes `paths` (one after another, off the main thread).
    func trash(_ paths: [String]) {
        guard !paths.isEmpty, running == nil else { return }
        let titles = paths.map { logic.photo(at: $0)?.title ?? ($0 as NSString).lastPathComponent.displayablePath }
        let started = ContinuousClock.now
        running = Task {
            let result = await logic.trash(paths: paths) { [weak self] done, total in
                guard let self, ContinuousClock.now - started > Self.momentBeforeProgress else { return }
                self.noticeAction = .cancel
                self.notify(FileNotices.trashing(done, of: total), tr("_Cancel"), 60)
            }
            running = nil
            result.trashed.forEach(removed)
            report(result, titles: Dictionary(zip(paths, titles), uniquingKeysWith: { first, _ in first }))
        }
    }

    /// The notice's button: Undo, or Cancel while a batch runs.
    func noticeButtonPressed() {
        switch noticeAction {
        case .undo(let paths):
            noticeAction = nil
            undo(paths)
        case .cancel:
            noticeAction = nil
            running?.cancel()
        case nil:
            break
        }
    }

    func cancel() { running?.cancel() }

    private func report(_ result: BatchTrashResult, titles: [String: String]) {
        let name = result.trashed.first.map { titles[$0] ?? $0 }
        var text = FileNotices.trashed(result.trashed.count, name: name, cancelled: result.cancelled)
        if !result.failures.isEmpty {
            // Two sentences: what was done, then what could not be.
            text = (result.trashed.isEmpty ? "" : text + ". ") + FileNotices.failed(result.failures, .trash)
        }
        noticeAction = result.trashed.isEmpty ? nil : .undo(result.trashed)
        notify(text, result.trashed.isEmpty ? nil : tr("_Undo"), result.failures.isEmpty ? 8 : 20)
    }

    private func undo(_ paths: [String]) {
        Task {
            let failures = await logic.restore(paths: paths)
            guard !failures.isEmpty else { return }
            notify(FileNotices.failed(failures, .putBack), nil, 20)
        }
    }
}
