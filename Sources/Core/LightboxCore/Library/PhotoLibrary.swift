import Foundation
import FilePaths
import Imaging

/// What loading a folder reports, in order: batches of photos as the scan
/// finds them, the scan's end, batches of photos whose metadata was read,
/// and the end.
public enum LibraryEvent: Equatable, Sendable {
    case found([Photo])
    /// The walk is over: how many photos, every folder walked, and the
    /// folders right inside the one loaded (walked or not).
    case scanned(total: Int, folders: [String], subfolders: [String])
    case updated([Photo])
    case finished
}

/// Loads folders of photos: scanning, reading metadata off the main thread
/// and remembering it in the index, and keeping ratings.
public final class PhotoLibrary: Sendable {
    public let index: LibraryIndex
    /// Ratings given: kept in the index, written into files by a queue.
    public let ratings: RatingQueue
    private let scanner: FolderScanner
    private let concurrency: Int

    /// `ratings` defaults to a queue over `index` writing into the photo
    /// files (gexiv2), without thumbnails to re-stamp.
    public init(index: LibraryIndex, scanner: FolderScanner = FolderScanner(),
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, ratings: RatingQueue? = nil) {
        self.index = index
        self.ratings = ratings ?? RatingQueue(index: index)
        self.scanner = scanner
        self.concurrency = max(1, concurrency)
    }

