import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// The preferences window: a choice the person makes reaches the logic,
/// and what the logic says shows.
final class PreferencesWindowTests: DisplayTestCase {
    func testChoosingWhereRatingsGo() throws { try onMain {
        let folder = try PhotoFolder([])
        let keyfile = folder.directories.configHome.appendingPathComponent("glib-2.0/settings/keyfile").path
        let settings = AppSettings(schemaDirectory: AppSettings.buildSchemaDirectory(), backend: .keyfile(keyfile))
        let ratings = RatingQueue(index: try LibraryIndex())
        let view = PreferencesWindowView(application: testApplication)
        defer { view.window.destroy() }
        var closed = 0
        let controller = PreferencesWindowController(
            view: view, logic: PreferencesLogic(settings: settings, ratings: ratings)) { action in
            if case .preferencesWindowClosed = action { closed += 1 }
        }
        controller.present()
        XCTAssertEqual(view.chosen, .photoFiles)
        view.onIntent(.ratingStorage(.sidecarsOnly))  // what choosing the second button reports
        spin(until: { view.chosen == .sidecarsOnly }, "the choice shown")
        XCTAssertEqual(ratings.storage, .sidecarsOnly)
        XCTAssertFalse(view.problemLabel.isVisible)
        view.window.close()
        spin(until: { closed == 1 }, "the flow told")
    } }
}
