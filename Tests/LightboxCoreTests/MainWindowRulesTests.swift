import Foundation
@testable import LightboxCore
import XCTest

/// What a main window's intents come to, decided in the core: the filter
/// a search or a rating choice makes, which photos open and which are
/// compared, what "Move Rejected to Trash…" asks, photos asked for by path.
final class MainWindowRulesTests: XCTestCase {
    @MainActor
    private func loaded(_ names: [String]) async throws -> (PhotoListLogic, Scratch, String, PhotoLibrary) {
        let scratch = Scratch()
        for name in names { try PhotoFixtures.jpeg(at: scratch.path("photos/\(name).jpg")) }
        let library = PhotoLibrary(index: try LibraryIndex())
        let logic = PhotoListLogic(library: library,
                                   trash: FolderTrash(folder: scratch.path("trash")))
        await logic.sendAndSettle(.sort(PhotoOrder(.name)))
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.sendAndSettle(.openFolderAt(root))
        return (logic, scratch, root, library)
    }

    private func titles(_ photos: [Photo]) -> [String] { photos.map(\.title) }

    /// The titles of the photos the outputs open, in order.
    @MainActor
    private func opened(_ recorder: LogicRecorder<PhotoListLogic>) -> [String] {
        recorder.outputs.compactMap { output -> String? in
            guard case .openPhoto(let path, properties: false) = output else { return nil }
            return String(Photo.stem(of: path))
        }
    }

    /// The titles of the photos selected, by name.
    @MainActor
    private func selected(_ logic: PhotoListLogic) -> [String] {
        (logic.state.list?.selection ?? []).map { String(Photo.stem(of: $0)) }.sorted()
    }

    func testASearchAndTheRatingChoicesEachChangeTheirPartOfTheFilter() {
        let filter = PhotoFilter(text: "beach", minimumRating: 3, rejected: .hidden)
        XCTAssertEqual(filter.searching("dunes"), PhotoFilter(text: "dunes", minimumRating: 3, rejected: .hidden))
        XCTAssertEqual(filter.withMinimumRating(5), PhotoFilter(text: "beach", minimumRating: 5, rejected: .hidden))
        XCTAssertEqual(filter.withRejected(.only), PhotoFilter(text: "beach", minimumRating: 3, rejected: .only))
    }

