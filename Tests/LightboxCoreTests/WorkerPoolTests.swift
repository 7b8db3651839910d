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
}
