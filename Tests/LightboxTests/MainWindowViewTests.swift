import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

final class MainWindowViewTests: DisplayTestCase {
    /// The window's state around `list`, with the standard choices.
    private static func state(_ list: PhotoListLogic.State, zoom: GridZoom = .standard,
                       filter: PhotoFilter = PhotoFilter()) -> MainWindowView.State {
        MainWindowView.State(list: list, order: .standard, filter: filter, zoom: zoom, profile: .empty,
                             navigation: FolderNavigation())
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

    func testTheChoicesComeFromTheStateAndARatingFailureIsToldOnce() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        var told = 0
        var zoomed: [GridZoom] = []
        view.onIntent = { intent in
            switch intent {
            case .ratingFailureShown: told += 1
            case .zoom(let level): zoomed.append(level)
            default: break
            }
        }
        let folder = Folder(url: URL(fileURLWithPath: "/photos/Holidays"))
        let photos = samplePhotos(2, folder: folder.url.path)
        view.render(Self.state(.presenting(PhotoList(folder: folder, photos: ChunkedArray(photos), total: 2)), zoom: .small))
        XCTAssertTrue(zoomed.isEmpty, "rendering is not choosing")
        XCTAssertTrue(view.window.activateAction(ActionNames.gridLarger.detailed))
        XCTAssertEqual(zoomed, [.medium], "a step up from the size the state has")

        let failure = RatingWriteFailure(path: photos[0].path, fileName: "photo-000.jpg", reason: "the disk is full")
        let failing = Self.state(.presenting(PhotoList(folder: folder, photos: ChunkedArray(photos), total: 2, ratingFailure: failure)))
        view.render(failing)
        XCTAssertEqual(view.notice, "Could not save the rating in “photo-000.jpg”: the disk is full.")
        XCTAssertEqual(told, 1, "the logic hears it was told")
        view.perform(.notice(Notice("Photo copied", seconds: 3)))
        view.render(failing)
        XCTAssertEqual(view.notice, "Photo copied", "a state still carrying it does not tell it again")
        view.render(Self.state(.presenting(PhotoList(folder: folder, photos: ChunkedArray(photos), total: 2))))
        view.render(failing)
        XCTAssertEqual(view.notice, "Could not save the rating in “photo-000.jpg”: the disk is full.",
                       "the same failure again, after none, is told again")
    } }
}
