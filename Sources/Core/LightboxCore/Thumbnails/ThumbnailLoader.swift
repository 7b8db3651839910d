import Dispatch
import Foundation
import Imaging

/// Thumbnails for a grid: answers from a bounded in-memory cache at once,
/// else loads from the shared disk cache or decodes, off the main thread,
/// on a pool of at most `concurrency` jobs at a time.
///
/// The newest request runs first, and visible requests before prefetches,
/// so the cells on screen fill before those scrolled past. Cancelling the
/// task awaiting a request withdraws it: a job nobody waits for any more
/// is dropped before it decodes (one already decoding finishes and is
/// cached). Safe to call from any thread or actor, the main actor too.
public final class ThumbnailLoader: Sendable {
    public enum Priority: Int, Sendable, Comparable {
        /// Likely needed soon (cells just off screen).
        case prefetch
        /// On screen now.
        case visible

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How requests were answered since the loader was made.
    package struct Stats: Equatable, Sendable {
        /// Source files decoded (successfully or not).
        package var decoded = 0
        /// Answered by a valid thumbnail, or fail entry, on disk.
        package var fromDisk = 0
        /// Answered by the in-memory cache.
        var fromMemory = 0
        /// Queued jobs dropped unstarted because no one waited any more.
        package var cancelled = 0

        init() {}
    }

    public let size: ThumbnailSize
    /// The most bytes the in-memory cache holds.
    public let memoryLimit: Int
    /// The most jobs running at once.
    let concurrency: Int

    private let work: @Sendable (ThumbnailSource) -> ThumbnailCache.Loaded
    /// The threads that decode (shared by all loaders; each loader keeps
    /// to its own `concurrency`): not Swift concurrency's, which must stay
    /// free for the main actor's hops.
    private static let pool = WorkerPool(
        name: "lb-thumbnail", threads: ProcessInfo.processInfo.activeProcessorCount)
    private let state: Locked<State>

    /// A loader over `cache` for thumbnails of `size`, answered scaled
    /// down to fit `fitting` pixels when given: the size they are shown at
    /// (a 256-pixel thumbnail shown at 180 holds twice the pixels it needs),
    /// in `format` (converted on the loader's threads).
    public convenience init(cache: ThumbnailCache, size: ThumbnailSize, fitting: Int? = nil,
                            format: PixelData.Format = .rgba, memoryLimit: Int = 64 << 20,
                            concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.init(size: size, memoryLimit: memoryLimit, concurrency: concurrency) { source in
            let loaded = cache.load(source, size: size, fitting: fitting)
            guard format == .premultipliedARGB32 else { return loaded }
            return ThumbnailCache.Loaded(result: loaded.result.map { $0.premultiplied() }, origin: loaded.origin)
        }
    }

    /// A loader whose jobs run `work` (tests use it to control timing).
    init(size: ThumbnailSize, memoryLimit: Int, concurrency: Int,
         work: @escaping @Sendable (ThumbnailSource) -> ThumbnailCache.Loaded) {
        self.size = size
        self.memoryLimit = memoryLimit
        self.concurrency = max(1, concurrency)
        self.work = work
        state = Locked(State(memory: LRUCache(limit: memoryLimit)))
    }

    // MARK: Asking

