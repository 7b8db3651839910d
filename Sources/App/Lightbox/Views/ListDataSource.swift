import GtkKit
import LightboxCore

/// Adapts a Swift collection of identifiable elements to a GListModel for
/// list and grid views. `update` diffs the new collection against the old
/// one and emits precise items-changed signals (see `ListDiff`), so views
/// keep their scroll position and the selection of unchanged items. An
/// element keeps its key for as long as it is in the list, moves included.
@MainActor
final class ListDataSource<Element: Identifiable & Equatable> {
    let model = ListModel()
    private(set) var elements: [Element] = []
    /// The model's item keys, in order: `keys[i]` stands for `elements[i]`,
    /// whose ID is `ids[i]`.
    private var keys: [UInt64] = []
    private var ids: [Element.ID] = []
    private var elementsByKey: [UInt64: Element] = [:]
    private var nextKey: UInt64 = 1

    var count: Int { elements.count }

    /// The element a cell's key stands for.
    func element(forKey key: UInt64) -> Element? { elementsByKey[key] }

    func element(at position: Int) -> Element? {
        elements.indices.contains(position) ? elements[position] : nil
    }

    /// The element's position; the elements are in model order.
    func position(of id: Element.ID) -> Int? {
        ids.firstIndex(of: id)
    }

    /// The positions of the elements with these IDs, ascending.
    func positions(of wanted: Set<Element.ID>) -> [Int] {
        ids.indices.filter { wanted.contains(ids[$0]) }
    }

    /// Shows `newElements`, changing only what changed. The work is linear
    /// in the list, but only elements that were added, removed, moved or
    /// changed are hashed: a big folder is merged many times while it loads,
    /// and rewriting every entry of `elementsByKey` each time would cost a
    /// frame or more for 100,000 photos.
    func update(_ newElements: [Element]) {
        // The same array buffer holds the same elements: a list that was
        // changed since would have been copied. (A loading folder is
        // shown again, unchanged, when loading ends.)
        if newElements.count == elements.count, !elements.isEmpty,
           newElements.withUnsafeBufferPointer({ $0.baseAddress }) == elements.withUnsafeBufferPointer({ $0.baseAddress }) {
            return
        }
        let newIDs = newElements.map(\.id)
        let splices = ListDiff.splices(from: ids, to: newIDs, maxSplices: 64)
        // Keys taken out by a splice, by element: an element inserted again
        // (it moved) keeps its key; the others are gone.
        var leaving: [Element.ID: UInt64] = [:]
        var modelSplices: [(position: Int, removed: Int, keys: [UInt64])] = []
        modelSplices.reserveCapacity(splices.count)
        for splice in splices {
            let removed = splice.position..<(splice.position + splice.removed)
            for (key, id) in zip(keys[removed], ids[removed]) { leaving[id] = key }
            let inserted = splice.inserted.map { id in
                (leaving.isEmpty ? nil : leaving.removeValue(forKey: id)) ?? makeKey()
            }
            keys.replaceSubrange(removed, with: inserted)
            ids.replaceSubrange(removed, with: splice.inserted)
            modelSplices.append((splice.position, splice.removed, inserted))
        }
        for key in leaving.values { elementsByKey[key] = nil }
        // Every key stands for its element as it is now. Elements the
        // splices left in place are compared with what they were (their
        // data may have changed: a rating, a title); inserted ones, moved
        // ones included, are written.
        let previous = ListDiff.previousPositions(after: splices, oldCount: elements.count)
        for (position, old) in previous.enumerated() where old == nil || elements[old!] != newElements[position] {
            elementsByKey[keys[position]] = newElements[position]
        }
        elements = newElements
        for splice in modelSplices {
            model.splice(at: splice.position, removing: splice.removed, inserting: splice.keys)
        }
    }

    private func makeKey() -> UInt64 {
        defer { nextKey += 1 }
        return nextKey
    }
}
