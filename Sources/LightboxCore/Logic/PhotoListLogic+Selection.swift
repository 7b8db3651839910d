/// The selection: photos picked by identity (their path), so it survives
/// sorting, filtering and changes on disk; a photo that leaves the folder
/// leaves the selection. Batch actions act on the selected photos shown.
extension PhotoListLogic {
    /// Selects exactly these photos (those the list does not hold are left out).
    @discardableResult
    public func select(paths: some Sequence<String>) -> State {
        let known = Set(paths.lazy.filter { self.byPath[$0] != nil })
        // Photos the filter hides were not in what the grid reported:
        // they stay selected, as they were.
        let hidden = selection.filter { !isShown($0) }
        return setSelection(known.union(hidden))
    }

    /// Every photo shown.
    @discardableResult
    public func selectAll() -> State { setSelection(selection.union(visiblePhotos.map(\.path))) }

    @discardableResult
    public func selectNone() -> State { setSelection([]) }

    /// The selected photos shown, in the list's order.
    public var selectedPhotos: [Photo] {
        guard !selection.isEmpty else { return [] }
        return visiblePhotos.compactMap { selection.contains($0.path) ? byPath[$0.path] : nil }
    }

    /// The selected photos the filter lets through.
    var shownSelection: Set<String> {
        guard !selection.isEmpty else { return [] }
        let included = filter.predicate()
        return selection.filter { byPath[$0].map(included) ?? false }
    }

    private func isShown(_ path: String) -> Bool {
        byPath[path].map(filter.predicate()) ?? false
    }

    private func setSelection(_ new: Set<String>) -> State {
        guard new != selection else { return state }
        selection = new
        return publish(makeState())
    }
}
