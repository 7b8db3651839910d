import Foundation
@testable import LightboxCore
import XCTest

/// Moving photos to the trash and back, through the list's logic.
@MainActor
final class PhotoListTrashTests: XCTestCase {
    private func loaded(trash: PhotoTrash) async throws -> (PhotoListLogic, Scratch, String) {
        let scratch = Scratch()
        for name in ["a", "b", "c"] { try PhotoFixtures.jpeg(at: scratch.path("photos/\(name).jpg")) }
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()), trash: trash)
        await logic.sendAndSettle(.sort(PhotoOrder(.name)))
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.sendAndSettle(.openFolderAt(root))
        await logic.measured()
        return (logic, scratch, root)
    }

    func testATrashedPhotoLeavesTheListAndComesBackWithItsRating() async throws {
        let bin = Scratch()
        let (logic, photos, root) = try await loaded(trash: FolderTrash(folder: bin.path("trash")))
        let recorder = LogicRecorder(logic)
        logic.send(.edit(.rate(path: root + "/b.jpg", stars: 4)))
        await logic.sendAndSettle(.trashPhoto(root + "/b.jpg"))
        guard case .presenting(let after) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(after.photos.map(\.title), ["a", "c"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/b.jpg"))
        XCTAssertTrue(recorder.outputs.contains { if case .photoRemoved(root + "/b.jpg") = $0 { true } else { false } },
                      "photo windows hear it went")
        XCTAssertEqual(logic.state.notice?.value, Notice("“b” moved to trash", button: .undo))

        await logic.sendAndSettle(.noticeButtonPressed)
        guard case .presenting(let back) = logic.state.content else { return XCTFail() }
        XCTAssertEqual(back.photos.map(\.title), ["a", "b", "c"])
        XCTAssertEqual(back.photos[1].rating, 4, "the index kept the rating")
        withExtendedLifetime(photos) {}
    }

    func testAPhotoThatCannotBeTrashedStaysAndSaysWhy() async throws {
        let bin = Scratch()
        let (logic, photos, root) = try await loaded(trash: FolderTrash(folder: bin.path("trash"), refuses: true))
        let before = logic.state
        await logic.sendAndSettle(.trashPhoto(root + "/a.jpg"))
        XCTAssertEqual(logic.state.notice?.value.text, "“a.jpg” could not be moved to the trash: This folder has no trash.")
        XCTAssertNil(logic.state.notice?.value.button, "nothing went: nothing to undo")
        var after = logic.state
        after.notice = nil
        XCTAssertEqual(after, before, "nothing changed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/a.jpg"))
        let told = logic.state
        await logic.sendAndSettle(.noticeButtonPressed)
        XCTAssertEqual(logic.state, told, "nothing to put back")
        withExtendedLifetime(photos) {}
    }

    /// An Undo that cannot put a photo back says why.
    func testAPhotoThatCannotBePutBackSaysWhy() async throws {
        let bin = Scratch()
        let trash = FolderTrash(folder: bin.path("trash"))
        let (logic, photos, root) = try await loaded(trash: trash)
        await logic.sendAndSettle(.trashPhoto(root + "/a.jpg"))
        XCTAssertEqual(logic.state.notice?.value.button, .undo)
        // Another program empties the trash meanwhile.
        try trash.restore(path: root + "/a.jpg")
        try FileManager.default.removeItem(atPath: root + "/a.jpg")
        await logic.sendAndSettle(.noticeButtonPressed)
        XCTAssertEqual(logic.state.notice?.value.text, "“a.jpg” could not be put back: Nothing to put back.")
        XCTAssertEqual(logic.state.titles, ["b", "c"])
        withExtendedLifetime(photos) {}
    }
}
