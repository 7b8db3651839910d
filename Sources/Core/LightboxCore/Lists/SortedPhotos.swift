/// Photos kept in one order. A big folder changes it in many batches while
/// it loads, so every change is linear in the list: new photos are merged
/// in, and photos whose data changed are found by a binary search on their
/// old place rather than by hashing every path.
public struct SortedPhotos: Equatable, Sendable {
    public private(set) var photos: [Photo]
    public let order: PhotoOrder

    init(_ photos: [Photo] = [], order: PhotoOrder) {
        self.photos = order.sorted(photos)
        self.order = order
    }

    /// Photos already in `order` (some of a list in that order), kept so.
    init(inOrder photos: [Photo], order: PhotoOrder) {
        self.photos = photos
        self.order = order
    }

    public var count: Int { photos.count }

    /// Merges `added` in. Linear when they come sorted in this order (the
    /// library sends its batches so); sorted here otherwise.
    package mutating func merge(_ added: [Photo]) { replace([], with: added) }

    /// Removes these photos, each as the list holds it now (its place is
    /// found from its data); photos not in the list are ignored.
    public mutating func remove(_ old: [Photo]) { replace(old, with: []) }

    /// Removes `old` and merges `new` in, in one pass over the list: photos
    /// whose data changed leave their old places and take their new ones.
    /// Each pass copies the whole list, which for 100,000 photos costs
    /// about 20 ms: a removal and a merge apart cost two.
    public mutating func replace(_ old: [Photo], with new: [Photo]) {
        let leaving = old.compactMap(index(of:)).sorted()
        let added = order.sorted(new)
        guard !leaving.isEmpty || !added.isEmpty else { return }
        var result: [Photo] = []
        result.reserveCapacity(photos.count + added.count)
        var next = 0, j = 0
        for (index, photo) in photos.enumerated() {
            while next < leaving.count, leaving[next] < index { next += 1 }
            if next < leaving.count, leaving[next] == index { continue }
            while j < added.count, order.areInIncreasingOrder(added[j], photo) {
                result.append(added[j])
                j += 1
            }
            result.append(photo)
        }
        result.append(contentsOf: added[j...])
        photos = result
    }

    public mutating func removeAll(where shouldRemove: (Photo) -> Bool) {
        photos.removeAll(where: shouldRemove)
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
