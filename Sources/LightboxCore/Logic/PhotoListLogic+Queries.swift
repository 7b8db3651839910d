extension PhotoListLogic {
    public func photo(at path: String) -> Photo? { byPath[path] }

    /// The photos shown now, in order. While a folder loads, a photo whose
    /// date was read may carry the date it is held at (see `heldDates`):
    /// `photo(at:)` has its data as read.
    public var visiblePhotos: [Photo] { visible.photos }

    /// The photo `offset` places after (or before, when negative) `path`
    /// in the current order, or nil past either end.
    public func neighbour(of path: String, offset: Int) -> Photo? {
        let photos = visible.photos
        guard let position = photos.firstIndex(where: { $0.path == path }) else { return nil }
        let target = position + offset
        return photos.indices.contains(target) ? byPath[photos[target].path] ?? photos[target] : nil
    }
}
