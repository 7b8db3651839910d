import Foundation
@testable import LightboxCore
import XCTest

/// The selection, by photo identity, and what acts on it.
@MainActor
final class PhotoListSelectionTests: XCTestCase {
    private struct Loaded {
        let logic: PhotoListLogic
        let library: PhotoLibrary
        let disk: TestFolderWatcher
        let scratch: Scratch
        let root: String
    }

    private func loaded(_ names: [String] = ["a", "b", "c", "d"], trash: PhotoTrash? = nil) async throws -> Loaded {
        let scratch = Scratch()
        for name in names { try PhotoFixtures.jpeg(at: scratch.path("photos/\(name).jpg")) }
        let library = PhotoLibrary(index: try LibraryIndex())
        let disk = TestFolderWatcher()
        let logic = PhotoListLogic(library: library, trash: trash ?? FolderTrash(folder: scratch.path("trash")),
                                   watching: disk.factory)
        await logic.sendAndSettle(.sort(PhotoOrder(.name)))
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.sendAndSettle(.openFolderAt(root))
        return Loaded(logic: logic, library: library, disk: disk, scratch: scratch, root: root)
    }

    private func selection(_ logic: PhotoListLogic) -> [String] {
        guard case .presenting(let list) = logic.state.content else { return [] }
        return list.selection.map { String(Photo.stem(of: $0)) }.sorted()
    }

    func testTheSelectionFollowsPhotosAcrossSortFilterAndChangesOnDisk() async throws {
        let loaded = try await loaded()
        let (logic, root, disk) = (loaded.logic, loaded.root, loaded.disk)
        let recorder = LogicRecorder(logic)
        logic.send(.select(["a", "c", "nowhere"].map { "\(root)/\($0).jpg" }))
        XCTAssertEqual(selection(logic), ["a", "c"], "only photos of the list are selected")

        await logic.sendAndSettle(.sort(PhotoOrder(.name, ascending: false)))
        XCTAssertEqual(selection(logic), ["a", "c"], "sorting keeps the same photos selected")

        await logic.sendAndSettle(.search("c"))
        XCTAssertEqual(selection(logic), ["c"], "a photo the filter hides is not shown as selected")
        recorder.clear()
        logic.send(.copyPaths)
        XCTAssertEqual(recorder.outputs.compactMap { if case .show(.copyText(let text)) = $0 { text } else { nil } },
                       ["\(root)/c.jpg"], "nor acted on")
        logic.send(.select(["\(root)/c.jpg"]))
        await logic.sendAndSettle(.search(""))
        XCTAssertEqual(selection(logic), ["a", "c"], "and is selected again once shown")

        try FileManager.default.moveItem(atPath: root + "/c.jpg", toPath: root + "/e.jpg")
        disk.tell(.moved(from: root + "/c.jpg", to: root + "/e.jpg"))
        await logic.settled()
        XCTAssertEqual(selection(logic), ["a", "e"], "a renamed photo stays selected")

        try FileManager.default.removeItem(atPath: root + "/a.jpg")
        disk.tell(.removed(root + "/a.jpg"))
        await logic.settled()
        XCTAssertEqual(selection(logic), ["e"], "a vanished photo leaves the selection")
        guard case .presenting(let list) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(list.selectionSummary, "1 selected")

        logic.send(.selectAll)
        XCTAssertEqual(selection(logic), ["b", "d", "e"])
        logic.send(.selectNone)
        XCTAssertEqual(selection(logic), [])
        withExtendedLifetime(loaded) {}
    }

    func testRatingAndRejectingTheSelection() async throws {
        let loaded = try await loaded()
        let (logic, root) = (loaded.logic, loaded.root)
        logic.send(.select(["\(root)/a.jpg", "\(root)/b.jpg"]))
        logic.send(.rate(4))
        XCTAssertEqual(logic.state.shown.map(\.rating), [4, 4, 0, 0])
        logic.send(.toggleRejected)
        XCTAssertEqual(logic.state.shown.map(\.isRejected), [true, true, false, false])
        XCTAssertTrue(logic.state.selectionIsRejected)
        logic.send(.toggleRejected)
        XCTAssertEqual(logic.state.shown.map(\.rating), [0, 0, 0, 0], "X again takes the rejection back")
        logic.send(.select(["\(root)/a.jpg", "\(root)/c.jpg"]))
        logic.send(.edit(.rate(path: root + "/a.jpg", stars: Photo.rejected)))
        XCTAssertFalse(logic.state.selectionIsRejected)
        logic.send(.toggleRejected)
        XCTAssertEqual(logic.state.shown.map(\.isRejected), [true, false, true, false],
                       "a selection not all rejected is rejected")
        logic.send(.select([]))
        await logic.sendAndSettle(.rejected(.hidden))
        logic.send(.trashRejected)
        XCTAssertEqual(logic.state.question?.value, .trashRejected(count: 2), "hidden or not, for Move Rejected to Trash")
        await loaded.library.ratings.settled()
        let index = loaded.library.index
        XCTAssertEqual(try index.rating(of: root + "/c.jpg"), Photo.rejected, "the index has every rating")
        withExtendedLifetime(loaded) {}
    }

    func testTrashingTheSelectionReportsEachFailureAndOneUndoPutsAllBack() async throws {
        let bin = Scratch()
        let trash = FolderTrash(folder: bin.path("trash"), refusedNames: ["c.jpg"])
        let loaded = try await loaded(trash: trash)
        let (logic, root) = (loaded.logic, loaded.root)
        let recorder = LogicRecorder(logic)
        logic.send(.select(["a", "b", "c"].map { "\(root)/\($0).jpg" }))
        logic.send(.rate(3))
        await logic.sendAndSettle(.trash)
        let removed = recorder.outputs.compactMap { if case .photoRemoved(let path) = $0 { path } else { nil } }
        XCTAssertEqual(removed.map { String(Photo.stem(of: $0)) }, ["a", "b"])
        XCTAssertEqual(logic.state.notice?.value.text,
                       "2 photos moved to trash. “c.jpg” could not be moved to the trash: This folder has no trash.")
        XCTAssertEqual(logic.state.notice?.value.button, .undo)
        XCTAssertEqual(logic.state.titles, ["c", "d"], "the rest still went")
        XCTAssertEqual(selection(logic), ["c"], "what could not go stays selected")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/a.jpg"))

        let notice = logic.state.notice
        await logic.sendAndSettle(.noticeButtonPressed)
        XCTAssertEqual(logic.state.notice, notice, "no failure to tell")
        XCTAssertEqual(logic.state.titles, ["a", "b", "c", "d"])
        XCTAssertEqual(logic.state.shown.map(\.rating), [3, 3, 3, 0], "they come back with their ratings")
        for name in ["a", "b", "c", "d"] { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/\(name).jpg")) }
        await loaded.library.ratings.settled()
        withExtendedLifetime((loaded, bin)) {}
    }
}
