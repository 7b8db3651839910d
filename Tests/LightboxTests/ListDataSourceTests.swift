import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

final class ListDataSourceTests: DisplayTestCase {
    private struct Item: Identifiable, Equatable {
        let id: String
        var value: Int
    }

    /// The model's keys stand for exactly the elements, in order.
    @MainActor
    private static func assertModelShows(_ expected: [Item], in source: ListDataSource<Item>,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(source.model.count, expected.count, file: file, line: line)
        let keys = (0..<source.model.count).map(source.model.key(at:))
        XCTAssertEqual(Set(keys).count, keys.count, "every item has its own key", file: file, line: line)
        XCTAssertEqual(keys.enumerated().map { source.element(forKey: $1, at: $0) }, expected, file: file, line: line)
        // A cell asking from a place the view has not updated yet (it takes
        // a batch of changes one by one) still gets its element.
        XCTAssertEqual(keys.map { source.element(forKey: $0, at: 0) }, expected, file: file, line: line)
    }

    func testTheModelFollowsInsertionsRemovalsMovesAndChanges() { onMain {
        let source = ListDataSource<Item>()
        var random = SplitMix(seed: 7)
        var current: [Item] = []
        var next = 0
        for _ in 0..<300 {
            var updated = current
            switch random.next() % 4 {
            case 0:  // photos found: a run inserted somewhere
                let at = updated.isEmpty ? 0 : Int(random.next() % UInt64(updated.count + 1))
                let run = (0..<Int(random.next() % 40 + 1)).map { _ in
                    defer { next += 1 }
                    return Item(id: "item-\(next)", value: 0)
                }
                updated.insert(contentsOf: run, at: at)
            case 1:  // a filter: some go
                updated.removeAll { _ in random.next() % 5 == 0 }
            case 2:  // metadata arrived: a few move
                for _ in 0..<min(updated.count, 8) {
                    let item = updated.remove(at: Int(random.next() % UInt64(updated.count)))
                    updated.insert(item, at: Int(random.next() % UInt64(updated.count + 1)))
                }
            default:  // a rating: changed in place
                if !updated.isEmpty { updated[Int(random.next() % UInt64(updated.count))].value += 1 }
            }
            source.update(ChunkedArray(updated))
            Self.assertModelShows(updated, in: source)
            current = updated
        }
    } }

    func testAnElementThatMovesKeepsItsKey() { onMain {
        let source = ListDataSource<Item>()
        let items = ["a", "b", "c", "d"].map { Item(id: $0, value: 0) }
        source.update(ChunkedArray(items))
        let keyOfD = source.model.key(at: 3)
        var changes: [[Int]] = []
        source.model.onItemsChanged { position, removed, added in changes.append([position, removed, added]) }
        source.update([items[3], items[0], items[1], items[2]])
        XCTAssertEqual(changes, [[0, 4, 4]])
        XCTAssertEqual(source.model.key(at: 0), keyOfD, "the moved element keeps its key")
        XCTAssertEqual(source.position(of: "d"), 0)
    } }

    /// A batch of a loading folder lands all over a sorted list: GTK hears
    /// one change over the part that changed, not one a run, and every
    /// element already there keeps its key.
    func testManyScatteredInsertionsAreOneChangeAndKeepTheKeys() { onMain {
        let source = ListDataSource<Item>()
        let before = (0..<1_000).map { Item(id: "item-\($0 * 2)", value: 0) }
        source.update(ChunkedArray(before))
        let keys = Dictionary(uniqueKeysWithValues: (0..<1_000).map { (before[$0].id, source.model.key(at: $0)) })
        var changes: [[Int]] = []
        source.model.onItemsChanged { position, removed, added in changes.append([position, removed, added]) }
        // 300 new elements, one after each of items 100 to 399.
        var after = before
        for index in (100..<400).reversed() { after.insert(Item(id: "item-\(index * 2 + 1)", value: 0), at: index + 1) }
        source.update(ChunkedArray(after))
        XCTAssertEqual(changes, [[101, 299, 599]], "from the first insertion to the last, once")
        Self.assertModelShows(after, in: source)
        for (position, item) in after.enumerated() where keys[item.id] != nil {
            XCTAssertEqual(source.model.key(at: position), keys[item.id], item.id)
        }
    } }
}

/// A small deterministic random source, so a failure can be replayed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