    @MainActor
    func testEnterOnOneOfSeveralSelectedPhotosOpensThemAllAndTenAtMost() async throws {
        let names = (0..<12).map { String(format: "p%02d", $0) }
        let (logic, scratch, root, _) = try await loaded(names)
        let recorder = LogicRecorder(logic)
        let photos = logic.state.shown
        logic.send(.open(photos[0]))
        XCTAssertEqual(opened(recorder), ["p00"], "nothing selected: the photo alone")
        XCTAssertNil(logic.state.notice)

        logic.send(.select(["p01", "p02", "p03"].map { "\(root)/\($0).jpg" }))
        recorder.clear()
        logic.send(.open(photos[2]))
        XCTAssertEqual(opened(recorder), ["p01", "p02", "p03"], "one of several selected: all of them")
        recorder.clear()
        logic.send(.open(photos[5]))
        XCTAssertEqual(opened(recorder), ["p05"], "one not selected: itself")
        logic.send(.select(["\(root)/p04.jpg"]))
        recorder.clear()
        logic.send(.open(photos[4]))
        XCTAssertEqual(opened(recorder), ["p04"])
        XCTAssertNil(logic.state.notice)

        logic.send(.selectAll)
        recorder.clear()
        logic.send(.openSelected)
        XCTAssertEqual(opened(recorder).count, PhotosToOpen.limit)
        XCTAssertEqual(opened(recorder).first, "p00", "the first ones, in the list's order")
        XCTAssertEqual(logic.state.notice?.value, Notice("Opened the first 10 of the 12 selected photos"))
        recorder.clear()
        logic.send(.open(photos[11]))
        XCTAssertEqual(opened(recorder).count, 10)
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testFiveSelectedPhotosAreTooManyToCompare() async throws {
        let (logic, scratch, _, _) = try await loaded(["a", "b", "c", "d", "e"])
        let recorder = LogicRecorder(logic)
        logic.send(.selectAll)
        logic.send(.compare)
        XCTAssertTrue(recorder.outputs.allSatisfy { if case .compare = $0 { false } else { true } }, "four at most")
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testTwoSelectedPhotosAreComparedAndAClosedPhotoWindowSelectsItsPhoto() async throws {
        let (logic, scratch, root, _) = try await loaded(["a", "b", "c"])
        let recorder = LogicRecorder(logic)
        let compared = {
            recorder.outputs.compactMap { output -> [String]? in if case .compare(let paths) = output { paths } else { nil } }
        }
        logic.send(.select(["\(root)/a.jpg"]))
        logic.send(.compare)
        XCTAssertEqual(compared(), [])
        logic.send(.select(["\(root)/a.jpg", "\(root)/c.jpg"]))
        logic.send(.compare)
        XCTAssertEqual(compared(), [["\(root)/a.jpg", "\(root)/c.jpg"]])
        logic.send(.selectAll)
        logic.send(.compare)
        XCTAssertEqual(compared().last, ["a", "b", "c"].map { "\(root)/\($0).jpg" }, "three side by side too")

        logic.send(.photoWindowClosed(on: "\(root)/b.jpg"))
        XCTAssertEqual(selected(logic), ["a", "b", "c"], "one of several selected: they stay")
        logic.send(.select(["\(root)/a.jpg"]))
        recorder.clear()
        logic.send(.photoWindowClosed(on: "\(root)/c.jpg"))
        XCTAssertEqual(selected(logic), ["c"], "else the photo shown last is the one selected")
        XCTAssertTrue(recorder.outputs.contains { if case .show(.reveal(path: "\(root)/c.jpg")) = $0 { true } else { false } },
                      "and the grid shows it")
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testMoveRejectedToTrashAsksOnlyWhenAPhotoIsRejected() async throws {
        let (logic, scratch, root, library) = try await loaded(["a", "b", "c"])
        logic.send(.trashRejected)
        XCTAssertNil(logic.state.question)
        XCTAssertEqual(logic.state.notice?.value, Notice("No photo in this folder is rejected (X rejects a photo)"))
        logic.send(.edit(.rate(path: "\(root)/a.jpg", stars: Photo.rejected)))
        logic.send(.edit(.rate(path: "\(root)/c.jpg", stars: Photo.rejected)))
        await logic.sendAndSettle(.rejected(.hidden))
        logic.send(.trashRejected)
        XCTAssertEqual(logic.state.question?.value, .trashRejected(count: 2), "hidden ones too")
        await logic.sendAndSettle(.answer(.dismissed))
        XCTAssertNil(logic.state.question)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/a.jpg"), "nothing goes without a yes")
        await library.ratings.settled()
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testPhotosAskedForAreSelectedOnceTheListHoldsThemAndTheMissingAreNamed() async throws {
        let (logic, scratch, root, _) = try await loaded(["a", "b", "c"])
        let recorder = LogicRecorder(logic)
        logic.send(.selectNone)
        XCTAssertEqual(opened(recorder), [], "none asked for")
        logic.send(.showPhotos(["\(root)/c.jpg", "\(root)/a.jpg", "\(root)/gone.jpg"]))
        XCTAssertEqual(opened(recorder), ["c", "a"])
        let revealed = recorder.outputs.compactMap { output -> String? in
            if case .show(.reveal(let path)) = output { path } else { nil }
        }
        XCTAssertEqual(revealed, ["\(root)/c.jpg"])
        XCTAssertEqual(logic.state.notice?.value, Notice("Not in the folder’s photos: “gone.jpg”", seconds: 15))
        XCTAssertEqual(selected(logic), ["a", "c"], "selected")
        recorder.clear()
        logic.send(.selectAll)
        XCTAssertEqual(opened(recorder), [], "shown once")
        withExtendedLifetime(scratch) {}
    }
}
