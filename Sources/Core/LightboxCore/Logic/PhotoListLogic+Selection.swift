/// Selecting: batch actions act on the selected photos shown (see
/// PhotoSelection for what the selection keeps).
extension PhotoListLogic {
    /// Selects exactly these photos (those the list does not hold are left out).
    @discardableResult
    public func select(paths: some Sequence<String>) -> State {
        let known = Set(paths.lazy.filter { self.photos.photo(at: $0) != nil })
        // Photos the filter hides were not in what the grid reported:
        // they stay selected, as they were.
        let hidden = selection.shown { !self.photos.isShown($0) }
        return setSelection(known.union(hidden))
    }

    /// Every photo shown.
    @discardableResult
    public func selectAll() -> State {
        setSelection(selection.shown { _ in true }.union(visiblePhotos.map(\.path)))
    }

    @discardableResult
    public func selectNone() -> State { setSelection([]) }

    /// The selected photos shown, in the list's order, with their data as read.
    public var selectedPhotos: [Photo] {
        selection.selected(of: visiblePhotos).compactMap { photos.photo(at: $0.path) }
    }

    private func setSelection(_ new: Set<String>) -> State {
        selection.set(new) ? publish(makeState()) : state
    }
}
