import Foundation
@testable import LightboxCore
import XCTest

/// Trashed photos go to a folder of the tests' own.
private let testTrash = FolderTrash(folder: FileManager.default.temporaryDirectory
    .appendingPathComponent("lightbox-tests-trash-\(UUID().uuidString)"))

@MainActor
private func makeLogic(_ index: LibraryIndex, trash: PhotoTrash = testTrash) -> PhotoListLogic {
    PhotoListLogic(library: PhotoLibrary(index: index, scanner: FolderScanner(batchSize: 2)), trash: trash)
}

/// A logic whose sorts and filters wait at `gate` before they run.
@MainActor
private func makeLogic(_ index: LibraryIndex, rebuildingAt gate: Gate) -> PhotoListLogic {
    PhotoListLogic(library: PhotoLibrary(index: index, scanner: FolderScanner(batchSize: 2)), trash: testTrash,
                   rebuilding: { make in
                       await gate.pass()
                       return make()
                   })
}

final class PhotoListLogicTests: XCTestCase {
    private func folderOfThree() throws -> Scratch {
        let scratch = Scratch()
        try PhotoFixtures.jpeg(at: scratch.path("photos/beach.jpg"), tags: [("Exif.Photo.DateTimeOriginal", "2021:01:01 00:00:00")])
        try PhotoFixtures.jpeg(at: scratch.path("photos/alps/mountain.jpg"), tags: [("Exif.Photo.DateTimeOriginal", "2022:01:01 00:00:00")])
        try PhotoFixtures.jpeg(at: scratch.path("photos/city.jpg"), tags: [("Exif.Photo.DateTimeOriginal", "2020:01:01 00:00:00")])
        return scratch
    }

    func testLoadingReportsBatchesThenPresentsInDateOrder() async throws {
        let scratch = try folderOfThree()
        let logic = await makeLogic(try LibraryIndex())
        let recorder = await StateRecorder(logic)
        let final = await logic.load(path: scratch.path("photos").path)
        let states = await recorder.states
        guard case .presenting(let list) = final else { return XCTFail("expected presenting, got \(final)") }
        XCTAssertEqual(list.photos.map(\.title), ["city", "beach", "mountain"])
        XCTAssertEqual(list.summary, "3 photos")
        XCTAssertTrue(states.contains { if case .loading = $0 { true } else { false } })
        let firstLoading = states.first { if case .loading(let list, _) = $0 { list.count > 0 } else { false } }
        XCTAssertNotNil(firstLoading, "photos are browsable before loading ends")
        let scanned = states.lazy.compactMap { state -> LoadProgress? in
            if case .loading(_, let progress) = state, progress.scanFinished { progress } else { nil }
        }.first
        XCTAssertEqual(scanned?.metadataTotal, 3, "a new folder's photos all have their metadata to read")
        XCTAssertEqual(scanned?.found, 3)
    }

    func testReopeningAFolderWhileItLoadsLeavesOneCleanLoad() async throws {
        let scratch = try folderOfThree()
        let logic = await makeLogic(try LibraryIndex())
        let path = scratch.path("photos").path
        let first = Task { await logic.load(path: path) }
        // The first load is under way once it has left idle.
        while case .idle = await logic.state { await Task.yield() }
        let second = await logic.load(path: path)
        _ = await first.value
        guard case .presenting(let list) = second else { return XCTFail("expected presenting, got \(second)") }
        XCTAssertEqual(list.photos.map(\.title), ["city", "beach", "mountain"])
        let final = await logic.state
        XCTAssertEqual(final, second, "the superseded load changes nothing after the new one")
    }

    func testEmptyAndMissingFolders() async throws {
        let scratch = Scratch()
        scratch.file("nothing/readme.txt")
        let logic = await makeLogic(try LibraryIndex())
        let empty = await logic.load(path: scratch.path("nothing").path)
        XCTAssertEqual(empty, .empty(Folder(url: scratch.path("nothing").standardizedFileURL)))
        let missing = await logic.load(path: "/nonexistent/photos")
        XCTAssertEqual(missing, .failed(.missing(path: "/nonexistent/photos")))
    }

