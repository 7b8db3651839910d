import Foundation
import Imaging

/// What loading a folder reports, in order: batches of photos as the scan
/// finds them, the scan's end, batches of photos whose metadata was read,
/// and the end.
public enum LibraryEvent: Equatable, Sendable {
    case found([Photo])
    /// The walk is over: how many photos, and every folder walked.
    case scanned(total: Int, folders: [String])
    case updated([Photo])
    case finished
}

/// Loads folders of photos: scanning, reading metadata off the main thread
/// and remembering it in the index, and keeping ratings.
public final class PhotoLibrary: Sendable {
    public let index: LibraryIndex
    private let scanner: FolderScanner
    private let concurrency: Int

    public init(index: LibraryIndex, scanner: FolderScanner = FolderScanner(),
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.index = index
        self.scanner = scanner
        self.concurrency = max(1, concurrency)
    }

    /// Loads `folder`. The stream ends after `.finished`; cancelling the
    /// consuming task stops the work.
    public func load(_ folder: Folder) -> AsyncStream<LibraryEvent> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let task = Task.detached(priority: .userInitiated) { [self] in
                await self.run(folder, continuation)
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func run(_ folder: Folder, _ continuation: AsyncStream<LibraryEvent>.Continuation) async {
        let root = folder.url.path
        let known = (try? index.files(under: root)) ?? [:]
        let ratings = (try? index.ratings(under: root)) ?? [:]
        var unread: [ScannedFile] = []
        var folders: [String] = []
        let total = scanner.scan(folder.url, isCancelled: { Task.isCancelled },
                                 onFolder: { folders.append($0) }) { files in
            var photos: [Photo] = []
            photos.reserveCapacity(files.count)
            for file in files {
                var photo = Photo(path: file.path, fileSize: file.size, modificationTime: file.modificationTime,
                                  rating: ratings[file.path] ?? 0)
                if let entry = known[file.path], entry.size == file.size,
                   entry.modificationTime == file.modificationTime {
                    photo.metadata = entry.metadata
                } else if !file.isBrokenLink {
                    unread.append(file)
                }
                photos.append(photo)
            }
            continuation.yield(.found(photos))
        }
        continuation.yield(.scanned(total: total, folders: folders))
        await readMetadata(unread, ratings: ratings, continuation)
        continuation.yield(.finished)
    }

    /// Reads metadata for `files` in chunks, `concurrency` files at a time,
    /// saving each chunk to the index and reporting it.
    private func readMetadata(_ files: [ScannedFile], ratings: [String: Int],
                              _ continuation: AsyncStream<LibraryEvent>.Continuation) async {
        let chunkSize = 128
        for start in stride(from: 0, to: files.count, by: chunkSize) {
            if Task.isCancelled { return }
            let chunk = Array(files[start..<min(start + chunkSize, files.count)])
            let read = await withTaskGroup(of: IndexedFile.self, returning: [IndexedFile].self) { group in
                var results: [IndexedFile] = []
                var next = 0
                for _ in 0..<min(concurrency, chunk.count) {
                    let file = chunk[next]
                    next += 1
                    group.addTask { PhotoLibrary.read(file) }
                }
                while let result = await group.next() {
                    results.append(result)
                    if next < chunk.count {
                        let file = chunk[next]
                        next += 1
                        group.addTask { PhotoLibrary.read(file) }
                    }
                }
                return results
            }
            try? index.save(read)
            continuation.yield(.updated(read.map { entry in
                Photo(path: entry.path, fileSize: entry.size, modificationTime: entry.modificationTime,
                      metadata: entry.metadata, rating: ratings[entry.path] ?? 0)
            }))
        }
    }

    /// Reads one file's metadata (on the calling thread).
    static func read(_ file: ScannedFile) -> IndexedFile {
        var metadata = Imaging.metadata(path: file.path).map(PhotoMetadata.init)
        // Many files state no pixel size in their metadata: the header does.
        if var known = metadata, known.pixelWidth <= 0 || known.pixelHeight <= 0 {
            let probe = Imaging.probe(path: file.path)
            known.pixelWidth = max(0, probe?.width ?? 0)
            known.pixelHeight = max(0, probe?.height ?? 0)
            metadata = known
        }
        return IndexedFile(path: file.path, size: file.size, modificationTime: file.modificationTime,
                           metadata: metadata)
    }

    /// Reads one photo afresh (a file that changed on disk), off the main
    /// thread, and indexes it. nil when it is gone or no longer a photo.
    public func reload(path: String) async -> Photo? {
        let scanner = self.scanner, index = self.index
        return await Task.detached(priority: .userInitiated) {
            guard let file = scanner.file(at: path) else { return nil }
            let entry = PhotoLibrary.read(file)
            try? index.save([entry])
            return Photo(path: path, fileSize: file.size, modificationTime: file.modificationTime,
                         metadata: entry.metadata, rating: (try? index.rating(of: path)) ?? 0)
        }.value
    }
}

extension PhotoMetadata {
    /// The model's view of what the file said.
    init(_ image: ImageMetadata) {
        self.init(pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight,
                  dateTaken: PhotoMetadata.exifDate(image.dateTaken),
                  cameraMake: image.cameraMake, cameraModel: image.cameraModel, title: image.title,
                  exposureNumerator: image.exposureTime?.numerator,
                  exposureDenominator: image.exposureTime?.denominator,
                  fNumber: image.fNumber, focalLength: image.focalLength, iso: image.iso,
                  orientation: image.orientation)
    }
}
