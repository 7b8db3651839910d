import Foundation
@testable import LightboxCore
import XCTest

/// A rating written into a photo swaps it with a hidden, rewritten copy:
/// the folder's watcher reports that as moves, and the file gets a new
/// size and time. The photo must stay where it is in the list (a photo
/// window stepping through it would otherwise lose its place).
@MainActor
final class PhotoListRatingWriteTests: XCTestCase {
    func testARatingWriteLeavesThePhotoInItsPlace() async throws {
        let scratch = Scratch()
        for name in ["a", "b"] { try PhotoFixtures.jpeg(at: scratch.path("photos/\(name).jpg")) }
        let root = scratch.path("photos").standardizedFileURL.path
        let a = root + "/a.jpg"
        // No date taken: ordered by the files' times, a well before b.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
                                              ofItemAtPath: a)
        let disk = TestFolderWatcher()
        let logic = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                   trash: FolderTrash(folder: scratch.path("trash")), watching: disk.factory)
        await logic.sendAndSettle(.openFolderAt(root))
        XCTAssertEqual(logic.state.titles, ["a", "b"])
        await logic.measured()
        let measures = logic.photo(at: a)?.measures
        XCTAssertNotNil(measures)

        logic.send(.edit(.rate(path: a, stars: 4)))
        for _ in 0..<500 where logic.photo(at: a)?.modificationTime == 1_600_000_000 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        await logic.settled()
        XCTAssertNotEqual(logic.photo(at: a)?.modificationTime, 1_600_000_000, "the file was written")
        XCTAssertEqual(logic.state.titles, ["a", "b"], "not moved to the end of the date order")
        XCTAssertEqual(logic.photo(at: a)?.measures, measures, "what was measured stays: the pixels did not change")

        // What the watcher reports of the swap changes nothing either.
        let temporary = root + "/.a.jpg.lightbox-\(getpid())-Q1w2E3"
        XCTAssertTrue(RatingTemporary.isTemporary(temporary))
        XCTAssertFalse(RatingTemporary.isTemporary(a))
        let before = logic.state
        disk.tell(.moved(from: a, to: temporary))
        await logic.settled()
        let afterOut = logic.state
        disk.tell(.moved(from: temporary, to: a))
        await logic.settled()
        let afterIn = logic.state
        XCTAssertEqual(afterOut, before)
        XCTAssertEqual(afterIn, before)
        XCTAssertEqual(logic.neighbour(of: a, offset: 1)?.title, "b")
    }
}
