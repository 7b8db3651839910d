import Dispatch
import Foundation
import Imaging
@testable import LightboxCore
import Synchronization
import XCTest

/// A work function for the loader that records what ran, can hold the
/// first job until released, and counts jobs running at once.
private final class FakeWork: Sendable {
    let gate = DispatchSemaphore(value: 0)
    private let state = Mutex((ran: [String](), running: 0, mostRunning: 0, holdFirst: true))
    let delay: TimeInterval

    init(holdFirst: Bool, delay: TimeInterval = 0) {
        self.delay = delay
        state.withLock { $0.holdFirst = holdFirst }
    }

    var ran: [String] { state.withLock { $0.ran } }
    var mostRunning: Int { state.withLock { $0.mostRunning } }
    func release() { gate.signal() }

    func run(_ source: ThumbnailSource) -> ThumbnailCache.Loaded {
        let hold = state.withLock { s in
            s.ran.append((source.path as NSString).lastPathComponent)
            s.running += 1
            s.mostRunning = max(s.mostRunning, s.running)
            defer { s.holdFirst = false }
            return s.holdFirst
        }
        if hold { gate.wait() }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        state.withLock { $0.running -= 1 }
        if source.path.hasSuffix(".bad") {
            return .init(result: .failure(ThumbnailError(reason: "Bad.")), origin: .decoded)
        }
        return .init(result: .success(TestImages.solid(width: 50, height: 50, (1, 2, 3))), origin: .decoded)
    }
}

private func source(_ name: String) -> ThumbnailSource {
    ThumbnailSource(path: "/photos/\(name)", modificationTime: 1, fileSize: 1)
}

private func waitUntil(_ condition: @Sendable () -> Bool, file: StaticString = #filePath, line: UInt = #line) async {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
        if Date() > deadline { return XCTFail("timed out", file: file, line: line) }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
}

final class ThumbnailLoaderTests: XCTestCase {
    private func loader(_ work: FakeWork, concurrency: Int = 1, memoryLimit: Int = 64 << 20) -> ThumbnailLoader {
        ThumbnailLoader(size: .normal, memoryLimit: memoryLimit, concurrency: concurrency) { work.run($0) }
    }

    func testTheNewestVisibleRequestRunsFirst() async throws {
        let work = FakeWork(holdFirst: true)
        let loader = loader(work)
        var tasks: [Task<PixelData, any Error>] = []
        tasks.append(Task { try await loader.thumbnail(for: source("a")) })
        await waitUntil { work.ran.count == 1 }
        // Queued one by one behind the held job, so the order is known.
        for (index, (name, priority)) in [("b", ThumbnailLoader.Priority.visible), ("c", .visible),
                                          ("p", .prefetch), ("e", .visible)].enumerated() {
            tasks.append(Task { try await loader.thumbnail(for: source(name), priority: priority) })
            await waitUntil { loader.queuedCount == index + 1 }
        }
        work.release()
        for task in tasks { _ = try await task.value }
        XCTAssertEqual(work.ran, ["a", "e", "c", "b", "p"])
    }

    func testPrioritizeMovesQueuedRequestsAhead() async throws {
        let work = FakeWork(holdFirst: true)
        let loader = loader(work)
        var tasks = [Task { try await loader.thumbnail(for: source("a")) }]
        await waitUntil { work.ran.count == 1 }
        for (index, name) in ["b", "c", "d", "e"].enumerated() {
            tasks.append(Task { try await loader.thumbnail(for: source(name)) })
            await waitUntil { loader.queuedCount == index + 1 }
        }
        loader.prioritize([source("b"), source("c")])
        work.release()
        for task in tasks { _ = try await task.value }
        XCTAssertEqual(work.ran, ["a", "b", "c", "e", "d"])
    }

    func testACancelledQueuedRequestNeverRuns() async throws {
        let work = FakeWork(holdFirst: true)
        let loader = loader(work)
        let first = Task { try await loader.thumbnail(for: source("a")) }
        await waitUntil { work.ran.count == 1 }
        let scrolledAway = Task { try await loader.thumbnail(for: source("b")) }
        await waitUntil { loader.queuedCount == 1 }
        scrolledAway.cancel()
        do {
            _ = try await scrolledAway.value
            XCTFail("a cancelled request must not answer")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(loader.queuedCount, 0)
        work.release()
        _ = try await first.value
        _ = try await loader.thumbnail(for: source("c"))
        XCTAssertEqual(work.ran, ["a", "c"])
        XCTAssertEqual(loader.stats.cancelled, 1)
        XCTAssertNil(loader.cached(source("b")))
    }

    func testAJobOthersStillWaitForSurvivesOneCancellation() async throws {
        let work = FakeWork(holdFirst: true)
        let loader = loader(work)
        let blocker = Task { try await loader.thumbnail(for: source("a")) }
        await waitUntil { work.ran.count == 1 }
        let one = Task { try await loader.thumbnail(for: source("b")) }
        let two = Task { try await loader.thumbnail(for: source("b")) }
        await waitUntil { loader.waiting(for: source("b")) == 2 }
        one.cancel()
        work.release()
        _ = try await blocker.value
        let answer = try await two.value
        XCTAssertEqual(answer.width, 50)
        XCTAssertEqual(work.ran, ["a", "b"])
    }

    func testAnAlreadyCancelledTaskAsksNothing() async throws {
        let work = FakeWork(holdFirst: false)
        let loader = loader(work)
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await loader.thumbnail(for: source("x"))
        }
        task.cancel()
        await XCTAssertThrowsErrorAsync(try await task.value)
        XCTAssertEqual(work.ran, [])
    }

