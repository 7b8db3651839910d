import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

final class MainWindowViewTests: DisplayTestCase {
    func testRendersEveryState() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        XCTAssertEqual(view.window.title, "Lightbox")
        let folder = Folder(url: URL(fileURLWithPath: "/photos/Holidays <b>2024&amp;"))

        view.render(.idle)
        XCTAssertEqual(view.visiblePage, .empty)
        XCTAssertEqual(view.emptyPage.titleLabel.text, "No photos yet")
        XCTAssertEqual(view.windowTitle.subtitle, "")

        let photos = samplePhotos(3, folder: folder.url.path)
        view.render(.presenting(PhotoList(folder: folder, photos: photos, total: 3)))
        XCTAssertEqual(view.visiblePage, .grid)
        XCTAssertEqual(view.windowTitle.subtitle, "Holidays <b>2024&amp; — 3 photos", "names are text, not markup")

        view.render(.loading(PhotoList(folder: folder, photos: Array(photos.prefix(1)), total: 1),
                             LoadProgress(found: 1)))
        XCTAssertEqual(view.visiblePage, .grid, "the grid is usable while loading")
        XCTAssertEqual(view.loadingBar.text, "Scanning… 1 found")

        view.render(.presenting(PhotoList(folder: folder, photos: [], total: 3)))
        XCTAssertEqual(view.visiblePage, .noResults)

        view.render(.empty(folder))
        XCTAssertEqual(view.visiblePage, .empty)

        view.render(.failed(.missing(path: "/nowhere")))
        XCTAssertEqual(view.visiblePage, .failed)
        XCTAssertEqual(view.failedPage.titleLabel.text, "Folder Not Found")
        XCTAssertEqual(view.failedPage.descriptionLabel.text, "The folder “/nowhere” does not exist.")
    } }

    func testWindowStateRoundTripsThroughTheView() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.restore(WindowState(width: 640, height: 480, isMaximized: false))
        XCTAssertEqual(view.windowState, WindowState(width: 640, height: 480, isMaximized: false))
    } }
}
