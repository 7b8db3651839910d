import FilePaths
import Foundation
import Imaging
import LightboxCore

/// What `lightbox-soak run` is asked to do.
struct RunOptions: Sendable {
    var folder = ""
    var copies = ""
    var moved = ""
    var journal = ""
    var summary = ""
    var seconds = 600.0
    /// The photos Lightbox acts on are those whose number is a multiple of
    /// this (1,000 of 10,000 with 10), spread over the whole folder.
    var stride = 10
    /// A file the churn process's parent creates once the churn is over.
    var churnDone: String?
}

/// The number a soak photo carries in its name ("P000120-3.jpg" is 120),
/// whatever the churn renamed it to and whichever copy it is.
func soakNumber(of path: String) -> Int? {
    let name = fileName(path)
    guard name.hasPrefix("P"), name.count >= 7 else { return nil }
    return Int(name.dropFirst().prefix(6))
}

/// Lightbox's side of the soak: the services the app builds (the index on
/// disk, the rating queue writing into files through the sandboxed
/// decoders, the shared thumbnail cache) under a PhotoListLogic for the
/// folder, fed the folder's changes as the app's monitor feeds them, and
/// driven as a person would: rating, rejecting, rotating, looking at
/// photos, copying and moving them, for the soak's length.
@MainActor
final class Driver {
    private let options: RunOptions
    private let journal: Journal
    private let index: LibraryIndex
    private let queue: RatingQueue
    private let logic: PhotoListLogic
    private let thumbnails: ThumbnailLoader
    private var watcher: FolderWatcher?
    private var random = SystemRandomNumberGenerator()
    private var driven: [String] = []
    private var drivenRefreshed = ContinuousClock.now - .seconds(60)
    private var actions: [String: Int] = [:]
    private var thumbnailsLoading = 0
    private var thumbnailResults: [String: Int] = [:]
    private var heartbeat = Heartbeat()
    private var changesApplied = 0

    init(options: RunOptions, journal: Journal) throws {
        self.options = options
        self.journal = journal
        let directories = XDGDirectories()
        index = try LibraryIndex(url: LibraryIndex.url(in: directories))
        // As AppServices builds it; only the writer is wrapped, to journal
        // each write (the real FileRatingWriter does the work).
        let cache = ThumbnailCache(directories: directories)
        queue = RatingQueue(index: index, writer: JournalingWriter(journal: journal), storage: .photoFiles,
                            thumbnails: cache)
        logic = PhotoListLogic(library: PhotoLibrary(index: index, ratings: queue), trash: RefusingTrash())
        // A grid's loader at the standard size: 128-pixel thumbnails, a
        // memory cache of 6 MiB as the app's grid keeps.
        thumbnails = ThumbnailLoader(cache: cache, size: .normal, memoryLimit: 6 << 20)
    }

    // MARK: The run

    func run() async -> [String: Any] {
        let started = wallClock()
        let loadStart = ContinuousClock.now
        let loaded = await logic.load(path: options.folder)
        let loadTime = ContinuousClock.now - loadStart
        FileHandle.standardError.write(Data("soak: loaded \(logic.visiblePhotos.count) photos in \(loadTime)\n".utf8))
        watcher = FolderWatcher(folder: options.folder) { change in
            Task { @MainActor [weak self] in await self?.apply(change) }
        }
        let beating = Task { [weak self] in await self?.beat() }
        // As the app's window: the folder is watched once loaded, so what
        // changes during the load is seen only by that load's own walk.
        var summary: [String: Any] = ["loadSeconds": seconds(loadTime), "photosLoaded": logic.visiblePhotos.count,
                                      "loadState": "\(loaded)".prefix(40).description,
                                      "startedAt": started, "watchedFrom": wallClock()]
        let deadline = started + options.seconds
        var done = 0
        while wallClock() < deadline {
            await act()
            done += 1
            // The notices a person would dismiss: conflicts are shown one
            // at a time until then.
            while logic.ratingFailure != nil { logic.dismissRatingFailure() }
            // Writes are kept from piling up beyond what a person causes:
            // the queue is let through every few dozen actions.
            if done % 40 == 0 { await queue.settled() }
            try? await Task.sleep(for: .milliseconds(Int.random(in: 5...40, using: &random)))
        }
        FileHandle.standardError.write(Data("soak: \(done) actions; settling\n".utf8))
        summary["actions"] = actions
        summary["actionsTotal"] = done
        summary["drivenSeconds"] = wallClock() - started
        summary.merge(await finish(), uniquingKeysWith: { $1 })
        beating.cancel()
        summary["heartbeat"] = heartbeat.summary
        summary["thumbnails"] = thumbnailResults
        summary["folderChangesApplied"] = changesApplied
        summary["folderEvents"] = watcher?.events.with { $0 } ?? 0
        summary["journal"] = journal.tally
        watcher?.stop()
        return summary
    }