    /// Loads `folder`. The stream ends after `.finished`; cancelling the
    /// consuming task stops the work. Each batch comes sorted in `order`
    /// (sorted here, off the main thread, a list that shows it in that
    /// order only has to merge it).
    /// `includingSubfolders` false loads the folder's own photos only.
    public func load(_ folder: Folder, order: PhotoOrder = .standard,
                     includingSubfolders: Bool = true) -> AsyncStream<LibraryEvent> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let cancelled = AtomicFlag()
            continuation.onTermination = { _ in cancelled.set() }
            PhotoLibrary.scanning.submit { [self] in
                run(folder, order, includingSubfolders, cancelled, continuation)
                continuation.finish()
            }
        }
    }

    /// Folder walks, one thread each (two windows can load at once).
    private static let scanning = WorkerPool(name: "lb-scan", threads: 2)
    /// Metadata reads, spread over the cores.
    private static let reading = WorkerPool(
        name: "lb-metadata", threads: ProcessInfo.processInfo.activeProcessorCount)

    private func run(_ folder: Folder, _ order: PhotoOrder, _ includingSubfolders: Bool, _ cancelled: AtomicFlag,
                     _ continuation: AsyncStream<LibraryEvent>.Continuation) {
        let root = folder.url.path
        // The index is read on another thread while the folder is walked:
        // on a second open each takes about as long as the other. Its rows
        // come in path order, a chunk at a time, and a photo walked is
        // shown once the rows up to its path are read: the first page of
        // a library of 100,000 photos does not wait for the last row.
        let reading = IndexReading()
        let index = self.index
        PhotoLibrary.reading.submit {
            reading.deliver(IndexReading.Tables(ratings: (try? index.ratings(under: root)) ?? [:],
                                                pendingWrites: (try? index.pendingWritePaths(under: root)) ?? [],
                                                tagEdits: (try? index.tagEdits(under: root)) ?? [:]))
            try? index.files(under: root, inChunksOf: 2048) { reading.deliver($0) }
            reading.finish()
        }
        var known = Indexed()
        var unread: [Unread] = []
        var folders: [String] = []
        // Files walked before the index rows up to them were read wait here.
        var walked: [ScannedFile] = []
        // The first batch is small so the grid fills at once; later ones
        // grow to 1,024 photos: the main thread merges each one in a turn
        // of its own, and a bigger batch (4,096 before) took longer than a
        // frame to merge into 100,000 photos.
        var pending: [Photo] = []
        var batchLimit = scanner.batchSize
        func merge(_ file: ScannedFile) {
            let rating = known.ratings.isEmpty ? 0 : known.ratings[file.path] ?? 0
            // The index's metadata is current when size and time match
            // (the sidecar's too).
            let previous = known.files[file.path]
            let entry = previous.flatMap { $0.isCurrent(for: file) ? $0 : nil }
            var photo = Photo(path: file.path, fileSize: file.size, modificationTime: file.modificationTime,
                              metadata: entry?.metadata, rating: rating,
                              tags: known.tags(of: file.path, stated: (entry ?? previous)?.tags))
            photo.measures = entry?.measures
            if entry == nil, !file.isBrokenLink {
                unread.append(Unread(file: file, photo: photo,
                                     indexedBeforeRatingsWereRead: previous?.sidecar == .unread))
            }
            pending.append(photo)
            // Files walked while the index was read arrive at once:
            // they still go out in growing batches, the first one small.
            if pending.count >= batchLimit {
                continuation.yield(.found(order.sorted(pending)))
                pending.removeAll(keepingCapacity: true)
                batchLimit = min(batchLimit * 2, 1024)
            }
        }
        /// Takes the rows read since, waiting for some when asked to, and
        /// merges the photos walked that they cover.
        func mergeKnown(waiting: Bool) {
            known.take(reading.take(waiting: waiting))
            guard known.hasTables, !walked.isEmpty else { return }
            var waitingStill: [ScannedFile] = []
            for file in walked {
                if known.covers(file.path) { merge(file) } else { waitingStill.append(file) }
            }
            walked = waitingStill
        }
        var subfolders: [String] = []
        let total = scanner.scan(folder.url, includingSubfolders: includingSubfolders, isCancelled: { cancelled.isSet },
                                 onFolder: { folders.append($0) }, onSubfolders: { subfolders = $0 }) { files in
            walked += files
            mergeKnown(waiting: false)
        }
        while !walked.isEmpty, !cancelled.isSet { mergeKnown(waiting: true) }
        // Every photo has what the index knew of it: its rows (100,000 on a
        // second open of a big library) are not needed any more.
        known.files = [:]
        if !pending.isEmpty { continuation.yield(.found(order.sorted(pending))) }
        continuation.yield(.scanned(total: total, folders: folders, subfolders: subfolders))
        // In the order their photos stand in the list now (dated by their
        // modification times): the first screen's dates are read first,
        // and where the dates taken follow those times (a camera's
        // folder), each photo read keeps its place.
        unread.sort { order.areInIncreasingOrder($0.photo, $1.photo) }
        // Without the photos: each would keep its first data alive while
        // the list takes what is read.
        let toRead = unread.map { Reading(file: $0.file, indexedBeforeRatingsWereRead: $0.indexedBeforeRatingsWereRead) }
        unread = []
        readMetadata(toRead, known, order: order, cancelled: cancelled, continuation)
        continuation.yield(.finished)
    }

    /// What the index knew of a folder when loading began, as far as it
    /// has been read (see IndexReading).
    private struct Indexed: Sendable {
        var files: [String: IndexedFile] = [:]
        var ratings: [String: Int] = [:]
        /// Paths whose new rating is still to be written into the file.
        var pendingWrites: Set<String> = []
        /// Tag changes made in Lightbox and not (yet) in the files.
        var tagEdits: [String: TagEdit] = [:]
        /// Whether the tables above are there (the files' rows come after).
        private(set) var hasTables = false
        /// The last path whose row is read, and whether every row is.
        private var through: String?
        private var complete = false

        mutating func take(_ news: IndexReading.News) {
            if let tables = news.tables {
                ratings = tables.ratings
                pendingWrites = tables.pendingWrites
                tagEdits = tables.tagEdits
                hasTables = true
            }
            for chunk in news.files {
                for file in chunk { files[file.path] = file }
            }
            through = news.through ?? through
            complete = news.done
        }

        /// Whether the rows read include `path`'s, if the index has one:
        /// they come in path order (UTF-8 bytes, as SQLite compares text).
        func covers(_ path: String) -> Bool {
            complete || through.map { !$0.precedesInUTF8(path) } ?? false
        }

        /// A photo's tags: what its files state, with Lightbox's changes
        /// not yet in them made over it.
        func tags(of path: String, stated: PhotoTags?) -> PhotoTags {
            let stated = stated ?? .none
            guard !tagEdits.isEmpty, let edit = tagEdits[path] else { return stated }
            return edit.applied(to: stated)
        }
    }

    /// Whether the rating a file just read states replaces the index's.
    /// Not while Lightbox's own newer rating waits to be written; for a
    /// file indexed before ratings were read from files, only when it was
    /// unrated in Lightbox. Otherwise yes: the file is read because it (or
    /// its sidecar) changed, so another tool rated it last.
    static func adopts(_ read: IndexedFile, previous: IndexedFile?, indexRating: Int?, pending: Bool) -> Bool {
        adopts(read, indexedBeforeRatingsWereRead: previous?.sidecar == .unread, indexRating: indexRating,
               pending: pending)
    }

    private static func adopts(_ read: IndexedFile, indexedBeforeRatingsWereRead: Bool, indexRating: Int?,
                               pending: Bool) -> Bool {
        guard read.statedRating != nil, !pending else { return false }
        return !indexedBeforeRatingsWereRead || indexRating == nil
    }

    /// A file whose metadata is to be read: its photo as first shown (by
    /// which the reading is ordered: no photo is made again to sort them,
    /// 100,000 of them on a first open), and what the adoption of the
    /// rating it states needs of the index's old entry.
    private struct Unread {
        let file: ScannedFile
        let photo: Photo
        let indexedBeforeRatingsWereRead: Bool
    }

    /// A file to read, in its turn.
    private struct Reading {
        let file: ScannedFile
        let indexedBeforeRatingsWereRead: Bool
    }

    /// Reads metadata for `files` in chunks, on all cores, saving each
    /// chunk to the index in one transaction and reporting it. The first
    /// chunks are small, so the first screen's photos get their dates
    /// soon; later ones grow, so the index takes few transactions.
    private func readMetadata(_ files: [Reading], _ known: Indexed,
                              order: PhotoOrder, cancelled: AtomicFlag,
                              _ continuation: AsyncStream<LibraryEvent>.Continuation) {
        var chunkSize = 64
        let workers = max(1, concurrency)
        var start = 0
        while start < files.count {
            if cancelled.isSet { return }
            defer {
                start += chunkSize
                chunkSize = min(chunkSize * 2, 512)
            }
            let chunk = Array(files[start..<min(start + chunkSize, files.count)].map(\.file))
            let slices = stride(from: 0, to: chunk.count, by: (chunk.count + workers - 1) / workers).map {
                Array(chunk[$0..<min($0 + (chunk.count + workers - 1) / workers, chunk.count)])
            }
            let results = ResultSlots<[IndexedFile]>(count: slices.count)
            PhotoLibrary.reading.forEach(Array(slices.enumerated())) { index, slice in
                results.set(index, slice.map(PhotoLibrary.read))
            }
            let read = results.values.flatMap { $0 }
            var adopted: [String: Int] = [:]
            for (entry, item) in zip(read, files[start...]) where PhotoLibrary.adopts(
                entry, indexedBeforeRatingsWereRead: item.indexedBeforeRatingsWereRead,
                indexRating: known.ratings[entry.path],
                pending: known.pendingWrites.contains(entry.path)) {
                adopted[entry.path] = entry.statedRating
            }
            try? index.save(read, ratings: adopted)
            let photos = read.map { entry in
                Photo(path: entry.path, fileSize: entry.size, modificationTime: entry.modificationTime,
                      metadata: entry.metadata, rating: adopted[entry.path] ?? known.ratings[entry.path] ?? 0,
                      tags: known.tags(of: entry.path, stated: entry.tags))
            }
            continuation.yield(.updated(order.sorted(photos)))
        }
    }

    /// Reads one file's metadata (on the calling thread).
    static func read(_ file: ScannedFile) -> IndexedFile {
        let image = Imaging.metadata(path: file.path)
        var metadata = image.map(PhotoMetadata.init)
        // Many files state no pixel size in their metadata: the header does.
        if var known = metadata, known.pixelWidth <= 0 || known.pixelHeight <= 0 {
            let probe = Imaging.probe(path: file.path)
            known.pixelWidth = max(0, probe?.width ?? 0)
            known.pixelHeight = max(0, probe?.height ?? 0)
            metadata = known
        }
        // The sidecar's rating and tags win over the photo's: see the
        // README ("Ratings"). A sidecar that states none leaves the photo's.
        let sidecar = file.sidecar.flatMap { Imaging.metadata(path: $0.path) }
        let stated = sidecar?.rating ?? image?.rating
        let tags = PhotoTags(image).overlaid(by: PhotoTags(sidecar))
        return IndexedFile(path: file.path, size: file.size, modificationTime: file.modificationTime,
                           metadata: metadata, statedRating: stated, sidecar: file.sidecar.map(SidecarStamp.init),
                           tags: tags)
    }

    /// Reads one photo afresh (a file that changed on disk), off the main
    /// thread, and indexes it. nil when it is gone or no longer a photo.
    public func reload(path: String) async -> Photo? {
        let scanner = self.scanner, index = self.index
        return await PhotoLibrary.reading.run {
            // The change still held for it is asked before the file is
            // read: a write that lands in between leaves the file with the
            // change and the index without it, and the change (made again
            // over the file, which changes nothing) must not be lost.
            let edit = try? index.tagEdit(for: path)
            guard let file = scanner.file(at: path) else { return nil }
            let entry = PhotoLibrary.read(file)
            // It changed on disk: the rating it states now wins.
            let pending = (try? index.hasPendingWrite(path)) ?? false
            let adopted = PhotoLibrary.adopts(entry, previous: nil, indexRating: nil, pending: pending)
            try? index.save([entry], ratings: adopted ? [path: entry.statedRating ?? 0] : [:])
            return Photo(path: path, fileSize: file.size, modificationTime: file.modificationTime,
                         metadata: entry.metadata, rating: (try? index.rating(of: path)) ?? 0,
                         tags: edit.map { $0.applied(to: entry.tags) } ?? entry.tags)
        }
    }
}

