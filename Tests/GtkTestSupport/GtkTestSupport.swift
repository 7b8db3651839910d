// Built with everything else by `swift build`, where XCTest is absent: the
// helpers exist for test builds only.
#if canImport(XCTest)
import GtkKit
import XCTest

/// Swift's XCTest on Linux cannot call `@MainActor` test methods, but it
/// calls every test on the main thread: the tests say so with this.
public func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// What a GTK test throws when GTK cannot start: the test fails, it does
/// not skip (a suite whose every GTK test skipped would read as passed).
public struct NoDisplay: Error, CustomStringConvertible {
    public var description: String { "GTK could not start: no display (run the tests under xvfb-run, as scripts/test.sh does)" }
}

/// Fails GTK tests when there is no display.
public func requireDisplay() throws {
    try onMain { guard Gtk.initialize() else { throw NoDisplay() } }
}

/// The base of tests that need GTK and a display (run under xvfb-run);
/// they fail without one.
open class DisplayTestCase: XCTestCase {
    override open func setUpWithError() throws { try requireDisplay() }
}

/// Runs the main loop until `condition` holds; fails the test after 10 s.
@MainActor
public func spin(until condition: () -> Bool, _ message: String = "condition", file: StaticString = #filePath,
                 line: UInt = #line) {
    if !MainLoop.iterate(until: condition, timeout: 10) {
        XCTFail("timed out waiting for \(message)", file: file, line: line)
    }
}
#endif
