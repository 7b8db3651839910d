import Foundation
import GtkKit
import Imaging
@testable import Lightbox
import LightboxCore
import XCTest

final class PhotoWindowViewTests: DisplayTestCase {
    func testRendersLoadingPresentingAndFailedStates() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        var photo = samplePhotos(1)[0]
        view.render(.loading(photo), texture: nil, hasPrevious: false, hasNext: true)
        XCTAssertEqual(view.window.title, "photo-000")
        photo.rate(3)
        let pixels = PixelData(width: 4, height: 2, rgba: Data(repeating: 200, count: 32))
        view.render(.presenting(photo, pixels), texture: Texture(pixels), hasPrevious: true, hasNext: true)
        XCTAssertEqual(view.ratingBar.root.typeName, "GtkBox")
        view.setZoom(1)
        XCTAssertEqual(view.zoom, 1)
        view.render(.failed(photo, "The image is damaged or incomplete."), texture: nil, hasPrevious: true, hasNext: false)
        XCTAssertEqual(view.window.title, "photo-000")
    } }

    func testRatingKeysAndButtonsReportTheChosenStars() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        var rated: [Int] = []
        view.onRate = { rated.append($0) }
        view.ratingBar.render(0)
        XCTAssertTrue(view.window.activateAction("win.rate-4"))
        XCTAssertTrue(view.window.activateAction("win.rate-0"))
        view.ratingBar.render(2)
        XCTAssertEqual(rated, [4, 0])
        var steps: [String] = []
        view.onPrevious = { steps.append("previous") }
        view.onNext = { steps.append("next") }
        XCTAssertTrue(view.window.activateAction("win.next"))
        XCTAssertTrue(view.window.activateAction("win.previous"))
        XCTAssertEqual(steps, ["next", "previous"])
    } }

    func testTheViewerStepsThroughTheListAndRates() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-viewer-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["a", "b", "c"] {
            let bytes = Data(repeating: 128, count: 8 * 6 * 4)
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try Imaging.encode(PixelData(width: 8, height: 6, rgba: bytes), to: scratch.appendingPathComponent("\(name).jpg").path,
                               as: .jpeg(quality: 80))
        }
        let list = await PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()))
        _ = await list.sort(by: PhotoOrder(.name))
        await list.load(path: scratch.path)
        let visible = await list.visiblePhotos
        let first = try XCTUnwrap(visible.first)
        let viewer = await PhotoViewerLogic(photo: first, browsing: list)
        guard case .presenting(_, let pixels) = await viewer.load() else { return XCTFail("not presenting") }
        XCTAssertEqual(pixels.width, 8)
        let hasPrevious = await viewer.hasPrevious
        XCTAssertFalse(hasPrevious)
        let next = await viewer.step(1)
        XCTAssertEqual(next?.title, "b")
        let rated = await viewer.rate(5)
        XCTAssertEqual(rated.rating, 5)
        let stored = await list.photo(at: rated.path)?.rating
        XCTAssertEqual(stored, 5, "the rating goes to the list (and its index)")
    }
}
