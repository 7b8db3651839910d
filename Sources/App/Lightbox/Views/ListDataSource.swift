import GtkKit
import LightboxCore

/// Adapts a Swift collection of identifiable elements to a GListModel for
/// list and grid views. `update` diffs the new collection against the old
/// one and emits precise items-changed signals (see `ListDiff`), so views
/// keep their scroll position and the selection of unchanged items. An
/// element keeps its key for as long as it is in the list, moves included
/// (but for a new order of thousands: see `update`).
@MainActor
final class ListDataSource<Element: Identifiable & Equatable & Sendable> {
    let model = ListModel()
    private(set) var elements = ChunkedArray<Element>()
    /// The model's item keys, in order: `keys[i]` stands for `elements[i]`.
    private var keys: [UInt64] = []
    private var nextKey: UInt64 = 1
    /// Whether two elements are one (same ID), asked for every element at
    /// every change: a type can answer faster than by comparing IDs.
    private let isSame: (Element, Element) -> Bool

    init(isSame: @escaping (Element, Element) -> Bool = { $0.id == $1.id }) {
        self.isSame = isSame
    }

    var count: Int { elements.count }

    /// The element a cell's key stands for, the cell being at `position`
    /// as the view has it. The two agree but while the view takes a batch
    /// of changes one by one: then the key is looked for. (No table from
    /// keys to elements is kept: a loading folder grew one by 100,000
    /// entries, on the main thread.)
    func element(forKey key: UInt64, at position: Int) -> Element? {
        if keys.indices.contains(position), keys[position] == key { return elements[position] }
        return keys.firstIndex(of: key).map { elements[$0] }
    }

    func element(at position: Int) -> Element? {
        elements.indices.contains(position) ? elements[position] : nil
    }

    /// The element's position; the elements are in model order.
    func position(of id: Element.ID) -> Int? {
        elements.firstIndex { $0.id == id }
    }

    /// The positions of the elements with these IDs, ascending.
    func positions(of wanted: Set<Element.ID>) -> [Int] {
        elements.enumerated().compactMap { wanted.contains($0.element.id) ? $0.offset : nil }
    }

    /// Shows `newElements`, changing only what changed. Elements are
    /// compared only where the two lists do not share their chunks, and
    /// only keys are copied: a big folder is shown many times while it
    /// loads.
    func update(_ newElements: ChunkedArray<Element>) {
        // The same chunks hold the same elements: a list changed since
        // would have copied those it changed. (A loading folder is shown
        // again, unchanged, when loading ends.)
        if newElements.isIdentical(to: elements) { return }
        let splices = ListDiff.splices(from: elements, to: newElements,
                                       sameHead: elements.sharedPrefixCount(with: newElements),
                                       sameTail: elements.sharedSuffixCount(with: newElements), by: isSame)
        // The keys after the splices, made in one pass. An element a splice
        // takes out and inserts again keeps its key (it moved: only a new
        // order makes a splice that removes and inserts), but in a new
        // order of thousands; the runs a load or a filter makes only insert
        // or only remove.
        var newKeys: [UInt64] = []
        newKeys.reserveCapacity(newElements.count)
        var old = 0
        for splice in splices {
            let kept = splice.position - newKeys.count
            newKeys.append(contentsOf: keys[old..<(old + kept)])
            old += kept
            let removed = old..<(old + splice.removed)
            old += splice.removed
            guard !splice.inserted.isEmpty else { continue }
            // A whole new order (dates read at a load's end, a sort) has
            // GTK bind every cell on screen again anyway: its elements take
            // new keys rather than each ID being hashed twice.
            guard splice.removed <= 4096 else {
                for _ in splice.inserted { newKeys.append(makeKey()) }
                continue
            }
            var leaving: [Element.ID: UInt64] = [:]
            for (key, element) in zip(keys[removed], elements[removed]) { leaving[element.id] = key }
            for element in splice.inserted { newKeys.append(leaving.removeValue(forKey: element.id) ?? makeKey()) }
        }
        let tail = keys.count - old
        newKeys.append(contentsOf: keys[old...])
        let modelSplices: [(position: Int, removed: Int, keys: ArraySlice<UInt64>)]
        if splices.count <= 64 {
            modelSplices = splices.map { ($0.position, $0.removed, newKeys[$0.position..<($0.position + $0.inserted.count)]) }
        } else {
            // Thousands of one-item signals cost GTK more than one large
            // one: the changed middle is replaced at once (the cells on
            // screen in it are bound again, to the same keys).
            let start = splices[0].position
            modelSplices = [(start, keys.count - start - tail, newKeys[start..<(newKeys.count - tail)])]
        }
        keys = newKeys
        // The list it replaces may be the last reference to 100,000 photos.
        releaseElsewhere(elements)
        elements = newElements
        for splice in modelSplices {
            model.splice(at: splice.position, removing: splice.removed, inserting: Array(splice.keys))
        }
    }

    private func makeKey() -> UInt64 {
        defer { nextKey += 1 }
        return nextKey
    }
}
