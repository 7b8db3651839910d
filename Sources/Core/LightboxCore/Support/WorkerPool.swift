import Foundation
import Glibc
import Imaging

/// A few long-lived threads for blocking work (decoding, file reading).
/// Swift concurrency on Linux runs every task on a pool as wide as the CPU
/// count; blocking work there makes every hop back to the main actor wait.
/// These threads are separate, and run at a lower priority (nice 10) than
/// the main thread, so drawing and input come first.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    /// Jobs waiting and run; a job run is let go of at once (its captures
    /// can be large: a list of photos, a folder's files).
    private var jobs: [(@Sendable () -> Void)?] = []
    private var head = 0

    /// - Parameter name: threads are named `name-0`, `name-1`, …, as
    ///   profilers and `top` show them. Linux keeps 15 bytes of a thread's
    ///   name and refuses longer ones: keep `name` to 12.
    init(name: String, threads: Int) {
        precondition(name.utf8.count <= 12, "thread names are cut at 15 bytes") // untranslated: invariant
        for index in 0..<max(1, threads) {
            let threadName = "\(name)-\(index)"
            // Named from inside, through the kernel's own file for it:
            // Foundation on Linux passes a name to the system only once it
            // counts the thread as executing, which it may not yet when the
            // block starts (the thread then kept its creator's name; seen
            // under load), and Swift does not see pthread_setname_np.
            Thread { [self] in
                Self.name(thisThread: threadName)
                BackgroundThread.lowerPriority()
                work()
            }.start()
        }
    }

    private static func name(thisThread name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        _ = name.withCString { write(file, $0, strlen($0)) }
        close(file)
    }

    /// Runs `job` on one of the pool's threads.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `work` on the pool and waits for its result without holding
    /// a Swift concurrency thread.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            submit { continuation.resume(returning: work()) }
        }
    }

    /// Runs `work` for every element, spread over the pool's threads, and
    /// returns when all are done (on the calling thread, which waits).
    func forEach<Element: Sendable>(_ elements: [Element], _ work: @escaping @Sendable (Element) -> Void) {
        let group = DispatchGroup()
        for element in elements {
            group.enter()
            submit {
                work(element)
                group.leave()
            }
        }
        group.wait()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            jobs[head] = nil
            head += 1
            if head > 1024, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job?()
        }
    }
}

/// A flag one thread sets and others read (cancellation of pool work).
final class AtomicFlag: Sendable {
    private let value = Locked(false)

    init() {}

    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// Results filled in by several threads, one slot each.
package final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Locked<[Value?]>

    package init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    package func set(_ index: Int, _ value: Value) { slots.withLock { $0[index] = value } }

    /// The values set so far, in slot order.
    package var values: [Value] { slots.withLock { $0.compactMap { $0 } } }
}

/// A value one thread delivers once and another takes: at once when it is
/// there (`ready`), or by waiting for it (`wait`).
final class Promise<Value: Sendable>: Sendable {
    private let value = Locked<Value?>(nil)
    private let delivered = DispatchSemaphore(value: 0)

    func deliver(_ value: Value) {
        self.value.withLock { $0 = value }
        delivered.signal()
    }

    /// The value if it was delivered, without waiting.
    var ready: Value? { value.withLock { $0 } }

    func wait() -> Value {
        if let value = ready { return value }
        delivered.wait()
        delivered.signal()  // later waits return at once too
        return ready!
    }
}
