import FilePaths
import Foundation

/// What a batch operation acts through: a folder's list, which does the
/// file work off the main thread and follows what was done
/// (`PhotoListLogic`; tests pass one they drive step by step).
@MainActor
protocol BatchFiles: AnyObject {
    /// The photo at `path`, for its title in the notices.
    func photo(at path: String) -> Photo?
    /// Moves `paths` to the trash, telling `progress(done, total)` as it goes;
    /// cancelling the calling task stops it between two photos.
    func trash(paths: [String], progress: @escaping @MainActor (Int, Int) -> Void) async -> BatchTrashResult
    /// Puts back photos trashed from `paths`; answers those that could not come back.
    func restore(paths: [String]) async -> [FileFailure]
    /// Copies or moves `paths` into `folder`, asking `resolve` about each
    /// name clash; cancelling the calling task stops it.
    func transfer(_ paths: [String], to folder: String, mode: PhotoTransferMode,
                  resolve: @escaping @Sendable (NameClash) async -> ClashDecision?,
                  progress: @escaping @MainActor (Int, Int) -> Void) async -> TransferReport
    /// Takes back a tag change made on many photos.
    func undo(_ change: TagChange)
}

/// Moving photos to the trash, and copying or moving them into a folder:
/// one job, done in the same steps. Its progress shows, with Cancel, only
/// once the job has taken more than a moment (a quick one just says what
/// it did); a name clash is asked about one at a time, the job waiting for
/// the answer; one notice at the end says what was done and names what
/// could not be; a trash offers one Undo that puts back all that went.
///
/// At most one trash and one copy or move run at a time (a second asked
/// for meanwhile is left out, as a key pressed twice). The notice's button
/// does what the notice showing it says: Cancel stops that job, Undo puts
/// back that trash.
///
/// It shows nothing itself: what to show comes out as `Effect`s, which
/// the window renders. The caller runs each job in a task of its own;
/// cancelling that task stops the job, as `cancel()` does.
@MainActor
final class BatchOperation {
    enum Effect: Equatable, Sendable {
        /// A notice to show, in place of the one shown.
        case notice(Notice)
        /// A file of that name is already in the folder: ask what to do,
        /// and answer with `answer(_:forAll:)`. The next question comes
        /// only after that answer.
        case ask(NameClash)
        /// These photos went to the trash (photo windows showing one move on).
        case trashed([String])
    }

    /// Told every effect, in order.
    var onEffect: (Effect) -> Void = { _ in }

    private enum Kind: Hashable { case trash, transfer, tagging }

    /// What a notice's button does.
    private enum ButtonAction {
        case undo([String])
        case undoTags(TagChange)
        case cancel(Kind)
    }

    /// Unowned: the list owns its jobs.
    private unowned let files: BatchFiles
    /// Only a job that lasts longer than this shows its progress.
    private let momentBeforeProgress: Duration
    /// Starts measuring: answers the time since, on the clock given.
    private let startStopwatch: () -> () -> Duration
    /// Stops each job under way, by kind.
    private var stops: [Kind: () -> Void] = [:]
    /// The button of the last notice this showed.
    private var button: ButtonAction?
    /// The keyword writes whose progress shows (the last batch begun).
    private var tagging: TagWrites?
    /// The clash question on show: its answer resumes the job.
    private var pendingAnswer: CheckedContinuation<ClashDecision?, Never>?

    /// - Parameters:
    ///   - clock: measures the moment before progress shows; tests pass
    ///     one they move by hand.
    init(files: BatchFiles, clock: any Clock<Duration> = ContinuousClock(),
                momentBeforeProgress: Duration = .milliseconds(400)) {
        self.files = files
        self.momentBeforeProgress = momentBeforeProgress
        startStopwatch = { Self.stopwatch(on: clock) }
    }

    private static func stopwatch<C: Clock<Duration>>(on clock: C) -> () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    // MARK: Jobs

    /// Moves `paths` to the trash, one after another off the main thread;
    /// returns once the notice saying what went is out.
    func trash(_ paths: [String]) async {
        guard !paths.isEmpty, stops[.trash] == nil else { return }
        let titles = self.titles(of: paths)
        let elapsed = startStopwatch()
        let files = self.files
        let result = await run(.trash) {
            await files.trash(paths: paths) { [weak self] done, total in
                self?.progressed(.trashing(done, of: total), of: .trash, after: elapsed())
            }
        }
        if !result.trashed.isEmpty { onEffect(.trashed(result.trashed)) }
        let name = result.trashed.first.map { titles[$0] ?? $0 }
        show(.trashed(result, name: name), button: result.files.isEmpty ? nil : .undo(result.files))
    }

