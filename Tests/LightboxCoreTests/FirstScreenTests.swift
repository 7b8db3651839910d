import Foundation
@testable import LightboxCore
import XCTest

/// A big folder's first screen stays put while the folder loads: photos
/// come in name order, their dates are read in the order they stand, and a
/// date read does not move a photo until the folder has loaded, when the
/// dates take their places in one step (none, for a camera's folder).
final class FirstScreenTests: XCTestCase {
    /// Cells a first screen shows, give or take.
    private let screen = 24

    /// `count` photos DSC_00001… in one folder, written in name order a
    /// second apart, long after they were taken a minute apart: in name
    /// order, or in the reverse order.
    private func card(_ count: Int, takenInReverse: Bool = false) throws -> Scratch {
        let scratch = Scratch()
        let marker = "2014:03:01 00:00:00"
        let base = try Data(contentsOf: PhotoFixtures.jpeg(at: scratch.path("base.jpg"),
                                                           tags: [("Exif.Photo.DateTimeOriginal", marker)]))
        let markerBytes = Data(marker.utf8)
        let at = try XCTUnwrap(base.range(of: markerBytes))
        for index in 1...count {
            let minutes = takenInReverse ? count - index : index
            var data = base
            data.replaceSubrange(at, with: Data(String(format: "2014:03:01 %02d:%02d:00", minutes / 60, minutes % 60).utf8))
            let url = scratch.path(String(format: "card/DSC_%05d.JPG", index))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            try PhotoFixtures.setModificationTime(1_750_000_000 + index, of: url)
        }
        return scratch
    }

    @MainActor
    private func load(_ scratch: Scratch) async throws -> (final: [String], shown: [[String]]) {
        let library = PhotoLibrary(index: try LibraryIndex(), scanner: FolderScanner(batchSize: 8), concurrency: 2)
        let logic = PhotoListLogic(library: library, trash: FolderTrash(folder: scratch.path("trash")))
        var shown: [[String]] = []
        logic.onState = { state in
            switch state.content {
            case .loading(let list, _), .presenting(let list): shown.append(list.photos.map { Photo.name(of: $0.path) }.map(String.init))
            default: break
            }
        }
        await logic.sendAndSettle(.openFolderAt(scratch.path("card").path))
        guard case .presenting(let list) = logic.state.content else {
            XCTFail("the folder did not load")
            return ([], shown)
        }
        return (list.photos.map { String(Photo.name(of: $0.path)) }, shown)
    }

    /// How many times a photo on the first screen gave its place to another.
    private func changes(_ shown: [[String]]) -> Int {
        zip(shown, shown.dropFirst()).count { before, after in
            (0..<min(screen, before.count, after.count)).contains { before[$0] != after[$0] }
        }
    }

    @MainActor
    func testACameraFoldersFirstScreenNeverChanges() async throws {
        let scratch = try card(150)
        let (final, shown) = try await load(scratch)
        XCTAssertEqual(final, (1...150).map { String(format: "DSC_%05d.JPG", $0) }, "in the order taken")
        XCTAssertGreaterThan(shown.count, 3, "the folder showed while it loaded")
        XCTAssertEqual(changes(shown), 0, "the first screen changed: \(shown.map { $0.prefix(4) })")
    }

    @MainActor
    func testDatesThatDisagreeWithTheFilesMoveThePhotosOnceWhenTheFolderHasLoaded() async throws {
        let scratch = try card(150, takenInReverse: true)
        let (final, shown) = try await load(scratch)
        XCTAssertEqual(final, (1...150).reversed().map { String(format: "DSC_%05d.JPG", $0) }, "in the order taken")
        XCTAssertEqual(changes(shown.dropLast()), 0, "no photo moved while the folder loaded")
        XCTAssertEqual(changes(shown), 1, "the dates took their places in one step")
    }

    /// Once the person works with the photos while the folder loads (a
    /// selection, a scroll, a search), the dates read wait: nothing moves
    /// at the end, and the window offers the finished order, which takes
    /// its places in one step when asked for.
    @MainActor
    func testOnceThePersonActsTheOrderWaitsToBeAskedFor() async throws {
        let scratch = try card(150, takenInReverse: true)
        let library = PhotoLibrary(index: try LibraryIndex(), scanner: FolderScanner(batchSize: 8), concurrency: 2)
        let logic = PhotoListLogic(library: library, trash: FolderTrash(folder: scratch.path("trash")))
        var acted = false
        logic.onState = { state in
            guard !acted, case .loading(let list, _) = state.content, !list.photos.isEmpty else { return }
            acted = true
            logic.send(.scrolled)
        }
        await logic.sendAndSettle(.openFolderAt(scratch.path("card").path))
        guard case .presenting(let loaded) = logic.state.content else {
            return XCTFail("the folder did not load")
        }
        XCTAssertTrue(acted)
        let names = { (list: PhotoList) in list.photos.map { String(Photo.name(of: $0.path)) } }
        XCTAssertEqual(names(loaded), (1...150).map { String(format: "DSC_%05d.JPG", $0) }, "in the order first shown")
        XCTAssertTrue(loaded.datesWaiting, "the finished order is offered")
        await logic.sendAndSettle(.sortByDatesRead)
        guard case .presenting(let sorted) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(names(sorted), (1...150).reversed().map { String(format: "DSC_%05d.JPG", $0) }, "in the order taken")
        XCTAssertFalse(sorted.datesWaiting)
    }

    /// A photo whose date is held, trashed and put back while its folder
    /// loads, then rated: shown once (its old held date must not linger).
    @MainActor
    func testAPhotoPutBackWhileItsFolderLoadsIsShownOnce() {
        let collection = PhotoCollection(order: .standard, filter: PhotoFilter(), rebuilding: PhotoListLogic.offMainThread)
        collection.holdsDates = true
        let photos = (1...3).map { Photo(path: "/card/DSC_0000\($0).JPG", fileSize: 1, modificationTime: 1_750_000_000 + $0) }
        collection.insert(photos)
        // Its date is read: it keeps its place, held at its file's time.
        var read = photos[1]
        read.metadata = PhotoMetadata(dateTaken: Date(timeIntervalSince1970: 1_400_000_000))
        collection.replace([read])
        XCTAssertTrue(collection.hasHeldDates)
        collection.remove([read.path])
        collection.insert([read])
        read.rate(3)
        collection.replace([read])
        XCTAssertEqual(collection.shownPhotos.map(\.path).sorted(), photos.map(\.path).sorted())
        XCTAssertEqual(collection.shownPhotos.map(\.path), [photos[1], photos[0], photos[2]].map(\.path),
                       "back with the date read, which is older than the others' files")
    }
}
