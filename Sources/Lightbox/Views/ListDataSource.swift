import GtkKit
import LightboxCore

/// Adapts a Swift collection of identifiable elements to a GListModel for
/// list and grid views. `update` diffs the new collection against the old
/// one and emits precise items-changed signals (see `ListDiff`), so views
/// keep their scroll position and the selection of unchanged items.
@MainActor
final class ListDataSource<Element: Identifiable> {
    let model = ListModel()
    private(set) var elements: [Element] = []
    private var elementsByKey: [UInt64: Element] = [:]
    private var keysByID: [Element.ID: UInt64] = [:]
    private var nextKey: UInt64 = 1

    var count: Int { elements.count }

    /// The element a cell's key stands for.
    func element(forKey key: UInt64) -> Element? { elementsByKey[key] }

    func element(at position: Int) -> Element? {
        elements.indices.contains(position) ? elements[position] : nil
    }

    /// The element's position; the elements are in model order.
    func position(of id: Element.ID) -> Int? {
        guard keysByID[id] != nil else { return nil }
        return elements.firstIndex { $0.id == id }
    }

    func key(of id: Element.ID) -> UInt64? { keysByID[id] }

    /// Shows `newElements`, changing only what changed.
    func update(_ newElements: [Element]) {
        let splices = ListDiff.splices(from: elements.map(\.id), to: newElements.map(\.id), maxSplices: 64)
        var live = Set<Element.ID>()
        live.reserveCapacity(newElements.count)
        for element in newElements {
            live.insert(element.id)
            let key = keysByID[element.id] ?? makeKey(for: element.id)
            elementsByKey[key] = element
        }
        for (id, key) in keysByID where !live.contains(id) {
            keysByID[id] = nil
            elementsByKey[key] = nil
        }
        elements = newElements
        for splice in splices {
            model.splice(at: splice.position, removing: splice.removed,
                         inserting: splice.inserted.map { keysByID[$0]! })
        }
    }

    private func makeKey(for id: Element.ID) -> UInt64 {
        let key = nextKey
        nextKey += 1
        keysByID[id] = key
        return key
    }
}
