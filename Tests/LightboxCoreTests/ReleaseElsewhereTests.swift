import Foundation
@testable import LightboxCore
import XCTest

final class ReleaseElsewhereTests: XCTestCase {
    private final class Tracked: Sendable {}

    /// A list let go of elsewhere is finalized there: nothing keeps it.
    func testAValueLetGoOfElsewhereIsFinalized() {
        weak var watched: Tracked?
        do {
            let list = (0..<1_000).map { _ in Tracked() }
            watched = list[500]
            releaseElsewhere(list)
        }
        // Waits for the other thread (at most ten seconds: not a timing).
        let deadline = Date().addingTimeInterval(10)
        while watched != nil, Date() < deadline { usleep(5_000) }
        XCTAssertNil(watched)
    }
}
