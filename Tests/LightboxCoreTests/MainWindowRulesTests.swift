import Foundation
@testable import LightboxCore
import XCTest

/// What a main window's intents come to, decided in the core: the filter
/// a search or a rating choice makes, which photos open and which are
/// compared, what "Move Rejected to Trash…" asks, photos asked for by path.
final class MainWindowRulesTests: XCTestCase {
    @MainActor
    private func loaded(_ names: [String]) async throws -> (PhotoListLogic, Scratch, String) {
        let scratch = Scratch()
        for name in names { try PhotoFixtures.jpeg(at: scratch.path("photos/\(name).jpg")) }
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                   trash: FolderTrash(folder: scratch.path("trash")))
        _ = await logic.sort(by: PhotoOrder(.name))
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.load(path: root)
        return (logic, scratch, root)
    }

    private func titles(_ photos: [Photo]) -> [String] { photos.map(\.title) }

    func testASearchAndTheRatingChoicesEachChangeTheirPartOfTheFilter() {
        let filter = PhotoFilter(text: "beach", minimumRating: 3, rejected: .hidden)
        XCTAssertEqual(filter.searching("dunes"), PhotoFilter(text: "dunes", minimumRating: 3, rejected: .hidden))
        XCTAssertEqual(filter.withMinimumRating(5), PhotoFilter(text: "beach", minimumRating: 5, rejected: .hidden))
        XCTAssertEqual(filter.withRejected(.only), PhotoFilter(text: "beach", minimumRating: 3, rejected: .only))
    }

    @MainActor
    func testEnterOnOneOfSeveralSelectedPhotosOpensThemAllAndTenAtMost() async throws {
        let names = (0..<12).map { String(format: "p%02d", $0) }
        let (logic, scratch, root) = try await loaded(names)
        let photos = logic.visiblePhotos
        var opened = logic.photosToOpen(activated: photos[0])
        XCTAssertEqual(titles(opened.photos), ["p00"], "nothing selected: the photo alone")
        XCTAssertNil(opened.notice)

        logic.select(paths: ["p01", "p02", "p03"].map { "\(root)/\($0).jpg" })
        XCTAssertEqual(titles(logic.photosToOpen(activated: photos[2]).photos), ["p01", "p02", "p03"],
                       "one of several selected: all of them")
        XCTAssertEqual(titles(logic.photosToOpen(activated: photos[5]).photos), ["p05"], "one not selected: itself")
        logic.select(paths: ["\(root)/p04.jpg"])
        XCTAssertEqual(titles(logic.photosToOpen(activated: photos[4]).photos), ["p04"])

        logic.selectAll()
        opened = logic.selectionToOpen
        XCTAssertEqual(opened.photos.count, PhotosToOpen.limit)
        XCTAssertEqual(titles(opened.photos).first, "p00", "the first ones, in the list's order")
        XCTAssertEqual(opened.notice, Notice("Opened the first 10 of the 12 selected photos"))
        XCTAssertEqual(titles(logic.photosToOpen(activated: photos[11]).photos).count, 10)
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testTwoSelectedPhotosAreComparedAndAClosedPhotoWindowSelectsItsPhoto() async throws {
        let (logic, scratch, root) = try await loaded(["a", "b", "c"])
        logic.select(paths: ["\(root)/a.jpg"])
        XCTAssertNil(logic.pairToCompare)
        logic.select(paths: ["\(root)/a.jpg", "\(root)/c.jpg"])
        XCTAssertEqual(logic.pairToCompare, ["\(root)/a.jpg", "\(root)/c.jpg"])
        logic.selectAll()
        XCTAssertNil(logic.pairToCompare, "not three")

        logic.reselect(afterViewing: "\(root)/b.jpg")
        XCTAssertEqual(titles(logic.selectedPhotos), ["a", "b", "c"], "one of several selected: they stay")
        logic.select(paths: ["\(root)/a.jpg"])
        logic.reselect(afterViewing: "\(root)/c.jpg")
        XCTAssertEqual(titles(logic.selectedPhotos), ["c"], "else the photo shown last is the one selected")
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testMoveRejectedToTrashAsksOnlyWhenAPhotoIsRejected() async throws {
        let (logic, scratch, root) = try await loaded(["a", "b", "c"])
        XCTAssertEqual(logic.trashRejectedQuestion,
                       .nothingToTrash(Notice("No photo in this folder is rejected (X rejects a photo)")))
        logic.reject(path: "\(root)/a.jpg")
        logic.reject(path: "\(root)/c.jpg")
        _ = await logic.filter(PhotoFilter().withRejected(.hidden))
        XCTAssertEqual(logic.trashRejectedQuestion, .confirm(count: 2), "hidden ones too")
        await logic.library.ratings.settled()
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testPhotosAskedForAreSelectedOnceTheListHoldsThemAndTheMissingAreNamed() async throws {
        let (logic, scratch, root) = try await loaded(["a", "b", "c"])
        XCTAssertNil(logic.takePhotosToShow(), "none asked for")
        logic.show(photos: ["\(root)/c.jpg", "\(root)/a.jpg", "\(root)/gone.jpg"])
        let shown = try XCTUnwrap(logic.takePhotosToShow())
        XCTAssertEqual(titles(shown.toOpen.photos), ["c", "a"])
        XCTAssertEqual(shown.first?.title, "c")
        XCTAssertEqual(shown.notFound, Notice("Not in the folder’s photos: “gone.jpg”", seconds: 15))
        XCTAssertEqual(titles(logic.selectedPhotos), ["a", "c"], "selected")
        XCTAssertNil(logic.takePhotosToShow(), "shown once")
        withExtendedLifetime(scratch) {}
    }
}
