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

    /// Each of the three settings read at start answers on its own; GTK
    /// loads its whole theme again whenever its dark preference is set,
    /// to the value it has too (15-30 ms of start-up, Tools/Bench/README.md).
    func testTheSameAppearanceAgainLeavesGTKsSettingsAlone() throws { try onMain {
        let settings = try XCTUnwrap(Appearance.gtkSettings)
        Appearance.apply(dark: true, highContrast: false)
        var sets = 0
        let watch = settings.onNotify("gtk-application-prefer-dark-theme") { sets += 1 }
        Appearance.apply(dark: true, highContrast: false)
        Appearance.apply(dark: true, highContrast: false)
        XCTAssertEqual(sets, 0, "set again to the value it had")
        Appearance.apply(dark: false, highContrast: false)
        XCTAssertEqual(sets, 1, "a change is set")
        Appearance.apply(dark: false, highContrast: false)
        XCTAssertEqual(sets, 1)
        watch.disconnect()
    } }
}
