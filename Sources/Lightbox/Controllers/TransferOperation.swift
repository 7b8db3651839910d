import FilePaths
import Foundation
import GtkKit
import LightboxCore
import Localization

/// Copy to… and Move to… from a main window: the name clashes asked about
/// one at a time in the window, progress with Cancel when it takes more
/// than a moment, and one notice at the end naming what did not go.
@MainActor
final class TransferOperation {
    private let logic: PhotoListLogic
    private let view: MainWindowView
    private var running: Task<Void, Never>?
    /// The clash question on show: its answer resumes the transfer.
    private var pendingAnswer: CheckedContinuation<ClashDecision?, Never>?
    private static let momentBeforeProgress = Duration.milliseconds(400)

    init(logic: PhotoListLogic, view: MainWindowView) {
        self.logic = logic
        self.view = view
    }

    var isRunning: Bool { running != nil }

    func start(_ paths: [String], to folder: String, mode: PhotoTransferMode) {
        guard !paths.isEmpty, running == nil else { return }
        let started = ContinuousClock.now
        running = Task {
            let report = await logic.transfer(paths, to: folder, mode: mode, resolve: { [weak self] clash in
                await self?.ask(clash)
            }, progress: { [weak self] done, total in
                Task { @MainActor in
                    guard let self, self.running != nil, self.pendingAnswer == nil,
                          ContinuousClock.now - started > Self.momentBeforeProgress else { return }
                    self.view.show(notice: FileNotices.transferring(done, of: total, mode: mode), actionLabel: tr("_Cancel"),
                                   seconds: 60)
                }
            })
            running = nil
            view.show(notice: Self.summary(report, mode: mode, folder: folder), seconds: report.failures.isEmpty ? 8 : 20)
        }
    }

    /// The notice's Cancel, or the window closing.
    func cancel() {
        running?.cancel()
        answer(nil, forAll: false)
    }

    /// The clash question's answer (nil: stop).
    func answer(_ answer: NameClashAnswer?, forAll: Bool) {
        let pending = pendingAnswer
        pendingAnswer = nil
        pending?.resume(returning: answer.map { ClashDecision($0, forAll: forAll) })
    }

    private func ask(_ clash: NameClash) async -> ClashDecision? {
        guard running != nil, !Task.isCancelled else { return nil }
        return await withCheckedContinuation { continuation in
            pendingAnswer = continuation
            let folder = (clash.existing as NSString).deletingLastPathComponent as NSString
            view.askAboutClash(name: (clash.existing as NSString).lastPathComponent.displayablePath,
                               folder: folder.lastPathComponent.displayablePath,
                               others: clash.othersFollow)
        }
    }

    /// "3 photos copied to “Album”", with what was skipped and what failed.
    static func summary(_ report: TransferReport, mode: PhotoTransferMode, folder: String) -> String {
        let name = (folder as NSString).lastPathComponent.displayablePath
        let text = FileNotices.transferred(report.done.count, to: name, mode: mode,
                                           skipped: report.skipped.count, cancelled: report.cancelled)
        // Two sentences: what was done, then what could not be.
        return report.failures.isEmpty ? text : text + ". " + FileNotices.failed(report.failures, .init(mode))
    }
}
