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

/// Photos that exist only as values (the views never touch their files).
func samplePhotos(_ count: Int, folder: String = "/photos/Holidays") -> [Photo] {
    (0..<count).map { index in
        Photo(path: "\(folder)/photo-\(String(format: "%03d", index)).jpg", fileSize: Int64(1000 + index),
              modificationTime: 1_600_000_000 + index)
    }
}

/// The base of the view and controller tests: they need GTK and a display
/// (run under xvfb-run), and skip without one.
class DisplayTestCase: XCTestCase {
    override func setUpWithError() throws {
        try onMain { try XCTSkipUnless(Gtk.initialize(), "needs a display (run under xvfb-run)") }
    }
}
