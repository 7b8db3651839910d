/// A least-recently-used cache bounded by the total cost of its values
/// (bytes, for pixels). Reading a value makes it the most recent; adding
/// one evicts the least recent until the total fits the limit. Not
/// thread-safe: keep it behind a lock.
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    public let limit: Int
    public private(set) var totalCost = 0
    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    public init(limit: Int) { self.limit = max(0, limit) }

    public var count: Int { index.count }

    /// The value for `key`, made the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return nodes[slot]!.value
    }

    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Stores `value` as the most recent. A value costing more than the
    /// whole limit is not kept (and drops any older value for the key).
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        guard cost <= limit else { return }
        let node = Node(key: key, value: value, cost: cost)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        index[key] = slot
        totalCost += cost
        linkAsNewest(slot)
        while totalCost > limit, let victim = oldest { remove(nodes[victim]!.key) }
    }

    public mutating func remove(_ key: Key) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        totalCost -= nodes[slot]!.cost
        nodes[slot] = nil
        free.append(slot)
    }

    /// Keys from the most to the least recently used (for tests).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while let current = slot {
            keys.append(nodes[current]!.key)
            slot = nodes[current]!.older
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        let node = nodes[slot]!
        if let newer = node.newer { nodes[newer]!.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]!.newer = node.newer } else { oldest = node.newer }
        nodes[slot]!.newer = nil
        nodes[slot]!.older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]!.older = newest
        nodes[slot]!.newer = nil
        if let previous = newest { nodes[previous]!.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}

/// A binary max-heap: `popMax` answers the greatest element.
struct MaxHeap<Element: Comparable> {
    private var items: [Element] = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[parent] < items[child] else { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    mutating func popMax() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < items.count, items[largest] < items[left] { largest = left }
            if right < items.count, items[largest] < items[right] { largest = right }
            if largest == parent { break }
            items.swapAt(parent, largest)
            parent = largest
        }
        return top
    }

    mutating func removeAll() { items.removeAll() }
}