    /// One action, chosen as a person culling a shoot might: mostly
    /// ratings, some rejects, turns and looks at photos, a copy or a move
    /// now and then; thumbnails load meanwhile as a grid scrolls.
    private func act() async {
        refreshDriven()
        loadSomeThumbnails()
        guard let path = driven.randomElement(using: &random), let photo = logic.photo(at: path) else {
            actions["none", default: 0] += 1
            return
        }
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<40:
            logic.rate(path: path, stars: Int.random(in: 1...5, using: &random))
            count("rate")
        case 40..<48:
            logic.reject(path: path)
            count("reject")
        case 48..<52:
            logic.clearRating(path: path)
            count("clear")
        case 52..<64:
            // The list turns only a photo whose orientation it has read.
            count(photo.metadata == nil ? "rotate-unread" : "rotate")
            logic.rotate(path: path, clockwise: Bool.random(using: &random))
        case 64..<72:
            await batch()
        case 72..<84:
            await look(at: photo)
        case 84..<96:
            await transfer(path, mode: .copy)
        default:
            await transfer(path, mode: .move)
        }
    }

    private func count(_ action: String) { actions[action, default: 0] += 1 }

    /// The selection bar: a few photos selected, rated or rejected at once.
    private func batch() async {
        let picked = (0..<3).compactMap { _ in driven.randomElement(using: &random) }
        logic.select(paths: picked)
        if Bool.random(using: &random) {
            logic.rateSelection(stars: Int.random(in: 0...5, using: &random))
            count("rate-selection")
        } else {
            logic.toggleRejectedSelection()
            count("reject-selection")
        }
        logic.selectNone()
    }

    /// A photo window: the photo decoded for the screen, rated from there,
    /// one step on and back (its neighbours decoded ahead).
    private func look(at photo: Photo) async {
        let viewer = PhotoViewerLogic(photo: photo, browsing: logic, displaySide: 1024)
        let shown = await viewer.load()
        if case .presenting = shown.picture { count("view") } else { count("view-failed") }
        viewer.rate(Int.random(in: 1...5, using: &random))
        _ = await viewer.step(1)
        _ = await viewer.step(-1)
    }

    private func transfer(_ path: String, mode: PhotoTransferMode) async {
        let folder = mode == .copy ? options.copies : options.moved
        let start = wallClock()
        let report = await logic.transfer([path], to: folder, mode: mode) { _ in ClashDecision(.keepBoth) }
        let end = wallClock()
        let op = mode == .copy ? "copy" : "move"
        for file in report.done {
            journal.record(JournalEntry(op: op, path: file.from, to: file.to, t0: start, t1: end, outcome: "ok"))
        }
        for failure in report.failures {
            journal.record(JournalEntry(op: op, path: failure.path, t0: start, t1: end, outcome: "failed",
                                        reason: failure.reason))
        }
        count(report.done.isEmpty ? "\(op)-failed" : op)
        if mode == .move { driven.removeAll { $0 == path } }
    }

    /// The photos Lightbox acts on, as the list has them now (renamed
    /// ones under their new names, moved ones gone).
    private func refreshDriven() {
        guard ContinuousClock.now - drivenRefreshed > .seconds(2) else { return }
        drivenRefreshed = .now
        driven = logic.visiblePhotos.map(\.path).filter { (soakNumber(of: $0) ?? 1) % options.stride == 0 }
    }

    /// A grid scrolling: thumbnails of a few photos anywhere in the list,
    /// at most eight loading at once.
    private func loadSomeThumbnails() {
        let photos = logic.visiblePhotos
        guard !photos.isEmpty else { return }
        for _ in 0..<2 where thumbnailsLoading < 8 {
            let photo = photos[Int.random(in: 0..<photos.count, using: &random)]
            let source = ThumbnailSource(path: photo.path, modificationTime: photo.modificationTime,
                                         fileSize: photo.fileSize)
            thumbnailsLoading += 1
            let loader = thumbnails
            Task { @MainActor [weak self] in
                let outcome: String
                do {
                    _ = try await loader.thumbnail(for: source, priority: .visible)
                    outcome = "ok"
                } catch {
                    // A photo renamed or rewritten since the list read it.
                    outcome = "failed"
                }
                self?.thumbnailsLoading -= 1
                self?.thumbnailResults[outcome, default: 0] += 1
            }
        }
    }

    /// As MainWindowController applies its FolderMonitor's changes.
    private func apply(_ change: FolderChange) async {
        changesApplied += 1
        switch change {
        case .changed(let path): await logic.fileChanged(path: path)
        case .removed(let path): logic.fileRemoved(path: path)
        case .moved(let from, let to): await logic.fileMoved(from: from, to: to)
        }
    }

    /// How late the main actor runs a timer: its responsiveness.
    private func beat() async {
        while !Task.isCancelled {
            let asked = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(50))
            heartbeat.add(ContinuousClock.now - asked - .milliseconds(50))
        }
    }

    // MARK: The end

    /// After the soak: the writes asked for are made, the churn is waited
    /// for, the list must agree with the folder, and the app must still
    /// answer: a full reload, a rating written, a photo decoded.
    private func finish() async -> [String: Any] {
        var result: [String: Any] = [:]
        while thumbnailsLoading > 0 { try? await Task.sleep(for: .milliseconds(20)) }
        await queue.settled()
        if let done = options.churnDone {
            let limit = wallClock() + 300
            while !FileManager.default.fileExists(atPath: done), wallClock() < limit {
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        // The folder quiet for two seconds: every change has reached the list.
        while let last = watcher?.lastEvent.with({ $0 }), wallClock() - last < 2 {
            try? await Task.sleep(for: .milliseconds(200))
        }
        try? await Task.sleep(for: .milliseconds(500))
        await queue.settled()
        let onDisk = Set(photoNames(in: options.folder))
        let listed = Set(logic.visiblePhotos.map { fileName($0.path) })
        result["listMissing"] = Array(onDisk.subtracting(listed)).sorted().prefix(20).map { $0 }
        result["listExtra"] = Array(listed.subtracting(onDisk)).sorted().prefix(20).map { $0 }
        result["listMissingCount"] = onDisk.subtracting(listed).count
        result["listExtraCount"] = listed.subtracting(onDisk).count
        result["listCountBeforeReload"] = listed.count

        // Alive: a full reload of the folder,
        var checks: [String: Any] = [:]
        let reloadStart = ContinuousClock.now
        await logic.load(path: options.folder)
        checks["reloadSeconds"] = seconds(ContinuousClock.now - reloadStart)
        checks["reloadCount"] = logic.visiblePhotos.count
        checks["reloadMatchesDisk"] = Set(logic.visiblePhotos.map { fileName($0.path) }) == onDisk
        // a rating written through the queue, in moments,
        var alive = checks["reloadMatchesDisk"] as? Bool ?? false
        if let photo = logic.visiblePhotos.first(where: { (soakNumber(of: $0.path) ?? 1) % options.stride == 0 })
            ?? logic.visiblePhotos.first {
            let before = journal.tally["rate ok", default: 0]
            let rateStart = ContinuousClock.now
            logic.rate(path: photo.path, stars: photo.rating == 5 ? 4 : 5)
            await queue.settled()
            checks["finalRatingSeconds"] = seconds(ContinuousClock.now - rateStart)
            let written = journal.tally["rate ok", default: 0] == before + 1
            checks["finalRatingWritten"] = written
            // and a photo decoded for a window.
            let viewStart = ContinuousClock.now
            let viewer = PhotoViewerLogic(photo: logic.photo(at: photo.path) ?? photo, browsing: logic,
                                          displaySide: 1024)
            let shown = await viewer.load()
            var decoded = false
            if case .presenting = shown.picture { decoded = true }
            checks["finalDecodeSeconds"] = seconds(ContinuousClock.now - viewStart)
            checks["finalDecodeWorked"] = decoded
            alive = alive && written && decoded
        } else {
            alive = false
        }
        checks["alive"] = alive
        result["finalChecks"] = checks
        // What the list shows of each photo, against the files' own tags.
        var shown: [String: [Int]] = [:]
        for photo in logic.visiblePhotos {
            shown[fileName(photo.path)] = [photo.rating, photo.metadata?.orientation ?? 0]
        }
        result["listShows"] = shown
        return result
    }
}

/// The last component of a path.
func fileName(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
}

/// Names of the photos in `folder` (not hidden, ending in .jpg).
func photoNames(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".jpg") }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The soak moves nothing to the trash; a trash that refuses keeps the
/// desktop's out of it.
struct RefusingTrash: PhotoTrash {
    func trash(path: String) throws(TrashError) { throw TrashError(message: "The soak has no trash.") }
    func restore(path: String) throws(TrashError) { throw TrashError(message: "The soak has no trash.") }
}

/// The main actor's lateness over the run.
struct Heartbeat {
    private var samples: [Double] = []

    mutating func add(_ lateness: Duration) { samples.append(max(0, seconds(lateness)) * 1000) }

    var summary: [String: Any] {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return ["beats": 0] }
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return ["beats": sorted.count, "medianMs": percentile(0.5), "p99Ms": percentile(0.99),
                "maxMs": sorted.last ?? 0, "over250Ms": sorted.filter { $0 > 250 }.count]
    }
}
