import Foundation
import FilePaths
import Localization

/// A rating write that failed for good, to show once: which file and why.
public struct RatingWriteFailure: Equatable, Sendable {
    /// The photo rated.
    public let path: String
    /// The file that could not be written (the photo or its sidecar).
    public let fileName: String
    /// Why, for a person: "the disk is full".
    public let reason: String
    /// What was being written.
    let subject: Subject

    package enum Subject: Equatable, Sendable {
        case rating, rotation
        /// A label, keywords, a title or a caption.
        case tags
    }

    package init(path: String, fileName: String, reason: String, subject: Subject = .rating) {
        self.path = path
        self.fileName = fileName
        self.reason = reason
        self.subject = subject
    }

    /// "Could not save the rating in “IMG_1.JPG”: the disk is full."
    public var message: String {
        switch subject {
        // Translators: {name} is a photo's file name; {reason} says why ("the disk is full").
        case .rotation: tr("Could not rotate “{name}”: {reason}.", ["name": fileName, "reason": reason])
        // Translators: {name} is a photo's or sidecar's file name; {reason} says why ("the disk is full").
        case .rating: tr("Could not save the rating in “{name}”: {reason}.", ["name": fileName, "reason": reason])
        // Translators: {name} is a photo's or sidecar's file name; {reason} says why ("the disk is full").
        case .tags: tr("Could not save the label, keywords or caption in “{name}”: {reason}.",
                       ["name": fileName, "reason": reason])
        }
    }
}

/// What the queue reports to whoever shows photos.
public enum RatingEvent: Equatable, Sendable {
    /// The rating reached the disk; the photo file now has this size and
    /// modification time (changed only when the photo itself was written).
    case written(path: String, fileSize: Int64, modificationTime: Int)
    case failed(RatingWriteFailure)
    /// A rotation could not be written: the photo keeps the orientation
    /// its file states.
    case rotationFailed(path: String)
}

/// Ratings as the person gives them: kept in the index at once, written
/// into files (or sidecars) on one worker thread, in order, through a
/// queue in the index that survives the app quitting. A write that fails
/// for a passing reason (a full disk, a busy file) is tried again at the
/// next start and shown once if it fails again; one that cannot succeed
/// (a read-only folder) is shown once at once. The rating stays in
/// Lightbox either way.
public final class RatingQueue: Sendable {
    public let index: LibraryIndex
    private let writer: any RatingWriter
    private let thumbnails: ThumbnailCache?
    private let settings: Locked<RatingStorage>
    private let observers = Locked<[Observer]>([])
    /// Failures that found no one to show them yet.
    private let undelivered = Locked<[RatingWriteFailure]>([])
    /// Attempts after which a failing write is given up (shown by then).
    static let mostAttempts = 5

    /// Ratings reach the index here, in the order given, each in a moment,
    /// whatever file writes are under way: quitting during a run of slow
    /// writes loses none of them.
    private static let recording = WorkerPool(name: "lb-rate-db", threads: 1)
    /// File writes run here, one at a time, in the order asked.
    private static let writing = WorkerPool(name: "lb-ratings", threads: 1)

    public init(index: LibraryIndex, writer: any RatingWriter = FileRatingWriter(),
                storage: RatingStorage = .photoFiles, thumbnails: ThumbnailCache? = nil) {
        self.index = index
        self.writer = writer
        self.thumbnails = thumbnails
        settings = Locked(storage)
    }

    /// Where ratings go (the preference); applies to writes made from now on.
    public var storage: RatingStorage {
        get { settings.withLock { $0 } }
        set { settings.withLock { $0 = newValue } }
    }

    /// Records `stars` (-1…5; 0 clears) for the photo and queues writing
    /// it. Returns at once: the work is done on the queue's thread.
    public func rate(_ stars: Int, path: String) {
        let stars = Photo.clampedRating(stars)
        RatingQueue.recording.submit { [self] in
            let storage = self.storage
            let queued = storage != .lightboxOnly
            do {
                try index.setRating(stars, for: path, queueingWrite: queued)
            } catch {
                // Translators: why a rating could not be saved; {error} is the database's error message.
                let reason = tr("the index could not be saved ({error})", ["error": "\(error)"])
                return report(RatingWriteFailure(path: path, fileName: "library.sqlite", reason: reason))
            }
            if queued { RatingQueue.writing.submit { self.attempt(stars, path: path, storage: storage) } }
        }
    }

    /// Writes EXIF's Orientation (1…8) into the photo on the queue's
    /// thread, in order with its ratings. Not kept across a restart: a
    /// rotation that cannot be written is shown at once, and the list reads
    /// the photo's orientation back from the file.
    /// `inSidecar`: `path` is a pair's RAW, turned in its sidecar.
    public func rotate(to orientation: Int, path: String, inSidecar: Bool = false) {
        RatingQueue.writing.submit { [self] in
            do throws(RatingFileError) {
                if inSidecar {
                    try writer.writeSidecarOrientation(orientation, for: path)
                } else {
                    try writer.writeOrientation(orientation, for: path)
                }
                guard let after = FolderScanner().stamp(of: path) else { return }
                try? index.save([PhotoLibrary.read(after)])
                emit(.written(path: path, fileSize: after.size, modificationTime: after.modificationTime))
            } catch {
                if !error.isGone {
                    report(RatingWriteFailure(path: path, fileName: String(Photo.name(of: error.path)).displayablePath,
                                              reason: error.reason, subject: .rotation))
                }
                emit(.rotationFailed(path: path))
            }
        }
    }

