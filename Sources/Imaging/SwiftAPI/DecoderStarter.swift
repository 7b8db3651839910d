import CDecoding
import Foundation

/// Starts decoder processes from one thread of its own that never ends.
/// A decoder (bubblewrap's --die-with-parent, or PR_SET_PDEATHSIG in the
/// decoder itself) is killed when the *thread* that started it ends, not
/// only the process: started from a worker that libdispatch retires when
/// idle, it would die under the pool's feet. Nothing else runs here.
final class DecoderStarter: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "lb-decoder-start"
        thread.start()
    }

    /// Runs `work` on the starter's thread and waits for its result.
    func perform<T>(_ work: @escaping () -> T) -> T {
        let done = NSCondition()
        var result: T?
        condition.lock()
        jobs.append {
            let value = work()
            done.lock()
            result = value
            done.signal()
            done.unlock()
        }
        condition.signal()
        condition.unlock()
        done.lock()
        while result == nil { done.wait() }
        done.unlock()
        return result!
    }

    private func run() {
        Thread.current.name = "lb-decoder-start"
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
