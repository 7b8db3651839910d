@testable import LightboxCore
import XCTest

final class ListDiffTests: XCTestCase {
    private func check(_ old: [Int], _ new: [Int], file: StaticString = #filePath, line: UInt = #line) -> [ListSplice<Int>] {
        let splices = ListDiff.splices(from: old, to: new)
        XCTAssertEqual(ListDiff.apply(splices, to: old), new, file: file, line: line)
        checkPreviousPositions(splices, old, new, file: file, line: line)
        return splices
    }

    /// Every item the splices left alone is traced to its old place, in
    /// order; the items they inserted have none.
    private func checkPreviousPositions(_ splices: [ListSplice<Int>], _ old: [Int], _ new: [Int],
                                        file: StaticString = #filePath, line: UInt = #line) {
        let previous = ListDiff.previousPositions(after: splices, oldCount: old.count)
        XCTAssertEqual(previous.count, new.count, file: file, line: line)
        let traced = previous.enumerated().compactMap { position, before in before.map { (position, $0) } }
        for (position, before) in traced {
            XCTAssertEqual(old[before], new[position], "item at \(position) came from \(before)", file: file, line: line)
        }
        XCTAssertEqual(traced.map(\.1), traced.map(\.1).sorted(), "kept items stay in order", file: file, line: line)
        let inserted = splices.reduce(0) { $0 + $1.inserted.count }
        XCTAssertEqual(new.count - traced.count, inserted, "only inserted items are new", file: file, line: line)
    }

    func testNoChangeNoSplice() {
        XCTAssertEqual(check([1, 2, 3], [1, 2, 3]), [])
    }

    func testFilteringNarrowerRemovesEachRunInPlace() {
        XCTAssertEqual(check([1, 2, 3, 4, 5, 6, 7], [1, 3, 4, 7]), [
            ListSplice(position: 1, removed: 1, inserted: []),
            ListSplice(position: 3, removed: 2, inserted: []),
        ])
    }

    func testFilteringWiderInsertsEachRunAtItsFinalPlace() {
        XCTAssertEqual(check([1, 3, 4, 7], [0, 1, 2, 3, 4, 5, 6, 7, 8]), [
            ListSplice(position: 0, removed: 0, inserted: [0]),
            ListSplice(position: 2, removed: 0, inserted: [2]),
            ListSplice(position: 5, removed: 0, inserted: [5, 6]),
            ListSplice(position: 8, removed: 0, inserted: [8]),
        ])
    }

    func testAFileAddedOrRemovedIsOneSplice() {
        XCTAssertEqual(check([1, 2, 4], [1, 2, 3, 4]), [ListSplice(position: 2, removed: 0, inserted: [3])])
        XCTAssertEqual(check([1, 2, 3, 4], [1, 2, 4]), [ListSplice(position: 2, removed: 1, inserted: [])])
    }

    func testAReorderReplacesOnlyTheChangedMiddle() {
        XCTAssertEqual(check([1, 2, 3, 4, 5], [1, 4, 3, 2, 5]), [ListSplice(position: 1, removed: 3, inserted: [4, 3, 2])])
    }

    func testManyRunsBecomeOneReplacementAboveTheLimit() {
        let old = Array(0..<100).filter { $0 % 2 == 0 }
        let new = Array(0..<100)
        XCTAssertEqual(ListDiff.splices(from: old, to: new).count, 50)
        let capped = ListDiff.splices(from: old, to: new, maxSplices: 10)
        XCTAssertEqual(capped, [ListSplice(position: 1, removed: 49, inserted: Array(1..<100))])
        XCTAssertEqual(ListDiff.apply(capped, to: old), new)
        checkPreviousPositions(capped, old, new)
    }

    func testRandomListsAlwaysApplyToTheTarget() {
        var random = Seeded(state: 3)  // fixed: a failure can be replayed
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...30, using: &random)).filter { _ in Bool.random(using: &random) }
            let new = (0..<Int.random(in: 0...30, using: &random)).filter { _ in Bool.random(using: &random) }
                .shuffled(using: &random)
            _ = check(old, Bool.random(using: &random) ? new : new.sorted())
        }
    }
}
