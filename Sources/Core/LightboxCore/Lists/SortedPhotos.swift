/// Photos kept in one order. A big folder changes it in many batches while
/// it loads, so no change is linear in the list: new photos are merged
/// in, copying only the chunks they land in (see `ChunkedArray`), and
/// photos whose data changed are found by a binary search on their old
/// place rather than by hashing every path.
public struct SortedPhotos: Equatable, Sendable {
    public private(set) var photos: ChunkedArray<Photo>
    public let order: PhotoOrder

    init(_ photos: some Sequence<Photo> = [Photo](), order: PhotoOrder) {
        self.photos = ChunkedArray(order.sorted(Array(photos)))
        self.order = order
    }

    /// Photos already in `order` (some of a list in that order), kept so.
    init(inOrder photos: some Sequence<Photo>, order: PhotoOrder) {
        self.photos = ChunkedArray(photos)
        self.order = order
    }

    public var count: Int { photos.count }

    /// Merges `added` in (sorted here unless they come sorted in this
    /// order, as the library sends its batches).
    package mutating func merge(_ added: [Photo]) { replace([], with: added) }

    /// Removes these photos, each as the list holds it now (its place is
    /// found from its data); photos not in the list are ignored.
    public mutating func remove(_ old: [Photo]) { replace(old, with: []) }

    /// Removes `old` and merges `new` in: photos whose data changed leave
    /// their old places and take their new ones. Each photo added finds its
    /// place by a search from the last one's (they come sorted), and only
    /// the chunks the changes land in are copied: a batch of a thousand
    /// merged into 100,000 photos copies about as many, not the list
    /// (Tools/Bench/README.md, "100,000 photos across 1,000 folders: a
    /// frame a turn").
    public mutating func replace(_ old: [Photo], with new: [Photo]) {
        let leaving = old.compactMap(index(of:)).sorted()
        let added = order.sorted(new)
        guard !leaving.isEmpty || !added.isEmpty else { return }
        var inserted: [(position: Int, element: Photo)] = []
        inserted.reserveCapacity(added.count)
        var from = 0
        for photo in added {
            from = place(of: photo, from: from)
            inserted.append((from, photo))
        }
        photos.update(removing: leaving, inserting: inserted)
    }

    /// Where `photo` goes: before the first photo at or after `start` that
    /// it sorts before. The search gallops from `start` (a batch's photos
    /// often land close together, a folder's in one run), then halves.
    private func place(of photo: Photo, from start: Int) -> Int {
        var low = start, step = 1
        var high = start
        while high < photos.count, !order.areInIncreasingOrder(photo, photos[high]) {
            low = high + 1
            high = start + step
            step *= 2
        }
        high = min(high, photos.count)
        while low < high {
            let middle = (low + high) / 2
            if order.areInIncreasingOrder(photo, photos[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    public mutating func removeAll(where shouldRemove: (Photo) -> Bool) {
        photos.keep { !shouldRemove($0) }
    }

    /// Where `photo`, with the data it has in the list, stands; nil when it
    /// is not in the list.
    public func index(of photo: Photo) -> Int? {
        var low = 0, high = photos.count
        while low < high {
            let middle = (low + high) / 2
            if order.areInIncreasingOrder(photos[middle], photo) { low = middle + 1 } else { high = middle }
        }
        return low < photos.count && photos[low].path == photo.path ? low : nil
    }
}
