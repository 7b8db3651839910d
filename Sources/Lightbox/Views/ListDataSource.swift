import GtkKit
import LightboxCore

/// Adapts a Swift collection of identifiable elements to a GListModel for
/// list and grid views. `update` diffs the new collection against the old
/// one and emits precise items-changed signals (see `ListDiff`), so views
/// keep their scroll position and the selection of unchanged items. An
/// element keeps its key for as long as it is in the list, moves included.
@MainActor
final class ListDataSource<Element: Identifiable> {
    let model = ListModel()
    private(set) var elements: [Element] = []
    /// The model's item keys, in order: `keys[i]` stands for `elements[i]`.
    private var keys: [UInt64] = []
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
        elements.firstIndex { $0.id == id }
    }

    /// Shows `newElements`, changing only what changed. The work is linear
    /// in the list, but only elements that were added, removed or moved
    /// are hashed: a big folder is merged many times while it loads.
    func update(_ newElements: [Element]) {
        // The same array buffer holds the same elements: a list that was
        // changed since would have been copied. (A loading folder is
        // shown again, unchanged, when loading ends.)
        if newElements.count == elements.count, !elements.isEmpty,
           newElements.withUnsafeBufferPointer({ $0.baseAddress }) == elements.withUnsafeBufferPointer({ $0.baseAddress }) {
            return
        }
        let splices = ListDiff.splices(from: elements.map(\.id), to: newElements.map(\.id), maxSplices: 64)
        // Keys taken out by a splice, by element: an element inserted again
        // (it moved) keeps its key; the others are gone.
        var leaving: [Element.ID: UInt64] = [:]
        var modelSplices: [(position: Int, removed: Int, keys: [UInt64])] = []
        modelSplices.reserveCapacity(splices.count)
        for splice in splices {
            let removed = splice.position..<(splice.position + splice.removed)
            for key in keys[removed] {
                if let id = elementsByKey[key]?.id { leaving[id] = key }
            }
            let inserted = splice.inserted.map { id in
                (leaving.isEmpty ? nil : leaving.removeValue(forKey: id)) ?? makeKey()
            }
            keys.replaceSubrange(removed, with: inserted)
            modelSplices.append((splice.position, splice.removed, inserted))
        }
        for key in leaving.values { elementsByKey[key] = nil }
        // Every key now stands for its element as it is now (its data may
        // have changed in place: a rating, a title).
        elementsByKey.reserveCapacity(newElements.count)
        for (key, element) in zip(keys, newElements) { elementsByKey[key] = element }
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
