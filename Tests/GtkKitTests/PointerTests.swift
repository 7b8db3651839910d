import Foundation
import GtkKit
import GtkTestSupport
import XCTest

/// GDK's view of the pointer's buttons, pressed for real through XTest.
final class PointerTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    private static func xdotool(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments)")
    }

    func testAHeldButtonIsSeen() throws { try onMain {
        let window = Window()
        defer { window.destroy() }
        window.title = "Pointer test"
        window.defaultSize = (300, 200)
        window.present()
        spin(until: { window.isVisible }, "the window")
        XCTAssertFalse(window.isPointerButtonHeld)
        // Pressed over the window, as over a photo in the grid.
        try Self.xdotool("search", "--sync", "--onlyvisible", "--name", "^Pointer test$",
                         "mousemove", "--window", "%1", "100", "100")
        try Self.xdotool("mousedown", "1")
        spin(until: { window.isPointerButtonHeld }, "the press seen")
        try Self.xdotool("mouseup", "1")
        spin(until: { !window.isPointerButtonHeld }, "the release seen")
    } }
}
