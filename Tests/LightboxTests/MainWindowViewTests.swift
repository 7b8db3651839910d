import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
// The state's initializer is the core's own: built here to render it.
@testable import LightboxCore
import XCTest

final class MainWindowViewTests: DisplayTestCase {
    /// The window's state around `content`, with the standard choices.
    private static func state(_ content: PhotoListLogic.State.Content, zoom: GridZoom = .standard,
                              filter: PhotoFilter = PhotoFilter(), notice: Told<Notice>? = nil) -> MainWindowView.State {
        MainWindowView.State(content: content, order: .standard, filter: filter, zoom: zoom,
                             navigation: FolderNavigation(), profile: .empty, notice: notice, selectionIsRejected: false)
    }

    func testRendersEveryState() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        XCTAssertEqual(view.window.title, "Lightbox")
        let folder = Folder(url: URL(fileURLWithPath: "/photos/Holidays <b>2024&amp;"))

        view.render(Self.state(.idle))
        XCTAssertEqual(view.visiblePage, .empty)
        XCTAssertEqual(view.emptyPage.titleLabel.text, "No photos yet")
        XCTAssertEqual(view.windowTitle.subtitle, "")

        let photos = samplePhotos(3, folder: folder.url.path)
        view.render(Self.state(.presenting(PhotoList(folder: folder, photos: ChunkedArray(photos), total: 3))))
        XCTAssertEqual(view.visiblePage, .grid)
        XCTAssertEqual(view.windowTitle.subtitle, "Holidays <b>2024&amp; — 3 photos", "names are text, not markup")

        view.render(Self.state(.loading(PhotoList(folder: folder, photos: ChunkedArray(photos.prefix(1)), total: 1),
                                   LoadProgress(found: 1))))
        XCTAssertEqual(view.visiblePage, .grid, "the grid is usable while loading")
        XCTAssertEqual(view.loadingBar.text, "Scanning… 1 found")

        view.render(Self.state(.presenting(PhotoList(folder: folder, photos: [], total: 3))))
        XCTAssertEqual(view.visiblePage, .noResults)

        view.render(Self.state(.empty(folder)))
        XCTAssertEqual(view.visiblePage, .empty)

        view.render(Self.state(.failed(.missing(path: "/nowhere"))))
        XCTAssertEqual(view.visiblePage, .failed)
        XCTAssertEqual(view.failedPage.titleLabel.text, "Folder Not Found")
        XCTAssertEqual(view.failedPage.descriptionLabel.text, "The folder “/nowhere” does not exist.")
    } }

    func testWindowStateRoundTripsThroughTheView() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.perform(.restoreSize(WindowState(width: 640, height: 480, isMaximized: false)))
        XCTAssertEqual(view.windowState, WindowState(width: 640, height: 480, isMaximized: false))
    } }

    /// The zoom shown is the state's; a notice is told once per notice
    /// told (its id), so a state still carrying it does not tell it again,
    /// and the same notice told again is told again. A rating that could
    /// not be saved is such a notice.
    func testTheChoicesComeFromTheStateAndANoticeIsToldOnce() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        var zoomed: [GridZoom] = []
        view.onIntent = { intent in
            if case .list(.gridZoom(let level)) = intent { zoomed.append(level) }
        }
        let folder = Folder(url: URL(fileURLWithPath: "/photos/Holidays"))
        let photos = samplePhotos(2, folder: folder.url.path)
        let shown = PhotoListLogic.State.Content.presenting(PhotoList(folder: folder, photos: ChunkedArray(photos), total: 2))
        view.render(Self.state(shown, zoom: .small))
        XCTAssertTrue(zoomed.isEmpty, "rendering is not choosing")
        XCTAssertTrue(view.window.activateAction(ActionNames.gridLarger.detailed))
        XCTAssertEqual(zoomed, [.medium], "a step up from the size the state has")

        let failure = RatingWriteFailure(path: photos[0].path, fileName: "photo-000.jpg", reason: "the disk is full")
        let failed = Told(id: 1, value: Notice.ratingFailed(failure))
        view.render(Self.state(shown, notice: failed))
        XCTAssertEqual(view.notice, "Could not save the rating in “photo-000.jpg”: the disk is full.")

        let copied = Told(id: 2, value: Notice("Photo copied", seconds: 0.2))
        view.render(Self.state(shown, notice: copied))
        XCTAssertEqual(view.notice, "Photo copied", "a new notice in its place")
        spin(until: { view.notice == nil }, "the notice gone after its time")
        view.render(Self.state(shown, zoom: .large, notice: copied))
        XCTAssertNil(view.notice, "a state still carrying it does not tell it again")
        view.render(Self.state(shown, notice: Told(id: 3, value: Notice.ratingFailed(failure))))
        XCTAssertEqual(view.notice, "Could not save the rating in “photo-000.jpg”: the disk is full.",
                       "the same failure told again is told again")
    } }
}
