import GtkKit
import GtkTestSupport
import XCTest

/// High contrast takes GTK's own high contrast theme, light or dark, and
/// gives the desktop's theme back when it ends.
final class AppearanceTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testHighContrastTakesGTKsHighContrastThemeAndGivesTheOtherBack() { onMain {
        let started = Appearance.themeName
        Appearance.apply(dark: false, highContrast: true)
        XCTAssertEqual(Appearance.themeName, "Default-hc")
        Appearance.apply(dark: true, highContrast: true)
        XCTAssertEqual(Appearance.themeName, "Default-hc-dark")
        Appearance.apply(dark: false, highContrast: false)
        XCTAssertEqual(Appearance.themeName, started)
    } }
}