    /// Records a change of label, keywords, title or caption for the
    /// photos at `paths` and queues writing it into their files (the
    /// preference says where, as for ratings). Returns at once. Until the
    /// file takes it, the index keeps the change (see `LibraryIndex.recordTagEdit`)
    /// and a load shows it over what the file states.
    /// `writes`, when given, hears each file written and can stop the
    /// rest (a batch's progress and Cancel; see `TagWrites`).
    public func tag(_ edit: TagEdit, paths: [String], writes: TagWrites? = nil) {
        guard !edit.isEmpty, !paths.isEmpty else {
            writes?.finish()
            return
        }
        RatingQueue.recording.submit { [self] in
            let storage = self.storage
            let queued = storage != .lightboxOnly
            do {
                try index.recordTagEdit(edit, for: paths, queueingWrite: queued)
            } catch {
                // Translators: why a label or keyword could not be saved; {error} is the database's error message.
                let reason = tr("the index could not be saved ({error})", ["error": "\(error)"])
                writes?.finish()
                return report(RatingWriteFailure(path: paths[0], fileName: "library.sqlite", reason: reason,
                                                 subject: .tags))
            }
            guard queued else {
                writes?.finish()
                return
            }
            RatingQueue.writing.submit {
                // Stopped, the rest stay queued in the index: what stops
                // them (an Undo) is recorded next and makes them nothing to write.
                for (done, path) in paths.enumerated() where !(writes?.isStopped ?? false) {
                    self.attemptTags(path: path, storage: storage)
                    writes?.advance(to: done + 1)
                }
                writes?.finish()
            }
        }
    }

    /// A photo was renamed or moved: its rating follows it, after any
    /// rating given before (the queue's order), and a write still queued
    /// for it is made under its new name. Returns once the index is updated.
    public func move(from old: String, to new: String) async {
        await RatingQueue.recording.run { [index] in try? index.move(from: old, to: new) }
        RatingQueue.writing.submit { [self] in
            let storage = self.storage
            guard storage != .lightboxOnly else { return }
            if let write = (try? index.pendingWrites())?.first(where: { $0.path == new }) {
                attempt(write.stars, path: new, storage: storage)
            }
            if (try? index.pendingTagWrite(for: new)) != nil { attemptTags(path: new, storage: storage) }
        }
    }

    /// Tries the writes left over from earlier runs again (call once at start).
    public func resumePending() {
        RatingQueue.writing.submit { [self] in
            let storage = self.storage
            for write in (try? index.pendingWrites()) ?? [] {
                guard storage != .lightboxOnly else {
                    try? index.finishWrite(path: write.path, stars: write.stars)
                    continue
                }
                attempt(write.stars, path: write.path, storage: storage)
            }
            guard storage != .lightboxOnly else { return }
            for write in (try? index.pendingTagWrites()) ?? [] { attemptTags(path: write.path, storage: storage) }
        }
    }

    /// Calls `handler` (on the queue's thread) with every event from now
    /// on, as long as `owner` lives; failures no one was shown yet come first.
    public func observe(owner: AnyObject, _ handler: @escaping @Sendable (RatingEvent) -> Void) {
        observers.withLock { $0.append(Observer(owner: owner, handler: handler)) }
        RatingQueue.writing.submit { [self] in
            let waiting = undelivered.withLock { list in defer { list = [] }; return list }
            for failure in waiting { handler(.failed(failure)) }
        }
    }

    /// Waits, at most `seconds`, for the writes asked so far: the app calls
    /// it as it quits, so a rotation (not kept across a restart as ratings
    /// are) reaches its file. False when time ran out.
    public func waitForWrites(upTo seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        // Through the recording thread first: ratings recorded before queue
        // their writes from there.
        RatingQueue.recording.submit { RatingQueue.writing.submit { done.signal() } }
        return done.wait(timeout: .now() + seconds) == .success
    }

    /// Returns once every write asked before has been attempted.
    public func settled() async {
        await RatingQueue.recording.run {}
        await RatingQueue.writing.run {}
    }

    // MARK: On the queue's thread

    private func attempt(_ stars: Int, path: String, storage: RatingStorage) {
        do {
            try write(path, before: FolderScanner().stamp(of: path)) { [index] file in
                try? index.finishWrite(path: path, stars: stars, file: file)
            } making: { () throws(RatingFileError) in
                try writer.write(stars, for: path, storage: storage)
            }
        } catch {
            failed(error, stars: stars, path: path)
        }
    }

