@testable import LightboxCore
import XCTest

final class ChunkedArrayTests: XCTestCase {
    private let length = ChunkedArray<Int>.chunkLength

    /// What `update` should make, made the plain way.
    private func expected(_ list: [Int], removing removed: [Int], inserting inserted: [(position: Int, element: Int)]) -> [Int] {
        var result: [Int] = []
        var nextInserted = 0
        // A set: a search of the array for each position took 16 s of make test.
        let removed = Set(removed)
        for (position, element) in list.enumerated() {
            while nextInserted < inserted.count, inserted[nextInserted].position == position {
                result.append(inserted[nextInserted].element)
                nextInserted += 1
            }
            if !removed.contains(position) { result.append(element) }
        }
        result += inserted[nextInserted...].map(\.element)
        return result
    }

    /// Reads every way the collection offers agree with the plain array.
    private func checkReads(_ list: ChunkedArray<Int>, _ plain: [Int], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(list.count, plain.count, file: file, line: line)
        XCTAssertEqual(Array(list), plain, "iteration", file: file, line: line)
        XCTAssertEqual(list.indices.map { list[$0] }, plain, "subscript", file: file, line: line)
        for start in [0, 1, length - 1, length, length + 1, plain.count / 2, plain.count - 1, plain.count] where start >= 0 && start <= plain.count {
            var iterator = list.makeIterator(from: start)
            var read: [Int] = []
            while let element = iterator.next() { read.append(element) }
            XCTAssertEqual(read, Array(plain[start...]), "iteration from \(start)", file: file, line: line)
        }
        XCTAssertEqual(list, ChunkedArray(plain), "equal to the same elements chunked afresh", file: file, line: line)
        // Chunks stay near their length, so reads stay a short search.
        for chunk in list.chunks {
            XCTAssertFalse(chunk.isEmpty, file: file, line: line)
            XCTAssertLessThanOrEqual(chunk.count, 2 * length, file: file, line: line)
        }
    }

    func testEditsAgreeWithAPlainArray() {
        var random = Seeded(state: 7)
        for size in [0, 1, length - 1, length, 2 * length + 5, 10 * length + 17] {
            var plain = Array(0..<size)
            var list = ChunkedArray(plain)
            checkReads(list, plain)
            for round in 0..<12 {
                let removedCount = plain.isEmpty ? 0 : Int.random(in: 0..<min(plain.count, 3 * length), using: &random)
                let removed = Array(Set((0..<removedCount).map { _ in Int.random(in: 0..<plain.count, using: &random) }))
                    .sorted()
                let insertedCount = Int.random(in: 0..<(3 * length), using: &random)
                let inserted = (0..<insertedCount)
                    .map { _ in (position: Int.random(in: 0...plain.count, using: &random), element: -1 - round) }
                    .sorted { $0.position < $1.position }
                plain = expected(plain, removing: removed, inserting: inserted)
                list.update(removing: removed, inserting: inserted)
                checkReads(list, plain)
            }
        }
    }

    func testKeepingAgreesWithFilter() {
        let plain = Array(0..<(5 * length + 3))
        var list = ChunkedArray(plain)
        let before = list
        list.keep { $0 % 7 != 0 || $0 > 3 * length }
        checkReads(list, plain.filter { $0 % 7 != 0 || $0 > 3 * length })
        XCTAssertEqual(list.sharedSuffixCount(with: before), plain.count - 3 * length, "chunks kept whole are shared")
        list.keep { _ in false }
        checkReads(list, [])
    }

    /// A chunk `keep` keeps whole is not copied, even for a moment: it
    /// looks for the first element the chunk drops before copying any (a
    /// filtered copy of every chunk, thrown away when nothing was dropped,
    /// shares the same chunks in the end, but copied 100,000 photos to
    /// remove one). The shared chunks cannot tell the two apart; the
    /// predicate can: a copy under way holds a reference to each element
    /// it has taken.
    func testKeepingCopiesNoChunkItKeepsWhole() {
        let boxes = (0..<(3 * length)).map(Box.init)
        var list = ChunkedArray(boxes)
        let alone = Self.references(boxes, 0)
        // The probe sees a copy under way: a plain filter's.
        var copying: UInt = 0
        _ = boxes.filter { box in
            if box.value == length - 1 { copying = Self.references(boxes, 0) }
            return true
        }
        XCTAssertEqual(copying, alone + 1, "a filter under way holds what it took")
        // At each chunk's last element, its first is held as before.
        var atChunkEnds: [UInt] = []
        list.keep { box in
            if box.value % length == length - 1 { atChunkEnds.append(Self.references(boxes, box.value - (length - 1))) }
            return true
        }
        XCTAssertEqual(atChunkEnds, [alone, alone, alone], "no chunk kept whole was copied")
        XCTAssertEqual(list.map(\.value), boxes.map(\.value))
    }

    private final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// The references to `boxes[position]` (the same count at every call:
    /// never inlined, so each call takes and gives back the same).
    @inline(never)
    private static func references(_ boxes: [Box], _ position: Int) -> UInt { _getRetainCount(boxes[position]) }

    func testAppendingCopiesOnlyTheEnd() {
        let plain = Array(0..<100_000)
        var list = ChunkedArray(plain)
        let before = list
        let batch = (0..<1024).map { (position: plain.count, element: 100_000 + $0) }
        list.update(removing: [], inserting: batch)
        XCTAssertEqual(Array(list), plain + batch.map(\.element))
        // All but the last chunk are still the list before's.
        XCTAssertGreaterThanOrEqual(list.sharedPrefixCount(with: before), plain.count - 2 * length)
        XCTAssertEqual(list.sharedSuffixCount(with: before), 0)
    }

    func testAChangeInTheMiddleLeavesBothEndsShared() {
        let plain = Array(0..<50_000)
        var list = ChunkedArray(plain)
        let before = list
        list.update(removing: [25_000, 25_001], inserting: [(25_100, -1)])
        XCTAssertEqual(Array(list), expected(plain, removing: [25_000, 25_001], inserting: [(25_100, -1)]))
        let head = list.sharedPrefixCount(with: before), tail = list.sharedSuffixCount(with: before)
        XCTAssertGreaterThan(head, 25_000 - 2 * length)
        XCTAssertLessThanOrEqual(head, 25_000)
        XCTAssertGreaterThan(tail, 50_000 - 25_100 - 2 * length)
        XCTAssertLessThan(tail, 50_000 - 25_100)
        XCTAssertFalse(list.isIdentical(to: before))
        XCTAssertTrue(before.isIdentical(to: before))
        // Made apart from each other, two lists share nothing, equal or not.
        XCTAssertEqual(ChunkedArray(plain).sharedPrefixCount(with: before), 0)
        XCTAssertEqual(ChunkedArray(plain), before)
    }

    func testFirstIndexWalksEveryChunk() {
        let list = ChunkedArray(0..<(3 * length))
        XCTAssertEqual(list.firstIndex { $0 == 2 * length + 5 }, 2 * length + 5)
        XCTAssertEqual(list.firstIndex { $0 >= length }, length)
        XCTAssertNil(list.firstIndex { $0 < 0 })
    }
}
