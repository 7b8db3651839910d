import Foundation

/// What the list does with files at the person's asking: the trash and
/// back, Copy to… and Move to…. The work runs off the main thread; the
/// list follows what was done.
extension PhotoListLogic {
    /// Moves the selected photos to the trash, one after another off the
    /// main thread; a photo that cannot go is reported and the rest still
    /// go. `progress(done, total)` is called on the main actor.
    func trashSelection(progress: @escaping @MainActor (Int, Int) -> Void = { _, _ in })
        async -> BatchTrashResult {
        await trash(paths: selectedPhotos.map(\.path), progress: progress)
    }

    /// Moves `paths` to the trash (see `trashSelection`).
    public func trash(paths: [String], progress: @escaping @MainActor (Int, Int) -> Void = { _, _ in })
        async -> BatchTrashResult {
        let trash = self.trash
        // A rating still on its way into a photo goes in before the photo
        // leaves, so the file carries it into the trash and back with
        // Undo: a write that found its file gone left a photo rated just
        // before to come back unrated (seen once in CI).
        await library.ratings.settled()
        // A RAW+JPEG pair goes whole.
        let groups = paths.map { photos.photo(at: $0)?.files ?? [$0] }
        let result = await Self.eachOffMainThread(groups.flatMap { $0 }, progress: progress) { path throws(TrashError) in
            try trash.trash(path: path)
        }
        if !result.done.isEmpty {
            photos.remove(result.done)
            selection.remove(result.done)
            publish(makeState())
        }
        let gone = Set(result.done)
        let trashed = zip(paths, groups).filter { $0.1.allSatisfy(gone.contains) }.map(\.0)
        return BatchTrashResult(trashed: trashed, files: result.done, failures: result.failures, cancelled: result.cancelled)
    }

    /// Undo of a batch trash: puts the photos back; they join the list
    /// again with their ratings. Answers those that could not come back.
    public func restore(paths: [String]) async -> [FileFailure] {
        let trash = self.trash
        // Back in the reverse order: the last one trashed from a path is
        // the newest in the trash.
        let result = await Self.eachOffMainThread(paths.reversed(), progress: { _, _ in }) { path throws(TrashError) in
            try trash.restore(path: path)
        }
        var back: [Photo] = []
        for path in result.done {
            if let photo = await library.reload(path: path) { back.append(photo) }
        }
        // Back in the list; one still there (the folder monitor was
        // quicker) takes the data read now.
        let known = back.filter { photos.photo(at: $0.path) != nil }
        photos.insert(back.filter { photos.photo(at: $0.path) == nil })
        photos.replace(known)
        publish(makeState())
        return result.failures
    }

    /// Moves one photo to the trash, as a batch of one (see `trash(paths:)`);
    /// throws why it could not, leaving everything as it was.
    @discardableResult
    public func trash(path: String) async throws(TrashError) -> State {
        if let failure = await trash(paths: [path]).failures.first { throw TrashError(message: failure.reason) }
        return state
    }

    /// Puts back the photo last trashed from `path` (see `restore(paths:)`).
    @discardableResult
    public func restore(path: String) async throws(TrashError) -> State {
        if let failure = await restore(paths: [path]).first { throw TrashError(message: failure.reason) }
        return state
    }

    /// Runs `body` on each path in turn, off the main thread, until done
    /// or the calling task is cancelled.
    private static func eachOffMainThread(
        _ paths: some Collection<String> & Sendable, progress: @escaping @MainActor (Int, Int) -> Void,
        _ body: @escaping @Sendable (String) throws(TrashError) -> Void
    ) async -> (done: [String], failures: [FileFailure], cancelled: Bool) {
        let total = paths.count
        let work = Task.detached { () -> (done: [String], failures: [FileFailure], cancelled: Bool) in
            var done: [String] = [], failures: [FileFailure] = []
            for (index, path) in paths.enumerated() {
                if Task.isCancelled { return (done, failures, true) }
                do throws(TrashError) {
                    try body(path)
                    done.append(path)
                } catch {
                    failures.append(FileFailure(path: path, reason: error.message))
                }
                let count = index + 1
                if count % 16 == 0 || count == total { Task { @MainActor in progress(count, total) } }
            }
            return (done, failures, false)
        }
        return await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
    }

    /// Copies or moves `paths` into `folder` off the main thread (see
    /// `PhotoTransfer`). Moved photos keep their ratings (the index's
    /// follows them; those in files and sidecars travel with them) and
    /// leave the list unless they stay inside its folder; copies made into
    /// the folder join it. Cancelling the calling task stops the transfer.
    /// `progress(done, total)` is called on the main actor.
    public func transfer(_ paths: [String], to folder: String, mode: PhotoTransferMode,
                         resolve: @escaping @Sendable (NameClash) async -> ClashDecision?,
                         progress: @escaping @MainActor (Int, Int) -> Void = { _, _ in }) async -> TransferReport {
        let destination = URL(fileURLWithPath: folder).standardizedFileURL.path
        // A RAW+JPEG pair travels whole (each file with its sidecar).
        let groups = paths.map { photos.photo(at: $0)?.files ?? [$0] }
        let paths = groups.flatMap { $0 }
        // A rating still on its way into a photo goes in before the photo
        // moves (as before a trash): a write finding its photo moved away
        // is refused, and the photo would arrive without it.
        if mode == .move { await library.ratings.settled() }
        let work = Task.detached {
            await PhotoTransfer().run(paths, to: destination, mode: mode, resolve: resolve) { done, total in
                Task { @MainActor in progress(done, total) }
            }
        }
        var report = await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
        if paths.count != groups.count {
            let arrived = Set(report.done.map(\.from))
            report.photosDone = groups.count { $0.allSatisfy(arrived.contains) }
        }
        for file in report.done {
            switch mode {
            case .move where isInFolder(file.to):
                await fileMoved(from: file.from, to: file.to)
            case .move:
                await library.ratings.move(from: file.from, to: file.to)
                fileRemoved(path: file.from)
            case .copy where isInFolder(file.to):
                await fileChanged(path: file.to)
            case .copy:
                break
            }
        }
        return report
    }

    /// What "Move Rejected to Trash…" asks before anything goes.
    public var trashRejectedQuestion: TrashRejectedQuestion {
        let count = rejectedPhotos.count
        return count == 0 ? .nothingToTrash(.noneRejected) : .confirm(count: count)
    }

    private func isInFolder(_ path: String) -> Bool {
        guard let folder else { return false }
        return path.hasPrefix(folder.url.path + "/")
    }
}

extension PhotoListLogic: BatchFiles {}

/// What "Move Rejected to Trash…" asks: whether the rejected photos go,
/// or, with none rejected, nothing (a notice says how to reject one).
public enum TrashRejectedQuestion: Equatable, Sendable {
    case confirm(count: Int)
    case nothingToTrash(Notice)
}