    func testMetadataMovesPhotosIntoPlaceWithoutLosingOrRepeatingAny() async throws {
        // Files modified in one order, taken in the other: every photo moves
        // when its metadata is read, some of them while a search hides them.
        let scratch = Scratch()
        for index in 0..<40 {
            let name = index % 3 == 0 ? "harbour-\(index).jpg" : "street-\(index).jpg"
            let url = try PhotoFixtures.jpeg(at: scratch.path("photos/\(name)"), width: 8, height: 6, tags: [
                ("Exif.Photo.DateTimeOriginal", String(format: "2020:01:01 00:%02d:00", 59 - index)),
            ])
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 60)],
                                                  ofItemAtPath: url.path)
        }
        let logic = await makeLogic(try LibraryIndex())
        _ = await logic.filter(PhotoFilter(text: "street"))
        let final = await logic.load(path: scratch.path("photos").path)
        guard case .presenting(let list) = final else { return XCTFail("expected presenting, got \(final)") }
        let streets = (0..<40).filter { $0 % 3 != 0 }.reversed().map { "street-\($0)" }
        XCTAssertEqual(list.photos.map(\.title), streets, "every street photo once, in the order taken")
        XCTAssertEqual(list.total, 40)
        guard case .presenting(let all) = await logic.filter(PhotoFilter()) else { return XCTFail() }
        XCTAssertEqual(all.photos.count, 40)
        XCTAssertEqual(all.photos.map(\.dateTaken), all.photos.map(\.dateTaken).sorted())
    }

    func testSortFilterAndRatingRules() async throws {
        let scratch = try folderOfThree()
        let logic = await makeLogic(try LibraryIndex())
        await logic.load(path: scratch.path("photos").path)
        let beach = scratch.path("photos/beach.jpg").standardizedFileURL.path
        guard case .presenting(let byName) = await logic.sort(by: PhotoOrder(.name, ascending: false)) else { return XCTFail() }
        XCTAssertEqual(byName.photos.map(\.title), ["mountain", "city", "beach"])
        _ = await logic.rate(path: beach, stars: 4)
        guard case .presenting(let rated) = await logic.filter(PhotoFilter(minimumRating: 3)) else { return XCTFail() }
        XCTAssertEqual(rated.photos.map(\.title), ["beach"])
        XCTAssertEqual(rated.summary, "1 of 3 photos")
        guard case .presenting(let searched) = await logic.filter(PhotoFilter(text: "MOUNT")) else { return XCTFail() }
        XCTAssertEqual(searched.photos.map(\.title), ["mountain"])
        _ = await logic.filter(PhotoFilter())
        let before = await logic.neighbour(of: beach, offset: -1)?.title
        let after = await logic.neighbour(of: beach, offset: 1)
        XCTAssertEqual(before, "city")
        XCTAssertNil(after)
    }

    /// The list is sorted and filtered off the main thread: what happens
    /// meanwhile (a rating, a file gone) is not lost.
    @MainActor
    func testChangesMadeWhileTheListIsRebuiltAreKept() async throws {
        let scratch = try folderOfThree()
        let gate = Gate()
        let logic = makeLogic(try LibraryIndex(), rebuildingAt: gate)
        await logic.load(path: scratch.path("photos").path)
        let beach = scratch.path("photos/beach.jpg").standardizedFileURL.path
        let city = scratch.path("photos/city.jpg").standardizedFileURL.path

        // The sort has taken its photos and is held; a rating and a removal
        // come before its result.
        let sorting = Task { await logic.sort(by: PhotoOrder(.name)) }
        await gate.untilHeld()
        _ = logic.rate(path: beach, stars: 5)
        _ = logic.fileRemoved(path: city)
        await gate.open()
        guard case .presenting(let sorted) = await sorting.value else { return XCTFail() }
        XCTAssertEqual(sorted.photos.map(\.title), ["beach", "mountain"])
        XCTAssertEqual(sorted.photos.first?.rating, 5)
        XCTAssertEqual(sorted.total, 2)

        // A filter held likewise: the rated photo goes meanwhile.
        let filtering = Task { await logic.filter(PhotoFilter(minimumRating: 1)) }
        await gate.untilHeld()
        _ = logic.fileRemoved(path: beach)
        await gate.open()
        guard case .presenting(let filtered) = await filtering.value else { return XCTFail() }
        XCTAssertEqual(filtered.photos, [])
        XCTAssertEqual(filtered.total, 1)

        // A newer request wins over an older one still held.
        let older = Task { await logic.filter(PhotoFilter(minimumRating: 4)) }
        await gate.untilHeld()
        let newer = Task { await logic.filter(PhotoFilter()) }
        await gate.untilHeld(count: 2)
        await gate.open(last: true)
        _ = await newer.value
        await gate.open()
        _ = await older.value
        XCTAssertEqual(logic.visiblePhotos.map(\.title), ["mountain"])
    }

    /// A sort asked for while a filter is under way, and an open that fails
    /// while a sort is under way.
    @MainActor
    func testRebuildsGiveWayToNewerRequestsAndToAnotherFolder() async throws {
        let scratch = try folderOfThree()
        let gate = Gate()
        let logic = makeLogic(try LibraryIndex(), rebuildingAt: gate)
        await logic.load(path: scratch.path("photos").path)
        _ = logic.rate(path: scratch.path("photos/city.jpg").standardizedFileURL.path, stars: 2)
        _ = logic.rate(path: scratch.path("photos/beach.jpg").standardizedFileURL.path, stars: 3)

        let filtering = Task { await logic.filter(PhotoFilter(minimumRating: 2)) }
        await gate.untilHeld()
        let sorting = Task { await logic.sort(by: PhotoOrder(.name, ascending: false)) }
        await gate.untilHeld(count: 2)
        await gate.open()
        await gate.open()
        _ = await filtering.value
        guard case .presenting(let list) = await sorting.value else { return XCTFail() }
        XCTAssertEqual(list.photos.map(\.title), ["city", "beach"], "filtered, then sorted")

        let resorting = Task { await logic.sort(by: .standard) }
        await gate.untilHeld()
        let failed = await logic.load(path: scratch.path("nowhere").path)
        await gate.open()
        _ = await resorting.value
        XCTAssertEqual(logic.state, failed)
        XCTAssertEqual(logic.visiblePhotos, [])
    }

    func testARatingSurvivesARestart() async throws {
        let scratch = try folderOfThree()
        let url = scratch.path("data/library.sqlite")
        let first = await makeLogic(try LibraryIndex(url: url))
        await first.load(path: scratch.path("photos").path)
        let city = scratch.path("photos/city.jpg").standardizedFileURL.path
        _ = await first.rate(path: city, stars: 5)
        // The save runs off the main thread; wait for it to land.
        let index = try LibraryIndex(url: url)
        for _ in 0..<100 where (try index.rating(of: city)) != 5 { try await Task.sleep(nanoseconds: 10_000_000) }
        let second = await makeLogic(index)
        await second.load(path: scratch.path("photos").path)
        let rating = await second.photo(at: city)?.rating
        XCTAssertEqual(rating, 5)
    }

    func testFilesAppearingVanishingAndMovingOnDisk() async throws {
        let scratch = try folderOfThree()
        let logic = await makeLogic(try LibraryIndex())
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.load(path: root)
        let added = try PhotoFixtures.jpeg(at: scratch.path("photos/new.jpg"))
        guard case .presenting(let grown) = await logic.fileChanged(path: added.standardizedFileURL.path) else { return XCTFail() }
        XCTAssertEqual(grown.total, 4)
        _ = await logic.rate(path: root + "/beach.jpg", stars: 3)
        // The rating is written into the file on the queue's thread: a
        // rename during that write is another test (RatingQueueTests).
        await logic.library.ratings.settled()
        try FileManager.default.moveItem(atPath: root + "/beach.jpg", toPath: root + "/shore.jpg")
        guard case .presenting(let moved) = await logic.fileMoved(from: root + "/beach.jpg", to: root + "/shore.jpg")
        else { return XCTFail() }
        XCTAssertEqual(Set(moved.photos.map(\.title)), ["city", "shore", "mountain", "new"])
        let shoreRating = await logic.photo(at: root + "/shore.jpg")?.rating
        XCTAssertEqual(shoreRating, 3, "a renamed photo keeps its rating")
        // Deleting the folder below must not race the queue's writes.
        await logic.library.ratings.settled()
        try FileManager.default.removeItem(atPath: root + "/city.jpg")
        guard case .presenting(let shrunk) = await logic.fileChanged(path: root + "/city.jpg") else { return XCTFail() }
        XCTAssertEqual(shrunk.summary, "3 photos")
        try FileManager.default.removeItem(atPath: root)
        let vanished = await logic.fileRemoved(path: root)
        XCTAssertEqual(vanished, .failed(.missing(path: root)), "a deleted folder says so")
    }
}

@MainActor
private final class StateRecorder {
    var states: [PhotoListLogic.State] = []
    init(_ logic: PhotoListLogic) {
        logic.onChange = { [unowned self] in self.states.append($0) }
    }
}

/// Holds rebuilds until the test opens it.
private actor Gate {
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func pass() async {
        await withCheckedContinuation { continuation in
            held.append(continuation)
            let ready = watchers.filter { $0.count <= held.count }
            watchers.removeAll { $0.count <= held.count }
            ready.forEach { $0.continuation.resume() }
        }
    }

    /// Returns once `count` rebuilds are held.
    func untilHeld(count: Int = 1) async {
        guard held.count < count else { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }

    /// Lets the first held rebuild (or the last) go on.
    func open(last: Bool = false) {
        guard !held.isEmpty else { return }
        (last ? held.removeLast() : held.removeFirst()).resume()
    }
}
