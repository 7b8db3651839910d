import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// A window's tasks: kept while they run, all cancelled when it closes.
final class OwnedTasksTests: DisplayTestCase {
    func testClosingCancelsEveryTaskAndStartsNoMore() { onMain {
        let tasks = OwnedTasks()
        var ran: [String] = []
        // Runs at once, up to its first wait.
        tasks.start { ran.append("at once") }
        XCTAssertEqual(ran, ["at once"])
        var ended: [Bool] = []
        for _ in 0..<2 {
            tasks.start {
                try? await Task.sleep(for: .seconds(60))
                ended.append(Task.isCancelled)
            }
        }
        tasks.cancelAll()
        spin(until: { ended.count == 2 }, "both tasks to end")
        XCTAssertEqual(ended, [true, true], "cancelled, not waited out")
        XCTAssertNil(tasks.start { ran.append("after closing") })
        XCTAssertEqual(ran, ["at once"], "nothing starts once closed")
    } }
}
