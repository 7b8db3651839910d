import GtkKit
import Imaging
import LightboxCore

/// The thumbnail grid. It shows the photos it is given, keeps the
/// selection on the same photo across changes, and loads thumbnails for
/// the cells on screen and near it only, dropping those of cells scrolled
/// away.
@MainActor
final class PhotoGridView {
    typealias ThumbnailLoad = @MainActor (Photo) async -> Result<Texture, ThumbnailError>

    let root = ScrolledWindow()
    let grid: GridView
    private let source = ListDataSource<Photo>()
    private let selection: SingleSelection
    /// Kept: its closures build and bind the cells.
    private let factory: ListCellFactory<PhotoCellView>
    /// What each cell on screen shows, and its thumbnail load while running.
    private var bindings: [ObjectIdentifier: Binding] = [:]

    private struct Binding {
        let cell: PhotoCellView
        let key: UInt64
        /// What the cell shows: re-shown only when this changes (each
        /// show sets a tooltip and accessible texts, which cost GTK an X
        /// pointer query and AT-SPI signals).
        var photo: Photo
        var thumbnail: Thumbnail = .placeholder
    }

    /// Where a cell's thumbnail is: a placeholder shows, it is loading,
    /// or it (or why there is none) is on show.
    private enum Thumbnail {
        case placeholder
        case loading(Task<Void, Never>)
        case shown

        var isLoading: Bool { if case .loading = self { true } else { false } }
        var isShown: Bool { if case .shown = self { true } else { false } }

        /// Stops a load under way.
        func cancel() { if case .loading(let task) = self { task.cancel() } }
    }

    /// The person opened a photo (Enter, double click).
    var onActivate: (Photo) -> Void = { _ in }
    /// Loads a photo's thumbnail (off the main thread); set by the controller.
    var loadThumbnail: ThumbnailLoad = { _ in .failure(ThumbnailError(reason: "No thumbnails")) }
    /// The photos whose cells are on screen now, whose thumbnails should be
    /// made before those of cells GTK keeps bound just off screen.
    var onVisiblePhotos: ([Photo]) -> Void = { _ in }
    /// Every cell on screen shows its thumbnail (or its failure) now.
    var onVisibleThumbnailsShown: (Int) -> Void = { _ in }
    /// A thumbnail (or its failure) already in memory, for instant display
    /// when re-binding.
    var cachedThumbnail: (Photo) -> Result<Texture, ThumbnailError>? = { _ in nil }

    init() {
        selection = SingleSelection(model: source.model)
        factory = ListCellFactory<PhotoCellView> {
            let cell = PhotoCellView()
            return (cell, cell.root)
        }
        grid = GridView(selection: selection, factory: factory)
        grid.maxColumns = 4
        grid.minColumns = 1
        grid.setAccessibleLabel("Photos")
        grid.addCssClass("photo-grid")
        root.setChild(grid)
        root.disableHorizontalScrolling()
        root.vexpand = true
        factory.onBind = { [weak self] cell, key, position in self?.bind(cell, key: key, position: position) }
        factory.onUnbind = { [weak self] cell in self?.unbind(cell) }
        root.onScroll { [weak self] in self?.scheduleVisibilityCheck() }
        grid.onActivate { [weak self] position in
            guard let self, let photo = self.source.element(at: position) else { return }
            self.onActivate(photo)
        }
    }

    /// GTK 4.8's grid keeps about 32 rows × max-columns cells bound, so
    /// the maximum is kept to the columns that fit: fewer idle cells (and
    /// fewer accessible objects and thumbnail requests) for the same view.
    func fitColumns(toWidth width: Int) {
        let columns = min(12, max(2, width / (PhotoCellView.thumbnailSize + 24)))
        if columns != grid.maxColumns { grid.maxColumns = columns }
    }

    /// Cells created so far (recycled as the grid scrolls) and bound now.
    var cellCount: Int { factory.cellCount }
    var boundCount: Int { bindings.count }

    var selectedPhoto: Photo? {
        selection.selected.flatMap(source.element(at:))
    }

    /// Selects and scrolls to the photo at `path`.
    func select(path: String) {
        guard let position = source.position(of: path) else { return }
        grid.scroll(to: position, select: true)
        selection.selected = position
    }

    /// Focuses the selected photo's cell, or the first: focused itself,
    /// the grid has no cell under the keyboard (Enter opens nothing) and
    /// a screen reader names no photo. GTK can focus a cell once it has
    /// drawn it: until then (or until the first photos come) the grid
    /// takes the focus, and the cell takes it over after the next frame.
    func focus() {
        grid.grabFocus()
        wantsCellFocus = true
        focusCellAfterNextFrame()
    }

    /// Whether the focus given to the grid should go on to a cell.
    private var wantsCellFocus = false
    private var cellFocusPending = false

    private func focusCellAfterNextFrame() {
        guard wantsCellFocus, source.count > 0, !cellFocusPending else { return }
        cellFocusPending = true
        root.onNextPaint { [weak self] in
            guard let self else { return }
            self.cellFocusPending = false
            self.wantsCellFocus = false
            // Only if the person has not moved the focus meanwhile.
            guard self.grid.containsFocus else { return }
            let position = self.selection.selected ?? 0
            // GTK 4.8 offers no call that focuses a position; the cell
            // showing it can take the focus itself once it is bound.
            self.grid.scroll(to: position, select: true)
            self.bindings.values.first { self.factory.position(of: $0.cell) == position }?.cell.takeFocus()
        }
    }

