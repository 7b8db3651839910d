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
/// folder, fed the folder's changes through its `watching:` factory as the
/// app's monitor feeds them, and driven through its intents as a person
/// would: rating, rejecting, rotating, looking at photos, copying and
/// moving them, for the soak's length.
@MainActor
final class Driver {
    private let options: RunOptions
    private let journal: Journal
    private let index: LibraryIndex
    private let queue: RatingQueue
    private let logic: PhotoListLogic
    private let thumbnails: ThumbnailLoader
    /// The folder's watches the list asked for, and the changes they told it.
    private let watching = WatchLog()
    /// The clash question answered last (see `answerClashes`).
    private var clashAnswered: Int?
    private var random = SystemRandomNumberGenerator()
    private var driven: [String] = []
    private var drivenRefreshed = ContinuousClock.now - .seconds(60)
    private var actions: [String: Int] = [:]
    private var thumbnailsLoading = 0
    private var thumbnailResults: [String: Int] = [:]
    private var heartbeat = Heartbeat()

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
        // As the app's window, the folder is watched once loaded (what
        // changes during the load is seen only by that load's own walk):
        // the list asks its `watching` factory then.
        logic = PhotoListLogic(library: PhotoLibrary(index: index, ratings: queue), trash: RefusingTrash(),
                               watching: { [watching] report in SoakWatching(log: watching, report: report) })
        // A grid's loader at the standard size: 128-pixel thumbnails, a
        // memory cache of 6 MiB as the app's grid keeps.
        thumbnails = ThumbnailLoader(cache: cache, size: .normal, memoryLimit: 6 << 20)
        logic.onState = { [weak self] state in self?.answerClashes(state) }
    }

    /// The photos the list shows now, in order.
    private var shownPhotos: ChunkedArray<Photo> { logic.state.list?.photos ?? [] }

    /// A name clash of a copy or a move is answered "keep both", as the
    /// old direct transfer's resolver did; after the state is published,
    /// not within its publication.
    private func answerClashes(_ state: PhotoListLogic.State) {
        guard let question = state.question, case .clash = question.value, question.id != clashAnswered else { return }
        clashAnswered = question.id
        Task { @MainActor [weak self] in
            guard let self, logic.state.question?.id == question.id else { return }
            logic.send(.answer(.clash(.keepBoth, forAll: false)))
        }
    }

    // MARK: The run

    func run() async -> [String: Any] {
        let started = wallClock()
        let loadStart = ContinuousClock.now
        logic.send(.openFolderAt(options.folder))
        // The load, then the watch the list starts once it is over.
        await logic.settled()
        let loadTime = ContinuousClock.now - loadStart
        FileHandle.standardError.write(Data("soak: loaded \(shownPhotos.count) photos in \(loadTime)\n".utf8))
        let beating = Task { [weak self] in await self?.beat() }
        var summary: [String: Any] = ["loadSeconds": seconds(loadTime), "photosLoaded": shownPhotos.count,
                                      "loadState": "\(logic.state.content)".prefix(40).description,
                                      "startedAt": started, "watchedFrom": wallClock()]
        let deadline = started + options.seconds
        var done = 0
        while wallClock() < deadline {
            await act()
            done += 1
            // (A failed write is a notice now, each one in place of the
            // one before: nothing waits to be dismissed.)
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
        summary["folderChangesApplied"] = watching.changes
        summary["folderEvents"] = watching.all.reduce(0) { $0 + $1.events.with { $0 } }
        summary["journal"] = journal.tally
        logic.send(.close(.standard))
        for watcher in watching.all { watcher.stop() }
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
            logic.send(.edit(.rate(path: path, stars: Int.random(in: 1...5, using: &random))))
            count("rate")
        case 40..<48:
            logic.send(.edit(.rate(path: path, stars: Photo.rejected)))
            count("reject")
        case 48..<52:
            logic.send(.edit(.rate(path: path, stars: 0)))
            count("clear")
        case 52..<64:
            // The list turns only a photo whose orientation it has read.
            count(photo.metadata == nil ? "rotate-unread" : "rotate")
            logic.send(.edit(.rotate(path: path, clockwise: Bool.random(using: &random))))
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
        logic.send(.select(picked))
        if Bool.random(using: &random) {
            logic.send(.rate(Int.random(in: 0...5, using: &random)))
            count("rate-selection")
        } else {
            logic.send(.toggleRejected)
            count("reject-selection")
        }
        logic.send(.selectNone)
    }

    /// A photo window: the photo decoded for the screen, rated from there,
    /// one step on and back (its neighbours decoded ahead). Its rating
    /// goes to the list as the flow sends it.
    private func look(at photo: Photo) async {
        let viewer = PhotoViewerLogic(photo: photo, sequence: logic, displaySide: 1024)
        viewer.onOutput = { [logic] output in
            if case .edit(let edit) = output { logic.send(.edit(edit)) }
        }
        viewer.send(.load)
        await viewer.settled()
        if case .presenting = viewer.state.picture { count("view") } else { count("view-failed") }
        viewer.send(.rate(Int.random(in: 1...5, using: &random)))
        await viewer.settled()
        viewer.send(.next)
        await viewer.settled()
        viewer.send(.previous)
        await viewer.settled()
        viewer.send(.close)
    }

    /// Copy to… or Move to… of one photo, as the window asks it: selected,
    /// the folder answered, clashes answered "keep both" (`answerClashes`).
    /// The list tells what it did only in a notice: what arrived is read
    /// from the folder sent to, which only the soak writes into. The
    /// interval journaled ends once the list settled (the job and any
    /// folder change it took meanwhile), a little after the job itself.
    private func transfer(_ path: String, mode: PhotoTransferMode) async {
        let folder = mode == .copy ? options.copies : options.moved
        let before = Set(photoNames(in: folder))
        let noticeBefore = logic.state.notice?.id
        let start = wallClock()
        logic.send(.select([path]))
        let selected = logic.state.list?.selection == [path]
        logic.send(mode == .copy ? .copyTo : .moveTo)
        logic.send(.answer(.destination(mode, folder)))
        await logic.settled()
        let end = wallClock()
        logic.send(.selectNone)
        let op = mode == .copy ? "copy" : "move"
        let arrived = photoNames(in: folder).filter { !before.contains($0) }.sorted()
        for name in arrived {
            journal.record(JournalEntry(op: op, path: path, to: folder + "/" + name, t0: start, t1: end, outcome: "ok"))
        }
        if arrived.isEmpty {
            let notice = logic.state.notice.flatMap { $0.id == noticeBefore ? nil : $0.value.text }
            journal.record(JournalEntry(op: op, path: path, t0: start, t1: end, outcome: "failed",
                                        reason: selected ? notice : "no longer in the list"))
        }
        count(arrived.isEmpty ? "\(op)-failed" : op)
        if mode == .move { driven.removeAll { $0 == path } }
    }

    /// The photos Lightbox acts on, as the list has them now (renamed
    /// ones under their new names, moved ones gone).
    private func refreshDriven() {
        guard ContinuousClock.now - drivenRefreshed > .seconds(2) else { return }
        drivenRefreshed = .now
        driven = shownPhotos.map(\.path).filter { (soakNumber(of: $0) ?? 1) % options.stride == 0 }
    }

    /// A grid scrolling: thumbnails of a few photos anywhere in the list,
    /// at most eight loading at once.
    private func loadSomeThumbnails() {
        let photos = shownPhotos
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
        while let last = watching.all.last?.lastEvent.with({ $0 }), wallClock() - last < 2 {
            try? await Task.sleep(for: .milliseconds(200))
        }
        try? await Task.sleep(for: .milliseconds(500))
        await queue.settled()
        let onDisk = Set(photoNames(in: options.folder))
        let listed = Set(shownPhotos.map { fileName($0.path) })
        result["listMissing"] = Array(onDisk.subtracting(listed)).sorted().prefix(20).map { $0 }
        result["listExtra"] = Array(listed.subtracting(onDisk)).sorted().prefix(20).map { $0 }
        result["listMissingCount"] = onDisk.subtracting(listed).count
        result["listExtraCount"] = listed.subtracting(onDisk).count
        result["listCountBeforeReload"] = listed.count

        // Alive: a full reload of the folder,
        var checks: [String: Any] = [:]
        let reloadStart = ContinuousClock.now
        logic.send(.openFolderAt(options.folder))
        await logic.settled()
        checks["reloadSeconds"] = seconds(ContinuousClock.now - reloadStart)
        checks["reloadCount"] = shownPhotos.count
        checks["reloadMatchesDisk"] = Set(shownPhotos.map { fileName($0.path) }) == onDisk
        // a rating written through the queue, in moments,
        var alive = checks["reloadMatchesDisk"] as? Bool ?? false
        if let photo = shownPhotos.first(where: { (soakNumber(of: $0.path) ?? 1) % options.stride == 0 })
            ?? shownPhotos.first {
            let before = journal.tally["rate ok", default: 0]
            let rateStart = ContinuousClock.now
            logic.send(.edit(.rate(path: photo.path, stars: photo.rating == 5 ? 4 : 5)))
            await queue.settled()
            checks["finalRatingSeconds"] = seconds(ContinuousClock.now - rateStart)
            let written = journal.tally["rate ok", default: 0] == before + 1
            checks["finalRatingWritten"] = written
            // and a photo decoded for a window.
            let viewStart = ContinuousClock.now
            let viewer = PhotoViewerLogic(photo: logic.photo(at: photo.path) ?? photo, sequence: logic,
                                          displaySide: 1024)
            viewer.send(.load)
            await viewer.settled()
            var decoded = false
            if case .presenting = viewer.state.picture { decoded = true }
            viewer.send(.close)
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
        for photo in shownPhotos {
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
