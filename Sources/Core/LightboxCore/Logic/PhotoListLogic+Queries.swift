/// What a photo window and the app ask of the list: photos by path and by
/// place in the order shown.
extension PhotoListLogic: PhotoBrowsing {
    public func photo(at path: String) -> Photo? { photos.photo(at: path) }

    /// The photos shown now, in order. While a folder loads, a photo whose
    /// date was read may carry the date it is held at (see PhotoCollection):
    /// `photo(at:)` has its data as read.
    public var visiblePhotos: ChunkedArray<Photo> { photos.shownPhotos }

    /// The photo `offset` places after (or before, when negative) `path`
    /// in the current order, or nil past either end.
    public func neighbour(of path: String, offset: Int) -> Photo? {
        let shown = photos.shownPhotos
        guard let position = shown.firstIndex(where: { $0.path == path }) else { return nil }
        let target = position + offset
        return shown.indices.contains(target) ? photos.photo(at: shown[target].path) ?? shown[target] : nil
    }

    /// Where the photo is in the list shown (from 0), and how many it holds.
    public func place(of path: String) -> (index: Int, count: Int)? {
        let shown = photos.shownPhotos
        return shown.firstIndex { $0.path == path }.map { ($0, shown.count) }
    }

    public func tag(_ edit: TagEdit, path: String) {
        if let keyword = edit.added.first.flatMap(Keyword.init) { rememberUse(of: keyword) }
        tag(edit, paths: [path])
        publish(makeState())
    }

    /// Every rejected photo of the folder, shown or not, in no set order.
    public var rejectedPhotos: [Photo] { photos.all.filter(\.isRejected) }
}