    /// Makes one write into the file at `path` (stamped `before` it) and
    /// tells of it: `finish` gives the index the file as written (so no
    /// scan reads it again), a photo rewritten keeps its thumbnail under
    /// its new stamp, and the observers hear that stamp.
    private func write(_ path: String, before: ScannedFile?, finish: (IndexedFile?) -> Void,
                       making write: () throws(RatingFileError) -> RatingWriteResult) throws(RatingFileError) {
        let result = try write()
        let after = FolderScanner().stamp(of: path)
        finish(after.map { PhotoLibrary.read($0) })
        if result.photoRewritten, let before, let after {
            thumbnails?.restamp(from: before.thumbnailSource, to: after.thumbnailSource)
        }
        if let after { emit(.written(path: path, fileSize: after.size, modificationTime: after.modificationTime)) }
    }

    /// Writes the tag change the index holds for `path` now (the newest,
    /// merged with any made before it was written).
    private func attemptTags(path: String, storage: RatingStorage) {
        guard let write = try? index.pendingTagWrite(for: path) else { return }
        // A change the file already states (a keyword it has, a change
        // taken back before it was written) is not written: the file
        // stays as it is.
        let before = FolderScanner().stamp(of: path)
        if let stated = try? index.file(at: path), stated.isCurrent(for: before),
           write.edit.applied(to: stated.tags) == stated.tags {
            try? index.finishTagWrite(path: path, edit: write.edit)
            return
        }
        do {
            try self.write(path, before: before) { [index] file in
                try? index.finishTagWrite(path: path, edit: write.edit, file: file)
            } making: { () throws(RatingFileError) in
                try writer.write(write.edit, for: path, storage: storage)
            }
        } catch {
            let failure = RatingWriteFailure(path: path, fileName: String(Photo.name(of: error.path)).displayablePath,
                                             reason: error.reason, subject: .tags)
            guard error.isTransient else {
                // Kept in Lightbox, not tried again: a read-only folder stays one.
                try? index.finishTagWrite(path: path, edit: write.edit, keeping: true)
                if !error.isGone { report(failure) }
                return
            }
            guard let attempts = try? index.recordTagFailure(path: path, reason: error.reason) else { return }
            if attempts >= 2, !write.reported {
                try? index.markTagFailureReported(path: path)
                report(failure)
            }
            if attempts >= RatingQueue.mostAttempts { try? index.finishTagWrite(path: path, edit: write.edit, keeping: true) }
        }
    }

    private func failed(_ error: RatingFileError, stars: Int, path: String) {
        let failure = RatingWriteFailure(path: path, fileName: String(Photo.name(of: error.path)).displayablePath, reason: error.reason)
        guard error.isTransient else {
            try? index.finishWrite(path: path, stars: stars)
            // A photo that is gone takes its rating with it: nothing to say.
            if !error.isGone { report(failure) }
            return
        }
        guard let write = try? index.recordFailure(path: path, stars: stars, reason: error.reason) else { return }
        if write.attempts >= 2, !write.reported {
            try? index.markReported(path: path)
            report(failure)
        }
        if write.attempts >= RatingQueue.mostAttempts { try? index.finishWrite(path: path, stars: stars) }
    }

    private func report(_ failure: RatingWriteFailure) {
        if !emit(.failed(failure)) { undelivered.withLock { $0.append(failure) } }
    }

    /// Tells the living observers; false when there was none.
    @discardableResult
    private func emit(_ event: RatingEvent) -> Bool {
        let living = observers.withLock { list in
            list.removeAll { $0.owner == nil }
            return list
        }
        for observer in living { observer.handler(event) }
        return !living.isEmpty
    }

    private struct Observer: @unchecked Sendable {
        // Weak, read under the lock only.
        weak var owner: AnyObject?
        let handler: @Sendable (RatingEvent) -> Void
    }
}

/// The file writes of one tag change on many photos, followed as they go
/// (a batch's progress) and stoppable (its Cancel).
public final class TagWrites: Sendable {
    /// How many files are to be written.
    public let total: Int
    /// The count of files written so far, as it grows; it ends when the
    /// writes are over or stopped.
    public let progress: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation
    private let stopped = AtomicFlag()

    public init(total: Int) {
        self.total = total
        (progress, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Stops the writes not yet begun.
    public func stop() { stopped.set() }
    public var isStopped: Bool { stopped.isSet }

    func advance(to done: Int) { continuation.yield(done) }
    func finish() { continuation.finish() }
}

extension ScannedFile {
    var thumbnailSource: ThumbnailSource {
        ThumbnailSource(path: path, modificationTime: modificationTime, fileSize: size)
    }
}

extension IndexedFile {
    /// Whether this entry still describes the file now (nil: gone).
    func isCurrent(for file: ScannedFile?) -> Bool { file.map(isCurrent(for:)) ?? false }
}

extension FolderScanner {
    /// The file as the scan would see it, whatever its extension.
    func stamp(of path: String) -> ScannedFile? {
        var info = stat()
        guard Posix.stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ScannedFile(path: path, size: Int64(info.st_size), modificationTime: Int(info.st_mtim.tv_sec),
                           sidecar: SidecarNaming.existing(for: path))
    }
}
