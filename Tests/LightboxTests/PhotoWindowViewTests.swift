import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
import LightboxCore
import XCTest

/// Intents compared by what they say (the logic's intents are not Equatable).
fileprivate func said(_ intents: [PhotoWindowView.Intent]) -> [String] { intents.map { String(describing: $0) } }

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
        XCTAssertEqual(said(intents), said([.rate(4), .rate(0), .next, .previous, .trash, .setProfilePhoto]))
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
        XCTAssertEqual(said(intents), said([.stopSlideshow]))

        state.slideshow = nil
        state.picture = .gone
        view.render(state)
        view.render(state)
        XCTAssertEqual(said(intents), said([.stopSlideshow, .close]), "gone closes the window once")
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

/// The calm photo window: a few controls in the header bar and the photo's
/// whole name; previous, next, zoom and the rating bar over the photo,
/// showing while the pointer moves (or the keyboard is in them), and the
/// rating bar always, except in full screen.
final class PhotoWindowLayoutTests: DisplayTestCase {
    /// A window on "Kleiber_2024-07-14_0042.jpg", a photo between two
    /// others, laid out at `size`, with title bar buttons as GNOME shows
    /// them (a close button alone).
    @MainActor
    private static func window(size: (width: Int, height: Int) = (1000, 700)) -> PhotoWindowView {
        let view = PhotoWindowView(application: testApplication)
        let photo = Photo(path: "/photos/Bayreuth/Kleiber_2024-07-14_0042.jpg", fileSize: 4_000_000,
                          modificationTime: 1_720_000_000)
        let pixels = PixelData(width: 60, height: 40, rgba: Data(repeating: 90, count: 60 * 40 * 4))
        view.render(.init(picture: .presenting(photo, pixels), position: .init(hasPrevious: true, hasNext: true)))
        view.window.defaultSize = size
        view.window.present()
        spin(until: { view.windowTitle.root.width > 0 && view.controls.ratingGroup.width > 0 }, "the window laid out")
        return view
    }

    /// The buttons one can see in the window now: those shown, on screen
    /// and not faded out (a menu button once, not its inner button).
    @MainActor
    private static func seenButtons(_ view: PhotoWindowView) -> [Widget] {
        view.window.descendants.filter { widget in
            (widget.isA("GtkButton") || widget.isA("GtkMenuButton")) && !(widget.parent?.isA("GtkMenuButton") ?? false)
                && widget.isSeen
        }
    }

    /// GNOME's title bar buttons for the test's length.
    private func withGnomeTitleButtons(_ body: @MainActor () throws -> Void) rethrows {
        try onMain {
            let layout = Gtk.decorationLayout
            Gtk.decorationLayout = "appmenu:close"
            defer { if let layout { Gtk.decorationLayout = layout } }
            try body()
        }
    }

    func testAt1000By700TheWindowShowsNineButtonsAtMostAndThePhotosWholeName() { withGnomeTitleButtons {
        let view = Self.window()
        defer { view.window.destroy() }
        spin(until: { view.windowTitle.root.width > 0 && !view.windowTitle.isTitleEllipsized }, "the title laid out")
        XCTAssertEqual(view.windowTitle.title, "Kleiber_2024-07-14_0042")
        XCTAssertFalse(view.windowTitle.isTitleEllipsized, "the whole name shows")
        // At rest: the header bar's properties, menu and close buttons, and
        // the rating bar's reject and five stars.
        let seen = Self.seenButtons(view)
        XCTAssertLessThanOrEqual(seen.count, 9, seen.map(\.typeName).joined(separator: ", "))
        XCTAssertEqual(seen.count, 9)
        for control in [view.propertiesButton, view.controls.previousButton, view.controls.nextButton,
                        view.controls.zoomBar, view.controls.ratingGroup] as [Widget] {
            XCTAssertTrue(control.isMapped, "in the window and on screen, for the keyboard and screen readers")
        }
        XCTAssertFalse(view.controls.previousButton.isSeen, "previous and next show as the pointer moves")
        XCTAssertFalse(view.controls.zoomBar.isSeen)
        XCTAssertTrue(view.controls.ratingGroup.isSeen)

        // Where the name does not fit, the check sees it cut.
        let narrow = Self.window(size: (300, 400))
        defer { narrow.window.destroy() }
        spin(until: { narrow.windowTitle.isTitleEllipsized }, "the name cut in a narrow window")
    } }

    func testThePointerMovingShowsTheControlsUntilItRests() { withGnomeTitleButtons {
        let view = Self.window()
        defer { view.window.destroy() }
        let controls = view.controls!
        controls.restingDelay = .milliseconds(300)
        controls.pointerMoved(to: (400, 300))
        spin(until: { controls.zoomBar.opacity == 1 && controls.previousButton.opacity == 1 }, "the controls shown")
        XCTAssertTrue(controls.zoomBar.takesPointer)
        XCTAssertEqual(Self.seenButtons(view).count, 9 + 2 + 4, "previous, next, and the zoom bar's four")
        // The same place again is no move: they fade out once it rests.
        controls.pointerMoved(to: (400, 300))
        spin(until: { controls.zoomBar.opacity == 0 && controls.nextButton.opacity == 0 }, "the controls faded out")
        XCTAssertFalse(controls.zoomBar.takesPointer, "the pointer goes through to the photo")
        XCTAssertFalse(controls.pointerIsMoving)
        XCTAssertEqual(controls.ratingGroup.opacity, 1, "the rating bar stays")
    } }

