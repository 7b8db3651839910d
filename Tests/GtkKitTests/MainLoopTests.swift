import Dispatch
import Foundation
import GtkKit
import GtkTestSupport
import XCTest

/// Swift concurrency inside GLib's main loop, through the libdispatch
/// bridge. XCTest does not drain the main queue while a test runs, so
/// these only pass if the bridge does.
final class MainLoopTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testMainActorTaskRunsInsideTheGLibLoop() { onMain {
        var ranOnMainThread: Bool?
        Task { @MainActor in
            ranOnMainThread = Thread.isMainThread
            MainLoop.quit()
        }
        XCTAssertTrue(MainLoop.run(timeout: 5), "the task never ran: the loop timed out")
        XCTAssertEqual(ranOnMainThread, true)
    } }

    func testAwaitedBackgroundWorkResumesOnTheMainThread() { onMain {
        var steps: [String] = []
        Task { @MainActor in
            let workerWasMain = await Task.detached(priority: .userInitiated) { () -> Bool in
                var sum = 0
                for value in 0..<200_000 { sum &+= value }
                return Thread.isMainThread && sum > 0
            }.value
            steps.append("worker on main: \(workerWasMain)")
            steps.append("resumed on main: \(Thread.isMainThread)")
            try? await Task.sleep(nanoseconds: 10_000_000)
            steps.append("after sleep on main: \(Thread.isMainThread)")
            MainLoop.quit()
        }
        XCTAssertTrue(MainLoop.run(timeout: 5))
        XCTAssertEqual(steps, ["worker on main: false", "resumed on main: true", "after sleep on main: true"])
    } }

    func testDispatchMainQueueRunsInsideTheGLibLoop() { onMain {
        let order = Recorder()
        DispatchQueue.global().async {
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    order.values.append(Thread.isMainThread ? 1 : -1)
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            order.values.append(Thread.isMainThread ? 2 : -2)
                            MainLoop.quit()
                        }
                    }
                }
            }
        }
        XCTAssertTrue(MainLoop.run(timeout: 5))
        XCTAssertEqual(order.values, [1, 2])
    } }

    func testAnIdleLoopDoesNotWakeUp() { onMain {
        // Let anything pending run, then watch the bridge while nothing is
        // queued: a polling timer would drain again and again.
        MainLoop.drainPending()
        let drainsBefore = MainLoop.dispatchDrainCount
        XCTAssertFalse(MainLoop.run(timeout: 0.3), "nothing should quit the loop")
        XCTAssertEqual(MainLoop.dispatchDrainCount, drainsBefore)
    } }
}

@MainActor
final class Recorder: Sendable {
    var values: [Int] = []
}
