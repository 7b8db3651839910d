import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
// The state's initializer is the core's own: built here to render it.
@testable import LightboxCore
import XCTest

final class CompareWindowViewTests: DisplayTestCase {
    func testAZoomOrAPanOfOnePhotoIsMadeOnTheOtherAndKeysActOnTheFocusedOne() { onMain {
        let view = CompareWindowView(application: testApplication)
        defer { view.window.destroy() }
        var photos = samplePhotos(2)
        photos[1].rate(2)
        // Near-duplicates: the same size, different pixels.
        let left = PixelData(width: 800, height: 600, rgba: Data(repeating: 90, count: 800 * 600 * 4))
        let right = PixelData(width: 800, height: 600, rgba: Data(repeating: 150, count: 800 * 600 * 4))
        view.render(CompareLogic.State(panes: [.init(picture: .presenting(photos[0], left)),
                                              .init(picture: .presenting(photos[1], right))]))
        XCTAssertEqual(view.captionTexts, ["photo-000 — Not rated", "photo-001 — Rated 2 stars"])
        view.window.present()
        spin(until: { view.panes.allSatisfy { $0.scroller.visibleSize.width > 0 } }, "both laid out")
        var intents: [CompareWindowView.Intent] = []
        view.onIntent = { intents.append($0) }

        view.panes[0].zoom(by: 3, around: (x: 40, y: 50))
        spin(until: { abs((view.panes[1].zoomRelativeToFit ?? 0) - 3) < 0.01 }, "the right one zoomed as much")
        @MainActor func centresAgree() -> Bool {
            guard let a = view.panes[0].centre, let b = view.panes[1].centre else { return false }
            return abs(a.x - b.x) < 0.01 && abs(a.y - b.y) < 0.01
        }
        spin(until: {
            view.panes.allSatisfy { $0.zoomAnchor == nil && $0.scroller.contentSize.width > $0.scroller.visibleSize.width }
        }, "both laid out at the new zoom")
        spin(until: centresAgree, "the same part of both in the middle")
        XCTAssertLessThan(view.panes[0].centre?.x ?? 1, 0.45, "zoomed around the pointer, left of the middle")
        let before = view.panes[1].centre
        view.panes[0].scroller.verticalOffset += 80
        spin(until: { centresAgree() && view.panes[1].centre?.y != before?.y }, "panned together")

        XCTAssertTrue(view.window.activateAction(ActionNames.rate.detailed, target: "4"))
        guard case .rate(4, let pane) = intents.last else { return XCTFail("rated: \(intents)") }
        XCTAssertEqual(pane, view.focusedPane)
        view.panes[1].picture.grabFocus()
        spin(until: { view.focusedPane == 1 }, "the right one focused")
        XCTAssertTrue(view.window.activateAction(ActionNames.toggleRejected.detailed))
        guard case .toggleRejected(let rejected) = intents.last else { return XCTFail("rejected: \(intents)") }
        XCTAssertEqual(rejected, 1)
    } }

    /// Four frames of a burst in a square: a zoom of one is made on the
    /// three others, the arrow keys move the keyboard from frame to frame,
    /// and each is said with its place.
    func testFourPhotosZoomTogetherAndTheArrowsMoveBetweenThem() { onMain {
        let view = CompareWindowView(application: testApplication, count: 4)
        defer { view.window.destroy() }
        let photos = samplePhotos(4)
        let panes = photos.enumerated().map { index, photo in
            PhotoViewerLogic.State(picture: .presenting(photo, PixelData(width: 800, height: 600,
                                                                         rgba: Data(repeating: UInt8(40 * index + 40),
                                                                                    count: 800 * 600 * 4))))
        }
        view.render(CompareLogic.State(panes: panes))
        XCTAssertEqual(view.captionTexts.count, 4)
        XCTAssertEqual((0..<4).map { CompareWindowView.place($0, of: 4) },
                       ["upper left", "upper right", "lower left", "lower right"])
        XCTAssertEqual((0..<3).map { CompareWindowView.place($0, of: 3) }, ["left", "middle", "right"])
        view.window.present()
        spin(until: { view.panes.allSatisfy { $0.scroller.visibleSize.width > 0 } }, "all four laid out")
        view.panes[2].zoom(by: 2)
        spin(until: {
            [0, 1, 3].allSatisfy { abs((view.panes[$0].zoomRelativeToFit ?? 0) - 2) < 0.01 }
        }, "the three others zoomed as much")
        view.panes[0].picture.grabFocus()
        spin(until: { view.focusedPane == 0 }, "the first focused")
        XCTAssertTrue(view.window.activateAction(ActionNames.next.detailed))
        spin(until: { view.focusedPane == 1 }, "Right: the next one")
        XCTAssertTrue(view.window.activateAction(ActionNames.previous.detailed))
        XCTAssertTrue(view.window.activateAction(ActionNames.previous.detailed))
        spin(until: { view.focusedPane == 3 }, "Left from the first: the last")
    } }
}
