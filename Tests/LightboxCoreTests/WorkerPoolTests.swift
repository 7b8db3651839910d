import Foundation
@testable import LightboxCore
import XCTest

final class WorkerPoolTests: XCTestCase {
    func testPoolThreadsShowTheirNamesAndYieldToTheMainThread() async {
        let pool = WorkerPool(name: "lb-test", threads: 1)
        let (name, nice) = await pool.run { () -> (String, String) in
            // What `top` and profilers read: the kernel's name and priority.
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
            // Fields after the name in parentheses; nice is the 19th field.
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return (comm.trimmingCharacters(in: .newlines), fields.count > 16 ? String(fields[16]) : "")
        }
        XCTAssertEqual(name, "lb-test-0")
        XCTAssertEqual(nice, "10")
    }

    private final class Tracked: Sendable {}

    /// A job run is let go of, with what it captured (a list of photos,
    /// a folder's files), not kept with the jobs done.
    func testAJobRunLetsGoOfWhatItCaptured() async {
        let pool = WorkerPool(name: "lb-test", threads: 1)
        weak var watched: Tracked?
        do {
            let captured = Tracked()
            watched = captured
            await pool.run { withExtendedLifetime(captured) {} }
        }
        // The pool lets go right after the job returns (at most ten
        // seconds: not a timing).
        let deadline = Date().addingTimeInterval(10)
        while watched != nil, Date() < deadline { usleep(5_000) }
        XCTAssertNil(watched)
    }
}
