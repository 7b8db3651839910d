/// One change to a list: at `position`, remove `removed` items, then insert
/// `inserted` (exactly what GListModel's items-changed reports).
public struct ListSplice<Item> {
    public let position: Int
    public let removed: Int
    public let inserted: [Item]

    @usableFromInline
    init(position: Int, removed: Int, inserted: [Item]) {
        self.position = position
        self.removed = removed
        self.inserted = inserted
    }
}

extension ListSplice: Equatable where Item: Equatable {}

/// Computes the splices that turn one list of IDs into another, applied in
/// order. Small, local changes stay small and local, so a list view keeps
/// its scroll position and the selection of items that did not change:
/// common heads and tails are left alone, and when one list is a
/// subsequence of the other (filtering narrower or wider, files added or
/// removed) each run of removed or added items becomes its own splice.
/// Anything else (a new sort order) replaces the changed middle at once.
public enum ListDiff {
    /// - Parameter maxSplices: above this many, the changed middle is
    ///   replaced at once instead (thousands of one-item signals cost a view
    ///   more than one large one).
    public static func splices<ID: Hashable>(from old: [ID], to new: [ID],
                                             maxSplices: Int = .max) -> [ListSplice<ID>] {
        splices(from: old, to: new, maxSplices: maxSplices, by: ==)
    }

    /// The splices from `old` to `new`, items being the same where
    /// `isSame` says so (a list view's items by identity: their data may
    /// differ). `sameHead` and `sameTail` items at either end are known to
    /// be the same (shared, see `ChunkedArray.sharedPrefixCount`) and are
    /// not compared: a batch merged into 100,000 photos is diffed over the
    /// chunks it touched.
    /// (Inlinable: made for the caller's own type, it compares in place;
    /// through the generic entry each element was copied, twice, at every
    /// comparison of a 100,000-photo grid's every change.)
    @inlinable
    public static func splices<Items: RandomAccessCollection>(
        from old: Items, to new: Items, maxSplices: Int = .max, sameHead: Int = 0, sameTail: Int = 0,
        by isSame: (Items.Element, Items.Element) -> Bool
    ) -> [ListSplice<Items.Element>] where Items.Index == Int {
        var start = min(sameHead, old.count, new.count)
        while start < old.count, start < new.count, isSame(old[start], new[start]) { start += 1 }
        let tail = min(sameTail, old.count - start, new.count - start)
        var oldEnd = old.count - tail, newEnd = new.count - tail
        while oldEnd > start, newEnd > start, isSame(old[oldEnd - 1], new[newEnd - 1]) {
            oldEnd -= 1
            newEnd -= 1
        }
        let oldMiddle = old[start..<oldEnd], newMiddle = new[start..<newEnd]
        if oldMiddle.isEmpty, newMiddle.isEmpty { return [] }
        if oldMiddle.count >= newMiddle.count,
           let runs = subsequenceRuns(of: newMiddle, in: oldMiddle, offset: start, by: isSame), runs.count <= maxSplices {
            // Earlier removals are gone: a run starts after the kept items.
            return runs.map { ListSplice(position: $0.keptBefore, removed: $0.range.count, inserted: []) }
        }
        if newMiddle.count > oldMiddle.count,
           let runs = subsequenceRuns(of: oldMiddle, in: newMiddle, offset: start, by: isSame), runs.count <= maxSplices {
            // Earlier insertions are in place: a run starts at its final index.
            return runs.map { ListSplice(position: $0.range.lowerBound, removed: 0, inserted: Array(newMiddle[$0.range])) }
        }
        return [ListSplice(position: start, removed: oldMiddle.count, inserted: Array(newMiddle))]
    }

    /// Applies splices to a list (what a model does with them).
    public static func apply<ID>(_ splices: [ListSplice<ID>], to list: [ID]) -> [ID] {
        var result = list
        for splice in splices {
            result.replaceSubrange(splice.position..<(splice.position + splice.removed), with: splice.inserted)
        }
        return result
    }

    /// For each position of the list that `splices` make of a list of
    /// `oldCount` items: the item's position before, or nil where a splice
    /// inserted it. Splices must come in order of position, as `splices`
    /// returns them.
    public static func previousPositions<ID>(after splices: [ListSplice<ID>], oldCount: Int) -> [Int?] {
        var previous: [Int?] = []
        previous.reserveCapacity(oldCount + splices.reduce(0) { $0 + $1.inserted.count - $1.removed })
        var old = 0
        for splice in splices {
            precondition(splice.position >= previous.count, "splices out of order") // untranslated: invariant
            while previous.count < splice.position {
                previous.append(old)
                old += 1
            }
            old += splice.removed
            previous.append(contentsOf: repeatElement(nil, count: splice.inserted.count))
        }
        while old < oldCount {
            previous.append(old)
            old += 1
        }
        return previous
    }

    @usableFromInline
    struct Run {
        /// Items of the shorter list before this run, plus the offset.
        @usableFromInline var keptBefore: Int
        /// Where the run is in the longer list (whose indices include the offset).
        @usableFromInline var range: Range<Int>

        @usableFromInline
        init(keptBefore: Int, range: Range<Int>) {
            self.keptBefore = keptBefore
            self.range = range
        }
    }

    /// If `short` is a subsequence of `long`, the runs of `long` that are
    /// not in `short`, in order.
    @inlinable
    static func subsequenceRuns<Items: Collection>(
        of short: Items, in long: Items, offset: Int, by isSame: (Items.Element, Items.Element) -> Bool
    ) -> [Run]? where Items.Index == Int {
        var runs: [Run] = []
        var s = short.startIndex
        var kept = 0  // items of `short` matched so far
        var l = long.startIndex
        while l < long.endIndex {
            if s < short.endIndex, isSame(long[l], short[s]) {
                s += 1
                kept += 1
                l += 1
                continue
            }
            let runStart = l
            while l < long.endIndex, s >= short.endIndex || !isSame(long[l], short[s]) { l += 1 }
            runs.append(Run(keptBefore: offset + kept, range: runStart..<l))
        }
        guard s == short.endIndex else { return nil }
        return runs
    }
}
