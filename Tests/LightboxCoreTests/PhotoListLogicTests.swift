import Foundation
@testable import LightboxCore
import XCTest

/// Trashed photos go to a folder of the tests' own.
private let testTrash = FolderTrash(folder: FileManager.default.temporaryDirectory
    .appendingPathComponent("lightbox-tests-trash-\(UUID().uuidString)"))

@MainActor
private func makeLogic(_ index: LibraryIndex, trash: PhotoTrash = testTrash,
                       watcher: TestFolderWatcher? = nil) -> PhotoListLogic {
    PhotoListLogic(library: PhotoLibrary(index: index, scanner: FolderScanner(batchSize: 2)), trash: trash,
                   watching: watcher?.factory)
}

/// A logic whose sorts and filters wait at `gate` before they run.
@MainActor
private func makeLogic(_ index: LibraryIndex, rebuildingAt gate: Gate, watcher: TestFolderWatcher) -> PhotoListLogic {
    PhotoListLogic(library: PhotoLibrary(index: index, scanner: FolderScanner(batchSize: 2)), trash: testTrash,
                   watching: watcher.factory,
                   rebuilding: { make in
                       await gate.pass()
                       return make()
                   })
}

@MainActor
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
        let logic = makeLogic(try LibraryIndex())
        let recorder = LogicRecorder(logic)
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        let states = recorder.states.map(\.content)
        guard case .presenting(let list) = logic.state.content else { return XCTFail("expected presenting, got \(logic.state)") }
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
        let logic = makeLogic(try LibraryIndex())
        let recorder = LogicRecorder(logic)
        let path = scratch.path("photos").path
        logic.send(.openFolderAt(path))
        // The first load is under way once it has left idle.
        while case .idle = logic.state.content { await Task.yield() }
        await logic.sendAndSettle(.openFolderAt(path))
        let final = logic.state
        guard case .presenting(let list) = final.content else { return XCTFail("expected presenting, got \(final)") }
        XCTAssertEqual(list.photos.map(\.title), ["city", "beach", "mountain"])
        let done = try XCTUnwrap(recorder.states.firstIndex { if case .presenting = $0.content { true } else { false } })
        XCTAssertEqual(recorder.states[done...].filter { $0 != final }.count, 0,
                       "the superseded load changes nothing after the new one")
    }

    func testEmptyAndMissingFolders() async throws {
        let scratch = Scratch()
        scratch.file("nothing/readme.txt")
        let logic = makeLogic(try LibraryIndex())
        await logic.sendAndSettle(.openFolderAt(scratch.path("nothing").path))
        XCTAssertEqual(logic.state.content, .empty(Folder(url: scratch.path("nothing").standardizedFileURL)))
        await logic.sendAndSettle(.openFolderAt("/nonexistent/photos"))
        XCTAssertEqual(logic.state.content, .failed(.missing(path: "/nonexistent/photos")))
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
        let logic = makeLogic(try LibraryIndex())
        await logic.sendAndSettle(.search("street"))
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        guard case .presenting(let list) = logic.state.content else { return XCTFail("expected presenting, got \(logic.state)") }
        let streets = (0..<40).filter { $0 % 3 != 0 }.reversed().map { "street-\($0)" }
        XCTAssertEqual(list.photos.map(\.title), streets, "every street photo once, in the order taken")
        XCTAssertEqual(list.total, 40)
        await logic.sendAndSettle(.search(""))
        guard case .presenting(let all) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(all.photos.count, 40)
        XCTAssertEqual(all.photos.map(\.dateTaken), all.photos.map(\.dateTaken).sorted())
    }

    func testSortFilterAndRatingRules() async throws {
        let scratch = try folderOfThree()
        let logic = makeLogic(try LibraryIndex())
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        let beach = scratch.path("photos/beach.jpg").standardizedFileURL.path
        await logic.sendAndSettle(.sort(PhotoOrder(.name, ascending: false)))
        guard case .presenting(let byName) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(byName.photos.map(\.title), ["mountain", "city", "beach"])
        logic.send(.edit(.rate(path: beach, stars: 4)))
        await logic.sendAndSettle(.minimumRating(3))
        guard case .presenting(let rated) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(rated.photos.map(\.title), ["beach"])
        XCTAssertEqual(rated.summary, "1 of 3 photos")
        await logic.sendAndSettle(.minimumRating(0))
        await logic.sendAndSettle(.search("MOUNT"))
        guard case .presenting(let searched) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(searched.photos.map(\.title), ["mountain"])
        await logic.sendAndSettle(.search(""))
        XCTAssertEqual(logic.state.filter, PhotoFilter())
        let before = logic.neighbour(of: beach, offset: -1)?.title
        let after = logic.neighbour(of: beach, offset: 1)
        XCTAssertEqual(before, "city")
        XCTAssertNil(after)
    }

    /// The list is sorted and filtered off the main thread: what happens
    /// meanwhile (a rating, a file gone) is not lost.
    func testChangesMadeWhileTheListIsRebuiltAreKept() async throws {
        let scratch = try folderOfThree()
        let gate = Gate()
        let disk = TestFolderWatcher()
        let logic = makeLogic(try LibraryIndex(), rebuildingAt: gate, watcher: disk)
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        let beach = scratch.path("photos/beach.jpg").standardizedFileURL.path
        let city = scratch.path("photos/city.jpg").standardizedFileURL.path

        // The sort has taken its photos and is held; a rating and a removal
        // come before its result.
        logic.send(.sort(PhotoOrder(.name)))
        await gate.untilHeld()
        logic.send(.edit(.rate(path: beach, stars: 5)))
        disk.tell(.removed(city))
        await gate.open()
        await logic.settled()
        guard case .presenting(let sorted) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(sorted.photos.map(\.title), ["beach", "mountain"])
        XCTAssertEqual(sorted.photos.first?.rating, 5)
        XCTAssertEqual(sorted.total, 2)

        // A filter held likewise: the rated photo goes meanwhile.
        logic.send(.minimumRating(1))
        await gate.untilHeld()
        disk.tell(.removed(beach))
        await gate.open()
        await logic.settled()
        guard case .presenting(let filtered) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(filtered.photos, [])
        XCTAssertEqual(filtered.total, 1)

        // A newer request wins over an older one still held.
        logic.send(.minimumRating(4))
        await gate.untilHeld()
        logic.send(.minimumRating(0))
        await gate.untilHeld(count: 2)
        await gate.open(last: true)
        let newerShown = await eventually { logic.state.titles == ["mountain"] }
        XCTAssertTrue(newerShown, "the newer filter is applied")
        await gate.open()
        await logic.settled()
        XCTAssertEqual(logic.state.titles, ["mountain"])
        XCTAssertEqual(logic.state.filter, PhotoFilter())
    }

    /// A sort asked for while a filter is under way, and an open that fails
    /// while a sort is under way.
    func testRebuildsGiveWayToNewerRequestsAndToAnotherFolder() async throws {
        let scratch = try folderOfThree()
        let gate = Gate()
        let logic = makeLogic(try LibraryIndex(), rebuildingAt: gate, watcher: TestFolderWatcher())
        await logic.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        logic.send(.edit(.rate(path: scratch.path("photos/city.jpg").standardizedFileURL.path, stars: 2)))
        logic.send(.edit(.rate(path: scratch.path("photos/beach.jpg").standardizedFileURL.path, stars: 3)))

        logic.send(.minimumRating(2))
        await gate.untilHeld()
        logic.send(.sort(PhotoOrder(.name, ascending: false)))
        await gate.untilHeld(count: 2)
        await gate.open()
        await gate.open()
        await logic.settled()
        guard case .presenting(let list) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(list.photos.map(\.title), ["city", "beach"], "filtered, then sorted")

        logic.send(.sort(.standard))
        await gate.untilHeld()
        logic.send(.openFolderAt(scratch.path("nowhere").path))
        let failed = logic.state
        guard case .failed = failed.content else { return XCTFail("the folder cannot open: \(failed)") }
        await gate.open()
        await logic.settled()
        XCTAssertEqual(logic.state, failed)
        XCTAssertNil(logic.place(of: scratch.path("photos/city.jpg").standardizedFileURL.path),
                     "the sort brought back no photo")
    }

    func testARatingSurvivesARestart() async throws {
        let scratch = try folderOfThree()
        let url = scratch.path("data/library.sqlite")
        let first = makeLogic(try LibraryIndex(url: url))
        await first.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        let city = scratch.path("photos/city.jpg").standardizedFileURL.path
        first.send(.edit(.rate(path: city, stars: 5)))
        // The save runs off the main thread; wait for it to land.
        let index = try LibraryIndex(url: url)
        for _ in 0..<100 where (try index.rating(of: city)) != 5 { try await Task.sleep(nanoseconds: 10_000_000) }
        let second = makeLogic(index)
        await second.sendAndSettle(.openFolderAt(scratch.path("photos").path))
        let rating = second.photo(at: city)?.rating
        XCTAssertEqual(rating, 5)
    }

    func testFilesAppearingVanishingAndMovingOnDisk() async throws {
        let scratch = try folderOfThree()
        let disk = TestFolderWatcher()
        let library = PhotoLibrary(index: try LibraryIndex(), scanner: FolderScanner(batchSize: 2))
        let logic = PhotoListLogic(library: library, trash: testTrash, watching: disk.factory)
        let recorder = LogicRecorder(logic)
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.sendAndSettle(.openFolderAt(root))
        XCTAssertEqual(Set(disk.watched.last ?? []), [root, root + "/alps"], "the folders loaded are watched")
        let added = try PhotoFixtures.jpeg(at: scratch.path("photos/new.jpg"))
        disk.tell(.changed(added.standardizedFileURL.path))
        await logic.settled()
        guard case .presenting(let grown) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(grown.total, 4)
        logic.send(.edit(.rate(path: root + "/beach.jpg", stars: 3)))
        // The rating is written into the file on the queue's thread: a
        // rename during that write is another test (RatingQueueTests).
        await library.ratings.settled()
        try FileManager.default.moveItem(atPath: root + "/beach.jpg", toPath: root + "/shore.jpg")
        disk.tell(.moved(from: root + "/beach.jpg", to: root + "/shore.jpg"))
        await logic.settled()
        guard case .presenting(let moved) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(Set(moved.photos.map(\.title)), ["city", "shore", "mountain", "new"])
        let shoreRating = logic.photo(at: root + "/shore.jpg")?.rating
        XCTAssertEqual(shoreRating, 3, "a renamed photo keeps its rating")
        // Deleting the folder below must not race the queue's writes.
        await library.ratings.settled()
        try FileManager.default.removeItem(atPath: root + "/city.jpg")
        disk.tell(.changed(root + "/city.jpg"))
        await logic.settled()
        guard case .presenting(let shrunk) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(shrunk.summary, "3 photos")
        try FileManager.default.removeItem(atPath: root)
        recorder.clear()
        disk.tell(.removed(root))
        await logic.settled()
        XCTAssertEqual(logic.state.content, .failed(.missing(path: root)), "a deleted folder says so")
        XCTAssertTrue(recorder.outputs.contains { if case .photoRemoved(root) = $0 { true } else { false } })
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
