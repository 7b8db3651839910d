import Foundation
@testable import LightboxCore
import XCTest

/// A photo window's logic over a real list: decoding, stepping, rating and
/// leaving a photo that left the folder.
final class PhotoViewerLogicTests: XCTestCase {
    @MainActor
    private func viewer(over names: [String], showing index: Int = 0) async throws
        -> (PhotoViewerLogic, PhotoListLogic, Scratch) {
        let scratch = Scratch()
        for name in names { try PhotoFixtures.jpeg(at: scratch.path("\(name).jpg")) }
        try Data("not a photo".utf8).write(to: scratch.path("0broken.jpg"))
        let list = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                  trash: FolderTrash(folder: scratch.path("../\(UUID().uuidString)")))
        _ = await list.sort(by: PhotoOrder(.name))
        await list.load(path: scratch.url.standardizedFileURL.path)
        let viewer = PhotoViewerLogic(photo: list.visiblePhotos[index], browsing: list)
        return (viewer, list, scratch)
    }

    @MainActor
    func testLoadsStepsAndRatesTellingEveryState() async throws {
        let (viewer, list, scratch) = try await viewer(over: ["a", "b", "c"], showing: 1)  // broken, a, b, c
        var heard: [String] = []
        viewer.onChange = { state in
            switch state {
            case .loading(let photo): heard.append("loading \(photo.title)")
            case .presenting(let photo, _): heard.append("showing \(photo.title) \(photo.rating)")
            case .failed(let photo, _): heard.append("failed \(photo.title)")
            case .gone: heard.append("gone")
            }
        }
        guard case .presenting(_, let pixels) = await viewer.load() else { return XCTFail() }
        XCTAssertGreaterThan(pixels.width, 0)
        XCTAssertTrue(viewer.hasPrevious)
        await viewer.step(1)
        viewer.rate(5)
        XCTAssertEqual(list.photo(at: viewer.photo.path)?.rating, 5, "the list (and its index) keeps it")
        await viewer.step(-2)
        guard case .failed(let broken, let reason) = viewer.state else { return XCTFail("\(viewer.state)") }
        XCTAssertEqual(broken.title, "0broken")
        XCTAssertFalse(reason.isEmpty)
        XCTAssertFalse(viewer.hasPrevious)
        await viewer.step(-1)
        XCTAssertEqual(viewer.photo.title, "0broken", "nothing before the first photo")
        XCTAssertEqual(heard, ["loading a", "showing a 0", "loading b", "showing b 0", "showing b 5",
                               "loading 0broken", "failed 0broken"])
        withExtendedLifetime(scratch) {}
    }

    @MainActor
    func testARemovedPhotoGivesWayToItsNeighboursThenTheWindowIsDone() async throws {
        let (viewer, list, scratch) = try await viewer(over: ["a", "b"], showing: 1)  // broken, a, b
        await viewer.load()
        try await list.trash(path: viewer.photo.path)
        await viewer.photoRemoved()
        XCTAssertEqual(viewer.photo.title, "b", "the next one")
        try FileManager.default.removeItem(at: scratch.path("b.jpg"))
        list.fileRemoved(path: viewer.photo.path)
        await viewer.photoRemoved()
        XCTAssertEqual(viewer.photo.title, "0broken", "then the previous one")
        list.fileRemoved(path: viewer.photo.path)
        let gone = await viewer.photoRemoved()
        XCTAssertEqual(gone, .gone)
        XCTAssertFalse(viewer.hasNext)
        let stepped = await viewer.step(1)
        XCTAssertEqual(stepped, .gone, "nothing moves once gone")
    }
}
