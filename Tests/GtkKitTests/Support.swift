import GtkKit
import XCTest

/// Swift's XCTest on Linux cannot call `@MainActor` test methods, but it
/// calls every test on the main thread: the tests say so with this.
func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// Skips GTK tests when there is no display.
func requireDisplay() throws {
    try onMain { try XCTSkipUnless(Gtk.initialize(), "needs a display (run under xvfb-run)") }
}
