import Foundation
import GtkKit
@testable import Lightbox
import LightboxCore
import XCTest

func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// One registered, non-unique application for all view tests.
@MainActor
let testApplication: Application = {
    let application = Application(id: "org.lightboxphotos.LightboxTests", isUnique: false)
    try? application.register()
    return application
}()

final class MainWindowViewTests: XCTestCase {
    override func setUpWithError() throws {
        try onMain { try XCTSkipUnless(Gtk.initialize(), "needs a display (run under xvfb-run)") }
    }

    func testRendersEveryState() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        XCTAssertEqual(view.window.title, "Lightbox")

        view.render(.empty)
        XCTAssertEqual(view.visiblePage, "empty")
        XCTAssertEqual(view.emptyPage.titleLabel.text, "No photos yet")
        XCTAssertEqual(view.windowTitle.subtitle, "")

        view.render(.presenting(Folder(url: URL(fileURLWithPath: "/photos/Holidays <b>2024&amp;"))))
        XCTAssertEqual(view.visiblePage, "empty")
        XCTAssertEqual(view.windowTitle.subtitle, "Holidays <b>2024&amp;", "names are text, not markup")

        view.render(.failed(.missing(path: "/nowhere")))
        XCTAssertEqual(view.visiblePage, "failed")
        XCTAssertEqual(view.failedPage.titleLabel.text, "Folder Not Found")
        XCTAssertEqual(view.failedPage.descriptionLabel.text, "The folder “/nowhere” does not exist.")
    } }

    func testControllerForwardsTheOpenFolderIntentToTheFlow() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        var actions: [String] = []
        let controller = MainWindowController(view: view) { action in
            if case .chooseFolder = action { actions.append("choose") }
        }
        XCTAssertTrue(view.window.activateAction("win.open-folder"))
        XCTAssertEqual(actions, ["choose"])
        controller.open(path: "/nonexistent/lightbox-test")
        XCTAssertEqual(view.visiblePage, "failed")
    } }

    func testWindowStateRoundTripsThroughTheView() { onMain {
        let view = MainWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.restore(WindowState(width: 640, height: 480, isMaximized: false))
        XCTAssertEqual(view.windowState, WindowState(width: 640, height: 480, isMaximized: false))
    } }
}
