import Foundation
import LightboxCore

/// The benchmarks move nothing to the trash: a trash that refuses keeps
/// the desktop's out of them.
struct NoTrash: PhotoTrash {
    func trash(path: String) throws(TrashError) { throw TrashError(message: "The benchmark has no trash.") }
    func restore(path: String) throws(TrashError) { throw TrashError(message: "The benchmark has no trash.") }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    milliseconds(ContinuousClock.now - start)
}

func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The main actor's longest gap between two turns while it runs: a task
/// on the main actor that sleeps 1 ms at a time and notes how long each
/// sleep really took. Work that holds the main actor (what would hold the
/// app's main loop, and its frames) shows as a long gap.
@MainActor
final class Heartbeat {
    private var longestGap = 0.0
    private var longestEver = 0.0
    private var task: Task<Void, Never>?

    func start() {
        task = Task { @MainActor [weak self] in
            var last = ContinuousClock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(1))
                let now = ContinuousClock.now
                if let self {
                    self.longestGap = max(self.longestGap, milliseconds(now - last))
                    self.longestEver = max(self.longestEver, self.longestGap)
                }
                last = now
            }
        }
    }

    /// The longest gap since `start()` or the last call, in milliseconds
    /// (the 1 ms sleep and the timer's slack included).
    func takeLongest() -> Double {
        defer { longestGap = 0 }
        return longestGap
    }

    /// The longest gap since `start()`.
    func stop() async -> Double {
        task?.cancel()
        await task?.value
        return longestEver
    }
}

/// What the rating queue reported, counted on its thread.
final class QueueEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var writtenPaths = Set<String>()
    private var failures: [String] = []

    func add(_ event: RatingEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .written(let path, _, _): writtenPaths.insert(path)
        case .failed(let failure): failures.append(failure.message)
        case .rotationFailed(let path): failures.append("rotation failed: \(path)")
        }
    }

    var written: Int { lock.withLock { writtenPaths.count } }
    var failed: [String] { lock.withLock { failures } }
}
