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
        XCTAssertEqual(pane, view.focusedSide.rawValue)
        view.panes[1].picture.grabFocus()
        spin(until: { view.focusedSide == .right }, "the right one focused")
        XCTAssertTrue(view.window.activateAction(ActionNames.toggleRejected.detailed))
        guard case .toggleRejected(let rejected) = intents.last else { return XCTFail("rejected: \(intents)") }
        XCTAssertEqual(rejected, CompareWindowView.Side.right.rawValue)
    } }
}
