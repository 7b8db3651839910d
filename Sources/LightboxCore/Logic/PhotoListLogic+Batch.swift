import Foundation
import FilePaths

/// What a trash of many photos came to: those in the trash (one Undo puts
/// them all back) and those that stayed, each with why.
public struct BatchTrashResult: Equatable, Sendable {
    public var trashed: [String] = []
    public var failures: [FileFailure] = []
    /// Cancelled before every photo was tried (those left are untouched).
    public var cancelled = false
}

/// A file an action could not handle, and why, in words for the person.
public struct FileFailure: Equatable, Sendable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The file's name as people read it (see `displayablePath`).
    public var fileName: String { String(Photo.name(of: path)).displayablePath }
}

/// Actions on every selected photo shown: one change to the list, one
/// state, whatever the number of photos.
extension PhotoListLogic {
    /// Rates the selected photos (0 clears, -1 rejects); their files are
    /// written by the rating queue, in order, off the main thread.
    @discardableResult
    public func rateSelection(stars: Int) -> State {
        let photos = selectedPhotos
        guard !photos.isEmpty else { return state }
        let rated = photos.map { photo in
            var photo = photo
            photo.rate(stars)
            return photo
        }
        replace(rated)
        for photo in rated { library.ratings.rate(photo.rating, path: photo.path) }
        return publish(makeState())
    }

    /// X on a selection: rejects the photos, or, when all of them already
    /// are, takes the rejection back (as X does on one photo).
    @discardableResult
    public func toggleRejectSelection() -> State {
        let photos = selectedPhotos
        guard !photos.isEmpty else { return state }
        return rateSelection(stars: photos.allSatisfy(\.isRejected) ? 0 : Photo.rejected)
    }

    /// Every rejected photo of the folder, shown or not, in no set order.
    public var rejectedPhotos: [Photo] { byPath.values.filter(\.isRejected) }

    /// Moves the selected photos to the trash, one after another off the
    /// main thread; a photo that cannot go is reported and the rest still
    /// go. `progress(done, total)` is called on the main actor.
    public func trashSelection(progress: @escaping @MainActor (Int, Int) -> Void = { _, _ in })
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
        let result = await Self.eachOffMainThread(paths, progress: progress) { path throws(TrashError) in
            try trash.trash(path: path)
        }
        removeFromList(result.done)
        return BatchTrashResult(trashed: result.done, failures: result.failures, cancelled: result.cancelled)
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
        var photos: [Photo] = []
        for path in result.done {
            if let photo = await library.reload(path: path) { photos.append(photo) }
        }
        // Back in the list; one still there (the folder monitor was
        // quicker) takes the data read now.
        let known = photos.filter { byPath[$0.path] != nil }
        insert(photos.filter { byPath[$0.path] == nil })
        replace(known)
        publish(makeState())
        return result.failures
    }

    private func removeFromList(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        for path in paths { byPath[path] = nil }
        selection.subtract(paths)
        change(.remove(Set(paths)))
        publish(makeState())
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
}