extension PhotoMetadata {
    /// The model's view of what the file said.
    init(_ image: ImageMetadata) {
        self.init(pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight,
                  dateTaken: PhotoMetadata.exifDate(image.dateTaken),
                  cameraMake: image.cameraMake, cameraModel: image.cameraModel,
                  exposureNumerator: image.exposureTime?.numerator,
                  exposureDenominator: image.exposureTime?.denominator,
                  fNumber: image.fNumber, focalLength: image.focalLength, iso: image.iso,
                  orientation: image.orientation, focus: image.focus)
    }
}

extension PhotoTags {
    /// The tags a file states; none when it cannot be read.
    init(_ image: ImageMetadata?) {
        guard let image else {
            self.init()
            return
        }
        var seen = Set<Keyword>()
        self.init(label: image.label.flatMap(ColorLabel.init(xmpName:)),
                  keywords: image.keywords.compactMap(Keyword.init).filter { seen.insert($0).inserted },
                  title: image.title, caption: image.caption)
    }
}

/// The index's rows of a folder as another thread reads them: the small
/// tables first (ratings, writes waiting, tag changes), then the files, in
/// path order, a chunk at a time. The walk takes what has come.
private final class IndexReading: @unchecked Sendable {
    struct Tables: Sendable {
        let ratings: [String: Int]
        let pendingWrites: Set<String>
        let tagEdits: [String: TagEdit]
    }

    /// What came since the last `take`, and how far the rows have come.
    struct News: Sendable {
        var tables: Tables?
        var files: [[IndexedFile]] = []
        var through: String?
        var done = false
    }

    // Guards `news`.
    private let condition = NSCondition()
    private var news = News()

    func deliver(_ tables: Tables) {
        condition.withLock { news.tables = tables }
        condition.broadcast()
    }

    func deliver(_ chunk: [IndexedFile]) {
        condition.withLock {
            news.files.append(chunk)
            news.through = chunk.last?.path ?? news.through
        }
        condition.broadcast()
    }

    func finish() {
        condition.withLock { news.done = true }
        condition.broadcast()
    }

    /// What came since the last call; when `waiting`, waits for something
    /// to come unless everything has.
    func take(waiting: Bool) -> News {
        condition.withLock {
            while waiting, news.tables == nil, news.files.isEmpty, !news.done { condition.wait() }
            let taken = news
            news.tables = nil
            news.files = []
            return taken
        }
    }
}
