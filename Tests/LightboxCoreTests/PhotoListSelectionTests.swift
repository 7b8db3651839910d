import Foundation
@testable import LightboxCore
import XCTest

/// The selection, by photo identity, and what acts on it.
final class PhotoListSelectionTests: XCTestCase {
    @MainActor
    private func loaded(_ names: [String] = ["a", "b", "c", "d"], trash: PhotoTrash? = nil)
        async throws -> (PhotoListLogic, Scratch, String) {
        let scratch = Scratch()
        for name in names { try PhotoFixtures.jpeg(at: scratch.path("photos/\(name).jpg")) }
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                   trash: trash ?? FolderTrash(folder: scratch.path("trash")))
        _ = await logic.sort(by: PhotoOrder(.name))
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.load(path: root)
        return (logic, scratch, root)
    }

    @MainActor
    private func selection(_ logic: PhotoListLogic) -> [String] {
        guard case .presenting(let list) = logic.state else { return [] }
        return list.selection.map { String(Photo.stem(of: $0)) }.sorted()
    }

    @MainActor
    func testTheSelectionFollowsPhotosAcrossSortFilterAndChangesOnDisk() async throws {
        let (logic, scratch, root) = try await loaded()
        logic.select(paths: ["a", "c", "nowhere"].map { "\(root)/\($0).jpg" })
        XCTAssertEqual(selection(logic), ["a", "c"], "only photos of the list are selected")

        _ = await logic.sort(by: PhotoOrder(.name, ascending: false))
        XCTAssertEqual(selection(logic), ["a", "c"], "sorting keeps the same photos selected")

        _ = await logic.filter(PhotoFilter(text: "c"))
        XCTAssertEqual(selection(logic), ["c"], "a photo the filter hides is not shown as selected")
        XCTAssertEqual(logic.selectedPhotos.map(\.title), ["c"], "nor acted on")
        logic.select(paths: ["\(root)/c.jpg"])
        _ = await logic.filter(PhotoFilter())
        XCTAssertEqual(selection(logic), ["a", "c"], "and is selected again once shown")

        try FileManager.default.moveItem(atPath: root + "/c.jpg", toPath: root + "/e.jpg")
        await logic.fileMoved(from: root + "/c.jpg", to: root + "/e.jpg")
        XCTAssertEqual(selection(logic), ["a", "e"], "a renamed photo stays selected")

        try FileManager.default.removeItem(atPath: root + "/a.jpg")
        logic.fileRemoved(path: root + "/a.jpg")
        XCTAssertEqual(selection(logic), ["e"], "a vanished photo leaves the selection")
        guard case .presenting(let list) = logic.state else { return XCTFail() }
        XCTAssertEqual(list.selectionSummary, "1 selected")

        logic.selectAll()
        XCTAssertEqual(selection(logic), ["b", "d", "e"])
        logic.selectNone()
        XCTAssertEqual(selection(logic), [])
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testRatingAndRejectingTheSelection() async throws {
        let (logic, scratch, root) = try await loaded()
        logic.select(paths: ["\(root)/a.jpg", "\(root)/b.jpg"])
        logic.rateSelection(stars: 4)
        XCTAssertEqual(logic.visiblePhotos.map(\.rating), [4, 4, 0, 0])
        logic.toggleRejectedSelection()
        XCTAssertEqual(logic.visiblePhotos.map(\.isRejected), [true, true, false, false])
        logic.toggleRejectedSelection()
        XCTAssertEqual(logic.visiblePhotos.map(\.rating), [0, 0, 0, 0], "X again takes the rejection back")
        logic.select(paths: ["\(root)/a.jpg", "\(root)/c.jpg"])
        _ = logic.reject(path: root + "/a.jpg")
        logic.toggleRejectedSelection()
        XCTAssertEqual(logic.visiblePhotos.map(\.isRejected), [true, false, true, false],
                       "a selection not all rejected is rejected")
        logic.select(paths: [])
        _ = await logic.filter(PhotoFilter(rejected: .hidden))
        XCTAssertEqual(Set(logic.rejectedPhotos.map(\.title)), ["a", "c"], "hidden or not, for Move Rejected to Trash")
        await logic.library.ratings.settled()
        let index = logic.library.index
        XCTAssertEqual(try index.rating(of: root + "/c.jpg"), Photo.rejected, "the index has every rating")
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testTrashingTheSelectionReportsEachFailureAndOneUndoPutsAllBack() async throws {
        let bin = Scratch()
        let trash = FolderTrash(folder: bin.path("trash"), refusedNames: ["c.jpg"])
        let (logic, scratch, root) = try await loaded(trash: trash)
        logic.select(paths: ["a", "b", "c"].map { "\(root)/\($0).jpg" })
        logic.rateSelection(stars: 3)
        var reported: [(Int, Int)] = []
        let result = await logic.trashSelection { done, total in reported.append((done, total)) }
        XCTAssertEqual(result.trashed.map { String(Photo.stem(of: $0)) }, ["a", "b"])
        XCTAssertEqual(result.failures, [FileFailure(path: root + "/c.jpg", reason: "This folder has no trash.")])
        XCTAssertEqual(logic.visiblePhotos.map(\.title), ["c", "d"], "the rest still went")
        XCTAssertEqual(selection(logic), ["c"], "what could not go stays selected")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/a.jpg"))

        let failures = await logic.restore(paths: result.trashed)
        XCTAssertEqual(failures, [])
        XCTAssertEqual(logic.visiblePhotos.map(\.title), ["a", "b", "c", "d"])
        XCTAssertEqual(logic.visiblePhotos.map(\.rating), [3, 3, 3, 0], "they come back with their ratings")
        for name in ["a", "b", "c", "d"] { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/\(name).jpg")) }
        await logic.library.ratings.settled()
        withExtendedLifetime((scratch, bin, reported)) {}
    }
}