    /// Copies or moves `paths` into `folder`; returns once the notice
    /// saying what was done is out.
    func transfer(_ paths: [String], to folder: String, mode: PhotoTransferMode) async {
        guard !paths.isEmpty, stops[.transfer] == nil else { return }
        let elapsed = startStopwatch()
        let files = self.files
        let report = await run(.transfer) {
            await files.transfer(paths, to: folder, mode: mode, resolve: { [weak self] clash in
                await self?.ask(clash)
            }, progress: { [weak self] done, total in
                self?.progressed(.transferring(done, of: total, mode: mode), of: .transfer, after: elapsed())
            })
        }
        show(.transferred(report, to: folder, mode: mode), button: nil)
    }

    /// A keyword added to or removed from many photos: the files are
    /// written by the rating queue; their progress shows once the writes
    /// take more than a moment, with Cancel, which stops them and puts
    /// every photo back; at the end the notice says what was done and
    /// offers Undo. Returns once the writes are over.
    func tagged(_ change: TagChange?) async {
        guard let change, let notice = change.notice else { return }
        let elapsed = startStopwatch()
        // A second batch started meanwhile takes over the notice's Cancel.
        tagging = change.writes
        stops[.tagging] = { change.writes.stop() }
        for await done in change.writes.progress {
            progressed(.writingKeyword(done, of: change.writes.total), of: .tagging, after: elapsed())
        }
        if tagging === change.writes {
            tagging = nil
            stops[.tagging] = nil
        }
        if change.writes.isStopped {
            files.undo(change)
            show(.keywordChangeStopped, button: nil)
        } else {
            show(notice, button: .undoTags(change))
        }
    }

    /// Each photo's title, as the notices name it.
    private func titles(of paths: [String]) -> [String: String] {
        var titles: [String: String] = [:]
        for path in paths where titles[path] == nil {
            titles[path] = files.photo(at: path)?.title ?? (path as NSString).lastPathComponent.displayablePath
        }
        return titles
    }

    /// Runs a job in a task of its own, which the notice's Cancel stops, as
    /// does cancelling the calling task.
    private func run<Result: Sendable>(_ kind: Kind, _ job: @escaping @MainActor () async -> Result) async -> Result {
        let work = Task { await job() }
        stops[kind] = { work.cancel() }
        defer { stops[kind] = nil }
        return await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
    }

    // MARK: The person's answers

    /// The notice's button: Undo of the trash it told of, or Cancel of the
    /// job under way.
    func noticeButtonPressed() async {
        guard let action = button else { return }
        button = nil
        switch action {
        case .cancel(let kind):
            stop(kind)
        case .undo(let paths):
            // Put back whole even if the window closes meanwhile: half an
            // Undo would leave photos in the trash that were asked back.
            let files = self.files
            let failures = await Task { await files.restore(paths: paths) }.value
            if !failures.isEmpty { show(.putBackFailed(failures), button: nil) }
        case .undoTags(let change):
            files.undo(change)
        }
    }

    /// The answer to the clash question on show (nil: stop the job there);
    /// `forAll`: the same for the clashes after it.
    func answer(_ answer: NameClashAnswer?, forAll: Bool) {
        let pending = pendingAnswer
        pendingAnswer = nil
        pending?.resume(returning: answer.map { ClashDecision($0, forAll: forAll) })
    }

    /// Stops every job under way (the window is closing).
    /// (A keyword's writes go on: they are the person's change, and the
    /// index keeps what is left of them for the next start.)
    func cancel() {
        stop(.trash)
        stop(.transfer)
    }

    // MARK: Private

    private func stop(_ kind: Kind) {
        stops[kind]?()
        // A job waiting for an answer stops there.
        if kind == .transfer { answer(nil, forAll: false) }
    }

    private func ask(_ clash: NameClash) async -> ClashDecision? {
        guard stops[.transfer] != nil, !Task.isCancelled else { return nil }
        return await withCheckedContinuation { continuation in
            answer(nil, forAll: false)
            pendingAnswer = continuation
            onEffect(.ask(clash))
        }
    }

    /// A job's progress, shown once it has lasted a moment, while it runs,
    /// and not while a question waits for its answer (it would take the
    /// notice's button and change the notice behind the question).
    private func progressed(_ notice: Notice, of kind: Kind, after elapsed: Duration) {
        guard stops[kind] != nil, pendingAnswer == nil, elapsed > momentBeforeProgress else { return }
        show(notice, button: .cancel(kind))
    }

    private func show(_ notice: Notice, button: ButtonAction?) {
        self.button = button
        onEffect(.notice(notice))
    }
}

extension NameClash {
    /// The name the clashing files share, as people read it.
    public var fileName: String { (existing as NSString).lastPathComponent.displayablePath }

    /// The name of the folder sent to, as people read it.
    public var folderName: String {
        ((existing as NSString).deletingLastPathComponent as NSString).lastPathComponent.displayablePath
    }
}
