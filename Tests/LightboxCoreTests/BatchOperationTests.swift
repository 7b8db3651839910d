import Foundation
@testable import LightboxCore
import XCTest

/// Trashing, copying and moving many photos: progress only after a
/// moment (on a clock the test moves), Cancel, one Undo, one question at a
/// time, and the notice that says what was done.
final class BatchOperationTests: XCTestCase {
    /// Files whose trash the test drives step by step: it reports progress
    /// and ends when the test says, as a slow disk would.
    @MainActor
    private final class ScriptedFiles: BatchFiles {
        private(set) var progress: (@MainActor (Int, Int) -> Void)?
        private var finish: CheckedContinuation<BatchTrashResult, Never>?
        let started = Signal()
        let cancelled = Locked(false)
        private(set) var restored: [[String]] = []
        var restoreFailures: [FileFailure] = []

        func photo(at path: String) -> Photo? { nil }

        func trash(paths: [String], progress: @escaping @MainActor (Int, Int) -> Void) async -> BatchTrashResult {
            self.progress = progress
            let cancelled = cancelled
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    finish = continuation
                    started.fire()
                }
            } onCancel: {
                cancelled.withLock { $0 = true }
            }
        }

        /// The trash ends with `result`.
        func end(_ result: BatchTrashResult) {
            finish?.resume(returning: result)
            finish = nil
        }

        func restore(paths: [String]) async -> [FileFailure] {
            restored.append(paths)
            return restoreFailures
        }

        func transfer(_ paths: [String], to folder: String, mode: PhotoTransferMode,
                      resolve: @escaping @Sendable (NameClash) async -> ClashDecision?,
                      progress: @escaping @MainActor (Int, Int) -> Void) async -> TransferReport {
            TransferReport()
        }

        private(set) var undone: [TagChange] = []
        func undo(_ change: TagChange) { undone.append(change) }
    }

    /// Fires once; those waiting for it go on.
    @MainActor
    private final class Signal {
        private var fired = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func fire() {
            fired = true
            waiting.forEach { $0.resume() }
            waiting = []
        }

        func wait() async {
            if fired { return }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Every effect of a batch operation, and a wait for the next ones.
    @MainActor
    private final class Effects {
        private(set) var all: [BatchOperation.Effect] = []
        private var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        init(_ batch: BatchOperation) {
            batch.onEffect = { [weak self] effect in self?.record(effect) }
        }

        private func record(_ effect: BatchOperation.Effect) {
            all.append(effect)
            let due = waiting.filter { $0.count <= all.count }
            waiting.removeAll { $0.count <= all.count }
            due.forEach { $0.continuation.resume() }
        }

        /// Returns once `count` effects in all have come.
        func until(_ count: Int) async {
            if all.count >= count { return }
            await withCheckedContinuation { waiting.append((count, $0)) }
        }

        var notices: [Notice] {
            all.compactMap { if case .notice(let notice) = $0 { notice } else { nil } }
        }
    }

    private let a = "/photos/a.jpg", b = "/photos/b.jpg", c = "/photos/c.jpg"

    @MainActor
    func testProgressShowsOnlyAfterAMomentAndOneUndoPutsBackAllThatWent() async {
        let clock = ManualClock()
        let files = ScriptedFiles()
        let batch = BatchOperation(files: files, clock: clock, momentBeforeProgress: .milliseconds(400))
        let effects = Effects(batch)
        let job = Task { await batch.trash([a, b, c]) }
        await files.started.wait()

        files.progress?(1, 3)
        clock.advance(by: .milliseconds(400))
        files.progress?(2, 3)
        XCTAssertEqual(effects.all, [], "no progress within the moment")
        clock.advance(by: .milliseconds(1))
        files.progress?(3, 3)
        XCTAssertEqual(effects.all, [.notice(Notice("Moving 3 of 3 photos to the trash…", button: .cancel, seconds: 60))])

        files.end(BatchTrashResult(trashed: [a, b, c]))
        await job.value
        XCTAssertEqual(effects.all.dropFirst(), [
            .trashed([a, b, c]),
            .notice(Notice("3 photos moved to trash", button: .undo, seconds: 8)),
        ])
        files.progress?(3, 3)
        XCTAssertEqual(effects.all.count, 3, "progress arriving late shows nothing")

        await batch.noticeButtonPressed()
        XCTAssertEqual(files.restored, [[a, b, c]], "one Undo, for all of them")
        await batch.noticeButtonPressed()
        XCTAssertEqual(files.restored.count, 1, "and only once")
        XCTAssertEqual(effects.all.count, 3, "nothing to say when all came back")
        // The batch holds its files unowned: the list that owns it, here the test.
        withExtendedLifetime(files) {}
    }

    /// A keyword added to many photos: its writes' progress shows after a
    /// moment, with Cancel, which stops them and takes the keyword back
    /// from every photo; a batch that ends says so and offers one Undo.
    @MainActor
    func testKeywordWritesShowProgressCancelPutsBackAndUndoTakesBack() async {
        let clock = ManualClock()
        let files = ScriptedFiles()
        let batch = BatchOperation(files: files, clock: clock, momentBeforeProgress: .milliseconds(400))
        let effects = Effects(batch)
        let sunset = Keyword("sunset")!
        func change(_ count: Int) -> TagChange {
            TagChange(inverse: [(TagEdit(removing: [sunset]), [a, b, c])], notice: .keywordAdded(sunset, to: count),
                      writes: TagWrites(total: count))
        }

        let quick = change(3)
        let first = Task { await batch.tagged(quick) }
        quick.writes.advance(to: 3)
        quick.writes.finish()
        await first.value
        XCTAssertEqual(effects.notices, [Notice("Added “sunset” to 3 photos.", button: .undo)], "no progress for a quick one")
        await batch.noticeButtonPressed()
        XCTAssertEqual(files.undone.count, 1, "Undo takes it back")

        let slow = change(1000)
        let second = Task { await batch.tagged(slow) }
        await Task.yield()
        clock.advance(by: .milliseconds(401))
        slow.writes.advance(to: 230)
        await effects.until(2)
        XCTAssertEqual(effects.notices.last, Notice("Saving the keyword in 230 of 1,000 files…", button: .cancel, seconds: 60))
        await batch.noticeButtonPressed()
        XCTAssertTrue(slow.writes.isStopped, "Cancel stops the writes not begun")
        slow.writes.finish()
        await second.value
        XCTAssertEqual(files.undone.count, 2, "and puts every photo back")
        XCTAssertEqual(effects.notices.last, Notice("Stopped: every photo is back as it was."))
        withExtendedLifetime(files) {}
    }

    @MainActor
    func testAQuickTrashOnlySaysWhatWentAndCancelStopsASlowOne() async {
        let clock = ManualClock()
        let files = ScriptedFiles()
        let batch = BatchOperation(files: files, clock: clock)
        let effects = Effects(batch)
        var job = Task { await batch.trash([a]) }
        await files.started.wait()
        files.progress?(1, 1)
        files.end(BatchTrashResult(trashed: [a]))
        await job.value
        XCTAssertEqual(effects.all, [.trashed([a]), .notice(Notice("“a.jpg” moved to trash", button: .undo, seconds: 8))])

        let slow = ScriptedFiles()
        let second = BatchOperation(files: slow, clock: clock)
        let heard = Effects(second)
        job = Task { await second.trash([a, b, c]) }
        await slow.started.wait()
        await second.trash([c])
        XCTAssertTrue(heard.all.isEmpty, "a second trash while one runs is left out")
        clock.advance(by: .seconds(1))
        slow.progress?(1, 3)
        XCTAssertEqual(heard.notices.last?.button, .cancel)
        await second.noticeButtonPressed()
        XCTAssertTrue(slow.cancelled.withLock { $0 }, "Cancel stops the job")
        slow.end(BatchTrashResult(trashed: [a], cancelled: true))
        await job.value
        XCTAssertEqual(heard.notices.last, Notice("“a.jpg” moved to trash; the others were left where they were",
                                                  button: .undo, seconds: 8))
        withExtendedLifetime((files, slow)) {}
    }

    @MainActor
    func testWhatCouldNotBeDoneIsNamedAndStaysLonger() async {
        let files = ScriptedFiles()
        let batch = BatchOperation(files: files, clock: ManualClock())
        let effects = Effects(batch)
        var job = Task { await batch.trash([a, b]) }
        await files.started.wait()
        files.end(BatchTrashResult(trashed: [a], failures: [FileFailure(path: b, reason: "No trash here")]))
        await job.value
        XCTAssertEqual(effects.notices.last, Notice(
            "“a.jpg” moved to trash. “b.jpg” could not be moved to the trash: No trash here", button: .undo, seconds: 20))

        files.restoreFailures = [FileFailure(path: a, reason: "the name is taken")]
        await batch.noticeButtonPressed()
        XCTAssertEqual(effects.notices.last, Notice("“a.jpg” could not be put back: the name is taken", seconds: 20))

        let none = ScriptedFiles()
        let other = BatchOperation(files: none, clock: ManualClock())
        let heard = Effects(other)
        job = Task { await other.trash([a, b]) }
        await none.started.wait()
        none.end(BatchTrashResult(failures: [FileFailure(path: a, reason: "x"), FileFailure(path: b, reason: "y")]))
        await job.value
        XCTAssertEqual(heard.all, [.notice(Notice("2 photos could not be moved to the trash: “a.jpg” (x), “b.jpg” (y)",
                                                  seconds: 20))], "nothing went: no Undo")
        withExtendedLifetime((files, none)) {}
    }

    /// The questions a list asked, each once, in order.
    @MainActor
    private func questions(_ recorder: LogicRecorder<PhotoListLogic>) -> [PhotoListLogic.Question] {
        var seen = Set<Int>()
        return recorder.states.compactMap(\.question).filter { seen.insert($0.id).inserted }.map(\.value)
    }

    /// A list's Paste, as the person answers its name clashes: one at a
    /// time, and the notice says what was done.
    @MainActor
    func testNameClashesAreAskedOneAtATimeAndTheNoticeSaysWhatWasDone() async throws {
        let scratch = Scratch()
        for name in ["a", "b", "c"] {
            scratch.file("from/\(name).jpg", "ours \(name)")
            scratch.file("to/\(name).jpg", "theirs \(name)")
        }
        let from = scratch.path("from").path, to = scratch.path("to").path
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                   trash: FolderTrash(folder: scratch.path("trash")))
        let recorder = LogicRecorder(logic)
        await logic.sendAndSettle(.openFolderAt(to))
        logic.send(.paste(["a", "b", "c"].map { "\(from)/\($0).jpg" }, cut: false))

        let askedFirst = await eventually { logic.state.question != nil }
        XCTAssertTrue(askedFirst)
        guard case .clash(let first)? = logic.state.question?.value else { return XCTFail("\(logic.state)") }
        XCTAssertEqual([first.fileName, first.folderName], ["a.jpg", "to"])
        XCTAssertTrue(first.othersFollow, "more to go: the answer can be for all")
        logic.send(.answer(.clash(.skip, forAll: false)))
        XCTAssertNil(logic.state.question, "answered")

        let askedSecond = await eventually { logic.state.question != nil }
        XCTAssertTrue(askedSecond)
        guard case .clash(let second)? = logic.state.question?.value else { return XCTFail("\(logic.state)") }
        XCTAssertEqual(second.fileName, "b.jpg", "the next question only after the answer")
        logic.send(.answer(.clash(.keepBoth, forAll: true)))

        await logic.settled()
        XCTAssertEqual(questions(recorder).count, 2, "no question for c: the answer was for all")
        XCTAssertNil(logic.state.question)
        XCTAssertEqual(logic.state.notice?.value, Notice("2 photos copied to “to”; 1 skipped"))
        let names = try FileManager.default.contentsOfDirectory(atPath: to).sorted()
        XCTAssertEqual(names, ["a.jpg", "b (2).jpg", "b.jpg", "c (2).jpg", "c.jpg"])
    }

    /// The window closing while a clash question waits stops the job there.
    @MainActor
    func testCancellingWhileAQuestionWaitsStopsThere() async throws {
        let scratch = Scratch()
        scratch.file("from/a.jpg")
        scratch.file("from/b.jpg")
        scratch.file("to/a.jpg")
        let from = scratch.path("from").path, to = scratch.path("to").path
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                   trash: FolderTrash(folder: scratch.path("trash")))
        await logic.sendAndSettle(.openFolderAt(to))
        logic.send(.paste(["\(from)/a.jpg", "\(from)/b.jpg"], cut: true))
        let asked = await eventually { logic.state.question != nil }
        XCTAssertTrue(asked)
        logic.send(.close(.standard))
        let told = await eventually { logic.state.notice != nil }
        XCTAssertTrue(told)
        XCTAssertEqual(logic.state.notice?.value, Notice("0 photos moved to “to”; the others were left where they were"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(from)/b.jpg"), "nothing after the question went")
    }
}
