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
        view.render(.loading(photo), hasPrevious: false, hasNext: true)
        XCTAssertEqual(view.window.title, "photo-000")
        XCTAssertTrue(view.isLoading)
        XCTAssertNil(view.statusTitle)

        photo.rate(3)
        let pixels = PixelData(width: 4, height: 2, rgba: Data(repeating: 200, count: 32))
        view.render(.presenting(photo, pixels), hasPrevious: true, hasNext: true)
        XCTAssertFalse(view.isLoading)
        XCTAssertEqual(view.subtitle, "Rated 3 stars")
        XCTAssertEqual(view.ratingBar.pressedStars, 3)
        XCTAssertEqual(view.shownSize?.width, 4)
        view.setZoom(1)
        XCTAssertEqual(view.zoom, 1)

        view.render(.failed(photo, "The image is damaged or incomplete."), hasPrevious: true, hasNext: false)
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
}