    /// The thumbnail of `source`. Throws `ThumbnailError` when the file
    /// cannot be made into one, `CancellationError` when the calling task
    /// is cancelled first.
    public func thumbnail(for source: ThumbnailSource, priority: Priority = .visible) async throws -> PixelData {
        if let result = cachedResult(source) { return try result.get() }
        try Task.checkCancellation()
        let id = state.withLock { $0.newWaiter() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<PixelData, any Error>) in
                enqueue(id, source: source, priority: priority, continuation: continuation)
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// The thumbnail when it is in memory, at once (to bind a cell without
    /// a flash of placeholder); nil otherwise.
    public func cached(_ source: ThumbnailSource) -> PixelData? {
        try? cachedResult(source)?.get()
    }

    /// The in-memory outcome for `source`, failure included, or nil.
    func cachedResult(_ source: ThumbnailSource) -> Result<PixelData, ThumbnailError>? {
        state.withLock { s in
            let result = s.memory.value(for: source)
            if result != nil { s.stats.fromMemory += 1 }
            return result
        }
    }

    /// Moves the queued requests for `sources` ahead of all others, the
    /// first one first (for the cells that just became visible).
    public func prioritize(_ sources: [ThumbnailSource]) {
        state.withLock { s in
            for source in sources.reversed() { s.bump(source, to: .visible) }
        }
    }

    package var stats: Stats { state.withLock { $0.stats } }
    /// Bytes held by the in-memory cache; never above `memoryLimit`.
    public var memoryUsage: Int { state.withLock { $0.memory.totalCost } }
    /// Requests waiting for a free worker.
    var queuedCount: Int { state.withLock { s in s.jobs.values.count { !$0.started } } }
    /// How many requests wait for `source`'s job (a test waits for a
    /// request to have joined one).
    func waiting(for source: ThumbnailSource) -> Int { state.withLock { $0.jobs[source]?.waiters.count ?? 0 } }

    // MARK: Scheduling

    private func enqueue(_ id: UInt64, source: ThumbnailSource, priority: Priority,
                         continuation: CheckedContinuation<PixelData, any Error>) {
        enum Next { case answer(Result<PixelData, any Error>), launch([ThumbnailSource]) }
        let next: Next = state.withLock { s in
            if case .cancelledEarly = s.waiters[id] {
                s.waiters[id] = nil
                return .answer(.failure(CancellationError()))
            }
            // Finished while this request was on its way.
            if let result = s.memory.value(for: source) {
                s.waiters[id] = nil
                s.stats.fromMemory += 1
                return .answer(result.mapError { $0 })
            }
            s.waiters[id] = .waiting(source, continuation)
            if s.jobs[source] == nil { s.jobs[source] = Job(priority: priority, sequence: 0) }
            s.jobs[source]!.waiters.insert(id)
            s.bump(source, to: priority)
            return .launch(s.takeRunnable(limit: concurrency))
        }
        switch next {
        case .answer(let result): continuation.resume(with: result)
        case .launch(let sources): sources.forEach(launch)
        }
    }

    private func cancel(_ id: UInt64) {
        let continuation: CheckedContinuation<PixelData, any Error>? = state.withLock { s in
            switch s.waiters[id] {
            case .expected:
                s.waiters[id] = .cancelledEarly
                return nil
            case .waiting(let source, let continuation):
                s.waiters[id] = nil
                s.withdraw(id, from: source)
                return continuation
            case .cancelledEarly, nil:
                return nil
            }
        }
        continuation?.resume(throwing: CancellationError())
    }

    private func launch(_ source: ThumbnailSource) {
        Self.pool.submit { [self] in
            let loaded = work(source)
            let (waiting, next) = state.withLock { s in
                s.finish(source, with: loaded, limit: concurrency)
            }
            for continuation in waiting { continuation.resume(with: loaded.result.mapError { $0 }) }
            next.forEach(launch)
        }
    }

    // MARK: State

    private struct QueueEntry: Comparable {
        let priority: Priority
        let sequence: UInt64
        let source: ThumbnailSource

        static func < (lhs: QueueEntry, rhs: QueueEntry) -> Bool {
            (lhs.priority.rawValue, lhs.sequence) < (rhs.priority.rawValue, rhs.sequence)
        }
        static func == (lhs: QueueEntry, rhs: QueueEntry) -> Bool {
            lhs.priority == rhs.priority && lhs.sequence == rhs.sequence
        }
    }

    private struct Job {
        var priority: Priority
        /// The queue entry that is current; older entries are stale.
        var sequence: UInt64
        var waiters: Set<UInt64> = []
        var started = false
    }

    private enum Waiter {
        /// Asked, not yet in a job.
        case expected
        /// Cancelled before it reached a job.
        case cancelledEarly
        case waiting(ThumbnailSource, CheckedContinuation<PixelData, any Error>)
    }

    private struct State {
        var memory: LRUCache<ThumbnailSource, Result<PixelData, ThumbnailError>>
        var jobs: [ThumbnailSource: Job] = [:]
        /// Queued jobs, greatest priority then newest first. Entries whose
        /// sequence no longer matches their job are skipped when popped.
        var queue = MaxHeap<QueueEntry>()
        var waiters: [UInt64: Waiter] = [:]
        var counter: UInt64 = 0
        var running = 0
        var stats = Stats()

        mutating func newWaiter() -> UInt64 {
            counter += 1
            waiters[counter] = .expected
            return counter
        }

        /// Makes a queued job the newest, at `priority` or above.
        mutating func bump(_ source: ThumbnailSource, to priority: Priority) {
            guard var job = jobs[source], !job.started else { return }
            counter += 1
            job.priority = max(job.priority, priority)
            job.sequence = counter
            jobs[source] = job
            queue.push(QueueEntry(priority: job.priority, sequence: counter, source: source))
            if queue.count > 4 * jobs.count + 256 { compact() }
        }

        mutating func withdraw(_ id: UInt64, from source: ThumbnailSource) {
            guard var job = jobs[source] else { return }
            job.waiters.remove(id)
            if job.waiters.isEmpty, !job.started {
                // Its queue entry goes stale and is skipped.
                jobs[source] = nil
                stats.cancelled += 1
            } else {
                jobs[source] = job
            }
        }

        mutating func takeRunnable(limit: Int) -> [ThumbnailSource] {
            var ready: [ThumbnailSource] = []
            while running < limit, let entry = queue.popMax() {
                guard var job = jobs[entry.source], !job.started, job.sequence == entry.sequence else { continue }
                job.started = true
                jobs[entry.source] = job
                running += 1
                ready.append(entry.source)
            }
            return ready
        }

        mutating func finish(_ source: ThumbnailSource, with loaded: ThumbnailCache.Loaded, limit: Int)
            -> ([CheckedContinuation<PixelData, any Error>], [ThumbnailSource]) {
            switch loaded.origin {
            case .disk: stats.fromDisk += 1
            case .decoded: stats.decoded += 1
            }
            let cost = switch loaded.result {
            case .success(let pixels): pixels.byteCount + 64
            case .failure(let error): 256 + error.reason.utf8.count
            }
            memory.insert(loaded.result, for: source, cost: cost)
            running -= 1
            var waiting: [CheckedContinuation<PixelData, any Error>] = []
            for id in jobs.removeValue(forKey: source)?.waiters ?? [] {
                if case .waiting(_, let continuation) = waiters.removeValue(forKey: id) {
                    waiting.append(continuation)
                }
            }
            return (waiting, takeRunnable(limit: limit))
        }

        private mutating func compact() {
            queue.removeAll()
            for (source, job) in jobs where !job.started {
                queue.push(QueueEntry(priority: job.priority, sequence: job.sequence, source: source))
            }
        }
    }
}
