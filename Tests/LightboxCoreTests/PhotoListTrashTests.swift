import Foundation
@testable import LightboxCore
import XCTest

/// Moving photos to the trash and back, through the list's logic.
final class PhotoListTrashTests: XCTestCase {
    @MainActor
    private func loaded(trash: PhotoTrash) async throws -> (PhotoListLogic, Scratch, String) {
        let scratch = Scratch()
        for name in ["a", "b", "c"] { try PhotoFixtures.jpeg(at: scratch.path("photos/\(name).jpg")) }
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()), trash: trash)
        _ = await logic.sort(by: PhotoOrder(.name))
        let root = scratch.path("photos").standardizedFileURL.path
        await logic.load(path: root)
        return (logic, scratch, root)
    }

    @MainActor
    func testATrashedPhotoLeavesTheListAndComesBackWithItsRating() async throws {
        let bin = Scratch()
        let (logic, photos, root) = try await loaded(trash: FolderTrash(folder: bin.path("trash")))
        _ = logic.rate(path: root + "/b.jpg", stars: 4)
        guard case .presenting(let after) = try await logic.trash(path: root + "/b.jpg") else { return XCTFail() }
        XCTAssertEqual(after.photos.map(\.title), ["a", "c"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/b.jpg"))

        guard case .presenting(let back) = try await logic.restore(path: root + "/b.jpg") else { return XCTFail() }
        XCTAssertEqual(back.photos.map(\.title), ["a", "b", "c"])
        XCTAssertEqual(back.photos[1].rating, 4, "the index kept the rating")
        withExtendedLifetime(photos) {}
    }

    @MainActor
    func testAPhotoThatCannotBeTrashedStaysAndSaysWhy() async throws {
        let bin = Scratch()
        let (logic, photos, root) = try await loaded(trash: FolderTrash(folder: bin.path("trash"), refuses: true))
        let before = logic.state
        do {
            try await logic.trash(path: root + "/a.jpg")
            XCTFail("the trash refused")
        } catch {
            XCTAssertEqual(error.message, "This folder has no trash.")
        }
        let after = logic.state
        XCTAssertEqual(after, before, "nothing changed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/a.jpg"))
        do {
            try await logic.restore(path: root + "/a.jpg")
            XCTFail("nothing to restore")
        } catch {
            XCTAssertEqual(error.message, "Nothing to put back.")
        }
        withExtendedLifetime(photos) {}
    }
}
