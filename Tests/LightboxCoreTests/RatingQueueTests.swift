import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// A writer that fails as a full disk would, a set number of times, then
/// writes for real: a disk cannot be filled on demand in a test.
private final class FullDiskWriter: RatingWriter, @unchecked Sendable {
    private let failures: Locked<Int>
    init(failures: Int) { self.failures = Locked(failures) }

    func write(_ stars: Int, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        let fail = failures.withLock { count in defer { count -= 1 }; return count > 0 }
        if fail { throw RatingFileError(path: photo, reason: "the disk is full", isTransient: true) }
        return try FileRatingWriter().write(stars, for: photo, storage: storage)
    }

    func write(_ edit: TagEdit, for photo: String, storage: RatingStorage) throws(RatingFileError) -> RatingWriteResult {
        let fail = failures.withLock { count in defer { count -= 1 }; return count > 0 }
        if fail { throw RatingFileError(path: photo, reason: "the disk is full", isTransient: true) }
        return try FileRatingWriter().write(edit, for: photo, storage: storage)
    }

    func writeSidecarOrientation(_ orientation: Int, for raw: String) throws(RatingFileError) {
        try FileRatingWriter().writeSidecarOrientation(orientation, for: raw)
    }

    func writeOrientation(_ orientation: Int, for photo: String) throws(RatingFileError) {
        try FileRatingWriter().writeOrientation(orientation, for: photo)
    }
}

@MainActor
private func logic(_ index: LibraryIndex, _ queue: RatingQueue, watcher: TestFolderWatcher? = nil) -> PhotoListLogic {
    PhotoListLogic(library: PhotoLibrary(index: index, ratings: queue),
                   trash: FolderTrash(folder: FileManager.default.temporaryDirectory
                       .appendingPathComponent("lightbox-rating-tests-trash-\(getpid())")),
                   watching: watcher?.factory)
}

/// The rating failures a list told, each once.
@MainActor
private func ratingFailuresTold(_ recorder: LogicRecorder<PhotoListLogic>) -> [Notice] {
    var seen = Set<Int>()
    return recorder.states.compactMap(\.notice).filter { seen.insert($0.id).inserted }.map(\.value)
        .filter { $0.seconds == 15 }
}

