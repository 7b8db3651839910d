import GtkKit
import GtkTestSupport
import XCTest

/// A concealed revealer's child is hidden, so a window's hidden bars are
/// never measured (GtkRevealer measures a concealed child, every label in
/// it shaped at every layout).
final class RevealerTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAConcealedChildIsHiddenAndShownAsItIsRevealed() { onMain {
        let label = Label("Selected: 3 photos")
        let revealer = Revealer(child: label, transition: .slideUp)
        XCTAssertFalse(label.isVisible, "concealed from the start")
        revealer.revealsChild = true
        XCTAssertTrue(label.isVisible, "shown as it is revealed")
        revealer.revealsChild = false
        XCTAssertFalse(label.isVisible, "not on screen, so no transition: hidden at once")
    } }

    func testAChildIsHiddenOnceItsTransitionHasEnded() { onMain {
        let window = Window()
        let label = Label("Loading…")
        let revealer = Revealer(child: label, transition: .slideDown)
        window.setChild(revealer)
        revealer.revealsChild = true
        window.present()
        spin(until: { revealer.childRevealed }, "revealed")
        revealer.revealsChild = false
        spin(until: { !label.isVisible }, "hidden after the transition")
        XCTAssertFalse(revealer.childRevealed)
        window.destroy()
    } }
}