    func testNoMoreJobsRunThanTheConcurrency() async throws {
        let work = FakeWork(holdFirst: false, delay: 0.01)
        let loader = loader(work, concurrency: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                group.addTask { _ = try await loader.thumbnail(for: source("\(index)")) }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(work.ran.count, 12)
        XCTAssertLessThanOrEqual(work.mostRunning, 2)
        XCTAssertEqual(ThumbnailLoader(cache: Scratch().cache, size: .normal).concurrency,
                       ProcessInfo.processInfo.activeProcessorCount)
    }

    func testTheMemoryCacheStaysWithinItsLimit() async throws {
        let work = FakeWork(holdFirst: false)
        let each = 50 * 50 * 4 + 64
        let loader = loader(work, concurrency: 2, memoryLimit: each * 5)
        for index in 0..<40 {
            _ = try await loader.thumbnail(for: source("\(index)"))
            XCTAssertLessThanOrEqual(loader.memoryUsage, loader.memoryLimit)
        }
        XCTAssertEqual(loader.memoryUsage, each * 5)
        XCTAssertNil(loader.cached(source("0")))
        XCTAssertNotNil(loader.cached(source("39")))
        // Using an entry keeps it: 35 is the oldest of 35…39, read it and add one.
        XCTAssertNotNil(loader.cached(source("35")))
        _ = try await loader.thumbnail(for: source("40"))
        XCTAssertNotNil(loader.cached(source("35")))
        XCTAssertNil(loader.cached(source("36")))
        let before = work.ran.count
        _ = try await loader.thumbnail(for: source("39"))
        XCTAssertEqual(work.ran.count, before)
        XCTAssertGreaterThanOrEqual(loader.stats.fromMemory, 4)
    }

    func testFailuresAreAnsweredAndRemembered() async throws {
        let work = FakeWork(holdFirst: false)
        let loader = loader(work)
        for _ in 0..<2 {
            do {
                _ = try await loader.thumbnail(for: source("x.bad"))
                XCTFail("expected a failure")
            } catch let error as ThumbnailError {
                XCTAssertEqual(error.reason, "Bad.")
            }
        }
        XCTAssertEqual(work.ran, ["x.bad"])
        XCTAssertEqual(loader.cachedResult(source("x.bad")), .failure(ThumbnailError(reason: "Bad.")))
    }

    func testRealFilesThroughTheDiskCache() async throws {
        let scratch = Scratch()
        var sources: [ThumbnailSource] = []
        for index in 0..<4 {
            let url = try TestImages.jpeg(scratch.path("photos/p\(index).jpg"), width: 320, height: 240)
            sources.append(try XCTUnwrap(ThumbnailSource(path: url.path)))
        }
        let broken = try XCTUnwrap(ThumbnailSource(path: scratch.file("photos/broken.jpg", "nope").path))

        let first = ThumbnailLoader(cache: scratch.cache, size: .normal)
        for source in sources {
            let pixels = try await first.thumbnail(for: source)
            XCTAssertEqual(pixels.width, 128)
        }
        await XCTAssertThrowsErrorAsync(try await first.thumbnail(for: broken))
        XCTAssertEqual(first.stats.decoded, 5)
        XCTAssertNotNil(first.cached(sources[0]))

        // A new session: everything comes from disk, nothing is decoded.
        let second = ThumbnailLoader(cache: scratch.cache, size: .normal)
        for source in sources { _ = try await second.thumbnail(for: source) }
        await XCTAssertThrowsErrorAsync(try await second.thumbnail(for: broken))
        XCTAssertEqual(second.stats.decoded, 0)
        XCTAssertEqual(second.stats.fromDisk, 5)
        _ = try await second.thumbnail(for: sources[1])
        XCTAssertEqual(second.stats.fromMemory, 1)
    }
}

func XCTAssertThrowsErrorAsync<T>(_ expression: @autoclosure () async throws -> T,
                                  file: StaticString = #filePath, line: UInt = #line) async {
    do {
        _ = try await expression()
        XCTFail("expected an error", file: file, line: line)
    } catch {}
}

final class LRUCacheTests: XCTestCase {
    func testEvictsTheLeastRecentlyUsedByCost() {
        var cache = LRUCache<String, Int>(limit: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "b", cost: 4)
        XCTAssertEqual(cache.value(for: "a"), 1)
        cache.insert(3, for: "c", cost: 4)
        XCTAssertEqual(cache.keysByRecency, ["c", "a"])
        XCTAssertEqual(cache.totalCost, 8)
        cache.insert(4, for: "huge", cost: 11)
        XCTAssertFalse(cache.contains("huge"))
        cache.insert(5, for: "a", cost: 2)
        XCTAssertEqual(cache.keysByRecency, ["a", "c"])
        XCTAssertEqual(cache.totalCost, 6)
        for index in 0..<100 { cache.insert(index, for: "k\(index)", cost: 1) }
        XCTAssertEqual(cache.count, 10)
        XCTAssertEqual(cache.keysByRecency.first, "k99")
        XCTAssertEqual(cache.keysByRecency.last, "k90")
    }

    func testHeapAnswersTheGreatestFirst() {
        var heap = MaxHeap<Int>()
        for value in [5, 1, 9, 3, 7, 9, 0] { heap.push(value) }
        var out: [Int] = []
        while let value = heap.popMax() { out.append(value) }
        XCTAssertEqual(out, [9, 9, 7, 5, 3, 1, 0])
    }
}