    func testTheKeyboardReachesTheControlsAndFullScreenHidesTheRatingBar() { withGnomeTitleButtons {
        let view = Self.window()
        defer { view.window.destroy() }
        let controls = view.controls!
        XCTAssertTrue(controls.previousButton.grabFocus(), "a faded control still takes the focus")
        spin(until: { controls.previousButton.opacity == 1 && controls.zoomBar.opacity == 1 },
             "the controls shown while the keyboard is in them")
        view.picture.grabFocus()
        spin(until: { controls.previousButton.opacity == 0 }, "faded out once the keyboard left")

        controls.isFullscreen = true
        spin(until: { controls.ratingGroup.opacity == 0 }, "the rating bar faded out in full screen")
        XCTAssertTrue(controls.fullscreenButton.isActive)
        XCTAssertEqual(controls.fullscreenButton.iconName, "view-restore-symbolic")
        controls.restingDelay = .milliseconds(300)
        controls.pointerMoved(to: (100, 100))
        spin(until: { controls.ratingGroup.opacity == 1 }, "the rating bar back as the pointer moves")
        spin(until: { controls.ratingGroup.opacity == 0 }, "and gone again once it rests")
        controls.isFullscreen = false
        spin(until: { controls.ratingGroup.opacity == 1 }, "the rating bar back out of full screen")
    } }

    func testPreviousAndNextShowWhereThereIsAPhotoAndKeepTheirNamesAndActions() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        let controls = view.controls!
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        let photo = samplePhotos(1)[0]
        view.render(.init(picture: .loading(photo), position: .init(hasPrevious: false, hasNext: true)))
        XCTAssertFalse(controls.previousButton.isVisible, "the first photo: nothing before it")
        XCTAssertTrue(controls.nextButton.isVisible)
        XCTAssertEqual(controls.previousButton.tooltip, "Previous Photo (Left)")
        XCTAssertEqual(controls.nextButton.tooltip, "Next Photo (Right)")
        controls.nextButton.emit("clicked")
        view.render(.init(picture: .loading(photo), position: .init(hasPrevious: true, hasNext: false)))
        XCTAssertTrue(controls.previousButton.isVisible)
        XCTAssertFalse(controls.nextButton.isVisible, "the last photo: nothing after it")
        controls.previousButton.emit("clicked")
        XCTAssertEqual(said(intents), said([.next, .previous]))
    } }

    func testTheZoomToggleGoesFromFittedTo100PercentAndBack() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        let controls = view.controls!
        let pixels = PixelData(width: 800, height: 600, rgba: Data(repeating: 120, count: 800 * 600 * 4))
        view.render(.init(picture: .presenting(samplePhotos(1)[0], pixels)))
        XCTAssertEqual(controls.fitButton.actionName, ActionNames.zoomActual.detailed)
        XCTAssertEqual(controls.fitButton.tooltip, "Actual Size (Ctrl+1)")
        controls.fitButton.emit("clicked")
        XCTAssertEqual(view.zoomView.zoom, 1, "100%")
        XCTAssertEqual(controls.fitButton.actionName, ActionNames.zoomFit.detailed)
        XCTAssertEqual(controls.fitButton.tooltip, "Best Fit (Ctrl+0)")
        XCTAssertEqual(controls.fitButton.iconName, "zoom-fit-best-symbolic")
        controls.fitButton.emit("clicked")
        XCTAssertNil(view.zoomView.zoom, "fitted again")
        XCTAssertEqual(controls.fitButton.tooltip, "Actual Size (Ctrl+1)")
    } }

    func testThePropertiesToggleIsPressedWhileThePropertiesShow() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.render(.init(picture: .loading(samplePhotos(1)[0])))
        XCTAssertEqual(view.propertiesButton.actionName, ActionNames.properties.detailed)
        XCTAssertFalse(view.propertiesButton.isActive)
        XCTAssertTrue(view.window.activateAction(ActionNames.properties.detailed))
        XCTAssertTrue(view.properties.isShown)
        XCTAssertTrue(view.propertiesButton.isActive)
        view.propertiesButton.emit("clicked")  // it asks the action, which decides
        XCTAssertFalse(view.properties.isShown)
        XCTAssertFalse(view.propertiesButton.isActive)
        XCTAssertTrue(view.window.activateAction(ActionNames.addKeyword.detailed))
        XCTAssertTrue(view.propertiesButton.isActive, "Ctrl+K shows them too")
    } }
}
