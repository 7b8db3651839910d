/// Photos kept in one order. A big folder changes it in many batches while
/// it loads, so every change is linear in the list: new photos are merged
/// in, and photos whose data changed are found by a binary search on their
/// old place rather than by hashing every path.
public struct SortedPhotos: Equatable, Sendable {
    public private(set) var photos: [Photo]
    public private(set) var order: PhotoOrder

    public init(_ photos: [Photo] = [], order: PhotoOrder) {
        self.photos = order.sorted(photos)
        self.order = order
    }

    public var count: Int { photos.count }

    /// Sorts the photos in another order.
    public mutating func reorder(_ order: PhotoOrder) {
        self.order = order
        photos = order.sorted(photos)
    }

    /// Merges `added` in. Linear when they come sorted in this order (the
    /// library sends its batches so); sorted here otherwise.
    public mutating func merge(_ added: [Photo]) {
        guard !added.isEmpty else { return }
        let added = order.sorted(added)
        var merged: [Photo] = []
        merged.reserveCapacity(photos.count + added.count)
        var i = 0, j = 0
        while i < photos.count, j < added.count {
            if order.areInIncreasingOrder(added[j], photos[i]) {
                merged.append(added[j]); j += 1
            } else {
                merged.append(photos[i]); i += 1
            }
        }
        merged.append(contentsOf: photos[i...])
        merged.append(contentsOf: added[j...])
        photos = merged
    }

    /// Removes these photos, each as the list holds it now (its place is
    /// found from its data); photos not in the list are ignored.
    public mutating func remove(_ old: [Photo]) {
        var leaving = old.compactMap(index(of:))
        guard !leaving.isEmpty else { return }
        leaving.sort()
        var kept: [Photo] = []
        kept.reserveCapacity(photos.count - leaving.count)
        var next = 0
        for (index, photo) in photos.enumerated() {
            while next < leaving.count, leaving[next] < index { next += 1 }
            if next < leaving.count, leaving[next] == index { continue }
            kept.append(photo)
        }
        photos = kept
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
