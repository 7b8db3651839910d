import Foundation
import Imaging
import Localization

/// What the list does with files at the person's asking: the trash and
/// back, Copy to… and Move to…, Paste. The work runs off the main thread,
/// one job at a time of each kind (see BatchOperation, which shows its
/// progress and says what was done); the list follows what was done.
@MainActor
final class FileJobs: BatchFiles {
    private let photos: PhotoCollection
    private let selection: PhotoSelection
    private let library: PhotoLibrary
    private let trash: PhotoTrash
    private let session: FolderSession
    private let edits: MetadataEdits
    /// Told whenever the list shows something new.
    private let changed: @MainActor () -> Void
    /// The jobs under way, their notices and questions.
    private(set) lazy var jobs = BatchOperation(files: self)

    init(photos: PhotoCollection, selection: PhotoSelection, library: PhotoLibrary, trash: PhotoTrash,
         session: FolderSession, edits: MetadataEdits, changed: @escaping @MainActor () -> Void) {
        self.photos = photos
        self.selection = selection
        self.library = library
        self.trash = trash
        self.session = session
        self.edits = edits
        self.changed = changed
    }

    func photo(at path: String) -> Photo? { photos.photo(at: path) }

    /// Takes back a tag change made on many photos (a keyword job's Undo
    /// or Cancel).
    func undo(_ change: TagChange) { edits.undo(change) }

    /// Moves `paths` to the trash, one after another off the main thread;
    /// a photo that cannot go is reported and the rest still go.
    /// `progress(done, total)` is called on the main actor.
    func trash(paths: [String], progress: @escaping @MainActor (Int, Int) -> Void = { _, _ in })
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
            changed()
        }
        let gone = Set(result.done)
        let trashed = zip(paths, groups).filter { $0.1.allSatisfy(gone.contains) }.map(\.0)
        return BatchTrashResult(trashed: trashed, files: result.done, failures: result.failures, cancelled: result.cancelled)
    }

    /// Undo of a batch trash: puts the photos back; they join the list
    /// again with their ratings. Answers those that could not come back.
    func restore(paths: [String]) async -> [FileFailure] {
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
        changed()
        return result.failures
    }

    /// Runs `body` on each path in turn, off the main thread, until done
    /// or the calling task is cancelled.
    private static func eachOffMainThread(
        _ paths: some Collection<String> & Sendable, progress: @escaping @MainActor (Int, Int) -> Void,
        _ body: @escaping @Sendable (String) throws(TrashError) -> Void
    ) async -> (done: [String], failures: [FileFailure], cancelled: Bool) {
        let total = paths.count
        let (updates, report) = Self.progressReports()
        let work = Task.detached { () -> (done: [String], failures: [FileFailure], cancelled: Bool) in
            defer { report.finish() }
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
                if count % 16 == 0 || count == total { report.yield((count, total)) }
            }
            return (done, failures, false)
        }
        return await withTaskCancellationHandler {
            for await (done, total) in updates { progress(done, total) }
            return await work.value
        } onCancel: { work.cancel() }
    }

    /// Progress told from a job's thread to the main actor, which reads it
    /// while it waits for the job: only the latest count is kept.
    private static func progressReports() -> (AsyncStream<(Int, Int)>, AsyncStream<(Int, Int)>.Continuation) {
        AsyncStream.makeStream(of: (Int, Int).self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Copies or moves `paths` into `folder` off the main thread (see
    /// `PhotoTransfer`). Moved photos keep their ratings (the index's
    /// follows them; those in files and sidecars travel with them) and
    /// leave the list unless they stay inside its folder; copies made into
    /// the folder join it. Cancelling the calling task stops the transfer.
    /// `progress(done, total)` is called on the main actor.
    func transfer(_ paths: [String], to folder: String, mode: PhotoTransferMode,
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
        let (updates, reporter) = Self.progressReports()
        let work = Task.detached {
            defer { reporter.finish() }
            return await PhotoTransfer().run(paths, to: destination, mode: mode, resolve: resolve) { done, total in
                reporter.yield((done, total))
            }
        }
        var report = await withTaskCancellationHandler {
            for await (done, total) in updates { progress(done, total) }
            return await work.value
        } onCancel: { work.cancel() }
        if paths.count != groups.count {
            let arrived = Set(report.done.map(\.from))
            report.photosDone = groups.count { $0.allSatisfy(arrived.contains) }
        }
        for file in report.done {
            switch mode {
            case .move where session.holds(file.to):
                await session.fileMoved(from: file.from, to: file.to)
            case .move:
                await library.ratings.move(from: file.from, to: file.to)
                session.fileRemoved(path: file.from)
            case .copy where session.holds(file.to):
                await session.fileChanged(path: file.to)
            case .copy:
                break
            }
        }
        return report
    }

    /// Files pasted into the folder shown (Ctrl+V, Paste in the grid's
    /// menu). Only photos come in: whatever else a file manager copied
    /// along with them (a document, a folder) stays where it is; a photo's
    /// sidecar follows it, as in every copy.
    func paste(_ paths: [String], cut: Bool) -> PasteRequest {
        guard let folder = session.folder else { return .refused(.nothingToPaste) }
        let photos = paths.filter { FolderScanner.imageExtensions.contains(PhotoFormat.lowercasedExtension(of: $0)) }
        guard !photos.isEmpty else { return .refused(.nothingToPaste) }
        return .transfer(photos, to: folder.url.path, mode: cut ? .move : .copy)
    }
}

/// What pasting files a file manager copied (or cut) comes to in the
/// folder shown.
public enum PasteRequest: Equatable, Sendable {
    /// Copy these photos into `folder`, or move them there when they were
    /// cut (the file manager that cut them expects them to leave); a copy
    /// or a move like Copy to…, name clashes asked about.
    case transfer([String], to: String, mode: PhotoTransferMode)
    /// Nothing to paste here; the notice says why.
    case refused(Notice)
}

extension Notice {
    /// Paste found no photo on the clipboard (only other files, or nothing
    /// it could read).
    static var nothingToPaste: Notice {
        // Translators: a notice after Paste (Ctrl+V) when a file manager copied no photo.
        Notice(tr("No photos to paste: copy photos in a file manager first"), seconds: 8)
    }
}
