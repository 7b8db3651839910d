import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
import LightboxCore
import XCTest

final class PhotoWindowViewTests: DisplayTestCase {
    func testRendersLoadingPresentingAndFailedStates() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        var photo = samplePhotos(1)[0]
        view.render(.init(picture: .loading(photo), position: .init(hasPrevious: false, hasNext: true)))
        XCTAssertEqual(view.window.title, "photo-000")
        XCTAssertTrue(view.isLoading)
        XCTAssertNil(view.statusTitle)

        photo.rate(3)
        let pixels = PixelData(width: 4, height: 2, rgba: Data(repeating: 200, count: 32))
        view.render(.init(picture: .presenting(photo, pixels), position: .init(hasPrevious: true, hasNext: true)))
        XCTAssertFalse(view.isLoading)
        XCTAssertEqual(view.subtitle, "Rated 3 stars")
        XCTAssertEqual(view.ratingBar.pressedStars, 3)
        XCTAssertEqual(view.shownSize?.width, 4)
        view.zoomView.setZoom(1)
        XCTAssertEqual(view.zoomView.zoom, 1)

        view.render(.init(picture: .failed(photo, "The image is damaged or incomplete."),
                          position: .init(hasPrevious: true, hasNext: false)))
        XCTAssertEqual(view.window.title, "photo-000")
        XCTAssertEqual(view.statusTitle, "Cannot Show This Photo")
        XCTAssertNil(view.shownSize)
    } }

    func testKeysAndButtonsReportIntents() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        view.ratingBar.render(2)
        XCTAssertTrue(view.window.activateAction(ActionNames.rate.detailed, target: "4"))
        XCTAssertTrue(view.window.activateAction(ActionNames.rate.detailed, target: "0"))
        XCTAssertTrue(view.window.activateAction(ActionNames.next.detailed))
        XCTAssertTrue(view.window.activateAction(ActionNames.previous.detailed))
        XCTAssertTrue(view.window.activateAction(ActionNames.trash.detailed))
        XCTAssertTrue(view.window.activateAction(ActionNames.setProfilePhoto.detailed))
        XCTAssertEqual(intents, [.rate(4), .rate(0), .next, .previous, .trash, .setProfilePhoto])
    } }

    /// A window renders every state published, most of them much like the
    /// one before: the same state twice does nothing twice.
    func testRenderingAStateAgainDoesNothingAgain() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        let pixels = PixelData(width: 4, height: 2, rgba: Data(repeating: 200, count: 32))
        var state = PhotoViewerLogic.State(picture: .presenting(samplePhotos(1)[0], pixels),
                                           position: .init(hasPrevious: true, hasNext: true, place: .init(index: 1, count: 3)),
                                           slideshow: Slideshow(interval: 3), slideshowInterval: 3,
                                           advancesAfterRating: true)
        view.window.present()
        view.render(state)
        view.render(state)
        XCTAssertEqual(view.subtitle, "Not rated")
        // Escape during a slideshow stops it, rendered twice or not.
        XCTAssertTrue(view.window.activateAction(ActionNames.escape.detailed))
        XCTAssertEqual(intents, [.stopSlideshow])

        state.slideshow = nil
        state.picture = .gone
        view.render(state)
        view.render(state)
        XCTAssertEqual(intents, [.stopSlideshow, .closed], "gone closes the window once")
    } }
}

/// Zooming keeps the part of the photo under the pointer where it is.
final class PhotoWindowZoomTests: DisplayTestCase {
    func testZoomingAroundAPointKeepsThatPointOfThePhotoUnderIt() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.window.defaultSize = (600, 500)
        let pixels = PixelData(width: 800, height: 600, rgba: Data(repeating: 120, count: 800 * 600 * 4))
        view.render(.init(picture: .presenting(samplePhotos(1)[0], pixels)))
        view.window.present()
        spin(until: { view.zoomView.scroller.visibleSize.width > 0 }, "the window laid out")
        let visible = view.zoomView.scroller.visibleSize
        // Fitted: the photo centred, letterboxed one way or the other.
        let fit = min(visible.width / 800, visible.height / 600)
        let left = (visible.width - 800 * fit) / 2, top = (visible.height - 600 * fit) / 2
        let pointer = (x: left + 800 * fit * 0.25, y: top + 600 * fit * 0.5)
        // That is the point 25% across and halfway down the photo.
        view.zoomView.zoom(by: 4, around: pointer)
        let scale = fit * 4
        spin(until: { abs(view.zoomView.scroller.contentSize.width - 800 * scale) < 1.5 }, "the content at the new size")
        spin(until: { view.zoomView.zoomAnchor == nil }, "the anchor applied")
        XCTAssertEqual(view.zoomView.scroller.horizontalOffset, 800 * scale * 0.25 - pointer.x, accuracy: 1.5)
        XCTAssertEqual(view.zoomView.scroller.verticalOffset, 600 * scale * 0.5 - pointer.y, accuracy: 1.5)
    } }
}