    /// Shows `photos` in this order, changing only what changed.
    func render(_ photos: [Photo]) {
        let selected = selectedPhoto?.path
        source.update(photos)
        focusCellAfterNextFrame()
        if let selected, let position = source.position(of: selected), selection.selected != position {
            selection.selected = position
        }
        // Cells whose photo changed in place (a rating, a title) re-render;
        // the others may have moved, or the count changed.
        let count = source.count
        for (id, binding) in bindings {
            guard let position = factory.position(of: binding.cell) else { continue }
            if let photo = source.element(forKey: binding.key), photo != binding.photo {
                binding.cell.show(photo, at: position, of: count)
                bindings[id]?.photo = photo
            } else {
                binding.cell.move(to: position, of: count)
            }
        }
    }

    private func bind(_ cell: PhotoCellView, key: UInt64, position: Int) {
        unbind(cell)
        guard let photo = source.element(forKey: key) else { return }
        cell.show(photo, at: position, of: source.count)
        bindings[ObjectIdentifier(cell)] = Binding(cell: cell, key: key, photo: photo)
        if !showCached(in: ObjectIdentifier(cell)) { cell.showLoading(placeholders) }
        // Whether to load it depends on where GTK puts the cell: known
        // after the next frame.
        scheduleVisibilityCheck()
    }

    /// Shows the binding's thumbnail if it is in memory; false if not.
    private func showCached(in id: ObjectIdentifier) -> Bool {
        guard let binding = bindings[id], let known = cachedThumbnail(binding.photo) else { return false }
        show(known, in: binding.cell)
        bindings[id]?.thumbnail = .shown
        return true
    }

    private func startLoad(for id: ObjectIdentifier) {
        guard let binding = bindings[id] else { return }
        let key = binding.key, photo = binding.photo
        bindings[id]?.thumbnail = .loading(Task { [weak self] in
            guard let self else { return }
            let result = await self.loadThumbnail(photo)
            guard !Task.isCancelled, self.bindings[id]?.key == key else { return }
            self.bindings[id]?.thumbnail = .shown
            self.show(result, in: binding.cell)
            self.reportWhenAllShown()
        })
    }

    private func show(_ thumbnail: Result<Texture, ThumbnailError>, in cell: PhotoCellView) {
        switch thumbnail {
        case .success(let texture): cell.showThumbnail(texture)
        case .failure(let error): cell.showFailure(error.reason, placeholders)
        }
    }

    private var visibilityCheckPending = false

    /// In the grid's colours, which follow the theme (asked for each time:
    /// the icons themselves are drawn once per colour).
    private var placeholders: Placeholders { Placeholders(colorOf: root) }

    /// After the next frame (once cells are allocated), loads thumbnails
    /// for the cells on screen or within a screen of it, those on screen
    /// first. GTK 4.8 keeps about 30 rows of cells bound: the ones further
    /// away neither load nor keep a thumbnail (memory stays at about three
    /// screens of them plus the shared cache).
    private func scheduleVisibilityCheck() {
        guard !visibilityCheckPending else { return }
        visibilityCheckPending = true
        root.onNextPaint { [weak self] in
            guard let self else { return }
            self.visibilityCheckPending = false
            let reach = Double(self.root.height)
            let placeholders = self.placeholders
            var visible: [Photo] = []
            for (id, binding) in self.bindings {
                if binding.cell.root.isShown(within: self.root, margin: reach) {
                    if case .placeholder = binding.thumbnail, !self.showCached(in: id) { self.startLoad(for: id) }
                    if self.bindings[id]?.thumbnail.isLoading == true, binding.cell.root.isShown(within: self.root) {
                        visible.append(binding.photo)
                    }
                } else if binding.thumbnail.isLoading || binding.thumbnail.isShown {
                    binding.thumbnail.cancel()
                    self.bindings[id]?.thumbnail = .placeholder
                    binding.cell.showLoading(placeholders)
                }
            }
            if !visible.isEmpty { self.onVisiblePhotos(visible) }
            self.reportWhenAllShown()
        }
    }

    /// Reports once the cells on screen all show their thumbnails (checked
    /// on the next turn, after GTK's burst of binds).
    private func reportWhenAllShown() {
        guard !allShownCheckPending else { return }
        allShownCheckPending = true
        Task { [weak self] in
            guard let self else { return }
            self.allShownCheckPending = false
            guard !self.visibilityCheckPending else { return }
            let onScreen = self.bindings.values.filter { $0.cell.root.isShown(within: self.root) }
            guard !onScreen.isEmpty, onScreen.allSatisfy(\.thumbnail.isShown) else { return }
            self.onVisibleThumbnailsShown(onScreen.count)
        }
    }

    private var allShownCheckPending = false

    private func unbind(_ cell: PhotoCellView) {
        guard let binding = bindings.removeValue(forKey: ObjectIdentifier(cell)) else { return }
        binding.thumbnail.cancel()
        cell.clear()
    }
}