@MainActor
final class RatingQueueTests: XCTestCase {
    func testARatingShowsAtOnceAndReachesTheFileOffTheMainThread() async throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"))
        try PhotoFixtures.setModificationTime(1_600_000_000, of: photo)
        let index = try LibraryIndex()
        let queue = RatingQueue(index: index)
        let logic = logic(index, queue)
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        logic.send(.edit(.rate(path: photo.path, stars: 4)))
        let shown = logic.state
        guard case .presenting(let list) = shown.content else { return XCTFail("\(shown)") }
        XCTAssertEqual(list.photos.first?.rating, 4, "shown before anything is written")
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "4")
        XCTAssertEqual(try index.pendingWrites(), [])
        // The photo takes the file's new time, so its re-stamped thumbnail stays valid.
        await waitUntil { logic.photo(at: photo.path)?.modificationTime != 1_600_000_000 }

        logic.send(.edit(.rate(path: photo.path, stars: Photo.rejected)))
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "-1")
        await logic.sendAndSettle(.rejected(.hidden))
        let rejected = logic.state
        guard case .presenting(let hidden) = rejected.content else { return XCTFail("\(rejected)") }
        XCTAssertEqual(hidden.count, 0, "a rejected photo can be filtered out")
        logic.send(.edit(.rate(path: photo.path, stars: 0)))  // what X on a rejected photo does
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "0")
        XCTAssertEqual(try index.rating(of: photo.path), 0)
    }

    func testOnlyInLightboxLeavesFilesAlone() async throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"))
        let bytes = try Data(contentsOf: photo)
        let index = try LibraryIndex()
        let queue = RatingQueue(index: index, storage: .lightboxOnly)
        let logic = logic(index, queue)
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        logic.send(.edit(.rate(path: photo.path, stars: 5)))
        await queue.settled()
        XCTAssertEqual(try Data(contentsOf: photo), bytes)
        XCTAssertEqual(try index.rating(of: photo.path), 5)
        XCTAssertEqual(try index.pendingWrites(), [])
    }

    func testAWriteThatFailsIsRetriedAtTheNextStartAndShownOnceIfItFailsAgain() async throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"))
        let url = scratch.path("data/library.sqlite")
        // First run: the disk is full; the rating stays queued, unshown.
        do {
            let index = try LibraryIndex(url: url)
            let queue = RatingQueue(index: index, writer: FullDiskWriter(failures: 1))
            let logic = logic(index, queue)
            await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
            logic.send(.edit(.rate(path: photo.path, stars: 3)))
            await queue.settled()
            await logic.settled()
            XCTAssertNil(logic.state.notice, "one failure may pass: it is retried first")
            XCTAssertEqual(try index.pendingWrites().map(\.stars), [3])
        }
        // Second start: still full. Shown once, with the file and the reason.
        do {
            let index = try LibraryIndex(url: url)
            let queue = RatingQueue(index: index, writer: FullDiskWriter(failures: 1))
            let logic = logic(index, queue)
            let recorder = LogicRecorder(logic)
            queue.resumePending()
            await queue.settled()
            await waitUntil { logic.state.notice != nil }
            let failure = RatingWriteFailure(path: photo.path, fileName: "a.jpg", reason: "the disk is full")
            XCTAssertEqual(logic.state.notice?.value, .ratingFailed(failure))
            await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
            guard case .presenting = logic.state.content else { return XCTFail() }
            XCTAssertEqual(logic.state.notice?.value, .ratingFailed(failure), "the state carries it")
            XCTAssertEqual(ratingFailuresTold(recorder), [.ratingFailed(failure)], "told once")
            XCTAssertEqual(try index.pendingWrites().first?.reported, true)
        }
        // Third start: the disk has room; the write is made, nothing shown again.
        let index = try LibraryIndex(url: url)
        let queue = RatingQueue(index: index, writer: FullDiskWriter(failures: 0))
        queue.resumePending()
        await queue.settled()
        XCTAssertEqual(try ExifTool.value("XMP:Rating", of: photo), "3")
        XCTAssertEqual(try index.pendingWrites(), [])
    }

    func testAWriteThatCannotSucceedIsShownOnceAtOnce() async throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: photo.path)
        try FileManager.default.createDirectory(atPath: photo.path + ".xmp", withIntermediateDirectories: false)
        let index = try LibraryIndex()
        let queue = RatingQueue(index: index)
        let logic = logic(index, queue)
        let recorder = LogicRecorder(logic)
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        logic.send(.edit(.rate(path: photo.path, stars: 2)))
        await queue.settled()
        await waitUntil { logic.state.notice != nil }
        let failure = try XCTUnwrap(logic.state.notice?.value)
        XCTAssertTrue(failure.text.contains("a.jpg.xmp"), failure.text)
        await queue.settled()
        await logic.settled()
        XCTAssertEqual(ratingFailuresTold(recorder), [failure], "shown once")
        XCTAssertEqual(try index.rating(of: photo.path), 2, "the rating stays in Lightbox")
        XCTAssertEqual(try index.pendingWrites(), [], "not retried for ever")
    }

    func testTheThumbnailIsReStampedNotDecodedAgain() async throws {
        let scratch = Scratch()
        let photo = try PhotoFixtures.jpeg(at: scratch.path("photos/a.jpg"), width: 640, height: 480)
        try PhotoFixtures.setModificationTime(1_600_000_000, of: photo)
        let cache = ThumbnailCache(directories: XDGDirectories(environment: scratch.directories))
        let old = ThumbnailSource(path: photo.path, modificationTime: 1_600_000_000,
                                  fileSize: Int64(try Data(contentsOf: photo).count))
        let pixels = try cache.thumbnail(for: old, size: .normal)
        let index = try LibraryIndex()
        let queue = RatingQueue(index: index, thumbnails: cache)
        queue.rate(5, path: photo.path)
        await queue.settled()
        let info = try FileManager.default.attributesOfItem(atPath: photo.path)
        let new = ThumbnailSource(path: photo.path,
                                  modificationTime: Int((info[.modificationDate] as! Date).timeIntervalSince1970),
                                  fileSize: (info[.size] as! NSNumber).int64Value)
        XCTAssertNotEqual(new, old)
        guard case .thumbnail(let url) = cache.lookup(new, size: .normal) else {
            return XCTFail("the thumbnail is valid for the file as written")
        }
        XCTAssertEqual(PNGText.read(from: url)?["Thumb::MTime"], String(new.modificationTime))
        XCTAssertEqual(try Imaging.decode(path: url.path, maxSize: 256).pixels, pixels, "the same pixels")
        XCTAssertEqual(cache.lookup(old, size: .normal), .missing, "and no longer for the file as it was")
    }

    func testASidecarChangedByAnotherToolUpdatesItsPhotosInTheList() async throws {
        let scratch = Scratch()
        let jpeg = try PhotoFixtures.jpeg(at: scratch.path("photos/IMG_1.jpg"))
        let other = try PhotoFixtures.jpeg(at: scratch.path("photos/IMG_10.jpg"))
        let index = try LibraryIndex()
        let disk = TestFolderWatcher()
        let logic = logic(index, RatingQueue(index: index), watcher: disk)
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        // Lightroom's name for the sidecar: the stem's.
        let sidecar = scratch.path("photos/IMG_1.xmp")
        try ExifTool.run(["-q", "-XMP-xmp:Rating=3", sidecar.path])
        disk.tell(.changed(sidecar.path))
        await logic.settled()
        let jpegRating = logic.photo(at: jpeg.path)?.rating
        let otherRating = logic.photo(at: other.path)?.rating
        XCTAssertEqual(jpegRating, 3)
        XCTAssertEqual(otherRating, 0, "IMG_10 is not IMG_1's")
    }

    /// Polls (no fixed delay) until `condition` holds, a few seconds at most.
    private func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<500 where !condition() { try? await Task.sleep(nanoseconds: 10_000_000) }
        let met = condition()
        XCTAssertTrue(met, "the condition never held")
    }
}
