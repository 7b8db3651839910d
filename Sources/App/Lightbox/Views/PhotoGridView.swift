import GtkKit
import LightboxCore
import Localization

/// The thumbnail grid. It shows the photos and the selection it is given,
/// reports the selection people make (GTK's conventions: click, Ctrl+click,
/// Shift+click, Shift+arrows, Ctrl+A, a rubber band from empty space),
/// opens the context menus of its photos and of its empty space (see
/// PhotoGridView+ContextMenu), lets photos be dragged out as files, and
/// says which of its cells wait for a thumbnail: those on screen, and
/// those within a screen of it. It loads nothing itself (see
/// `ThumbnailScheduler`).
@MainActor
final class PhotoGridView {
    enum Intent {
        /// Enter or a double click on a photo.
        case open(Photo)
        /// The person changed the selection: these photos are selected now.
        case selectionChanged([String])
        /// A cell now shows `photo`: a thumbnail already in memory can be
        /// shown at once (`showThumbnail`), before the cell is drawn.
        case cellBound(Photo)
        /// The cells waiting for a thumbnail, those on screen first.
        case thumbnailsWanted(onScreen: [Photo], nearby: [Photo])
        /// Every cell on screen shows its thumbnail (or why it has none).
        case screenFilled(cells: Int)
        /// The person scrolled (a wheel, a touchpad).
        case scrolled
    }

    var onIntent: (Intent) -> Void = { _ in }

    let root = ScrolledWindow()
    let grid: GridView
    let source = ListDataSource<Photo> { $0.isSamePhoto(as: $1) }
    let selection: MultiSelection
    /// Kept: its closures build and bind the cells.
    private let factory: ListCellFactory<PhotoCellView>
    /// What each cell on screen shows.
    var bindings: [ObjectIdentifier: Binding] = [:]
    /// A visibility check or a filled-screen check waits for its turn.
    var visibilityCheckPending = false
    /// Checks put off to the next turn of the main loop (they end with the grid).
    let tasks = OwnedTasks()
    var screenFilledCheckPending = false
    /// The selection as last rendered, by path.
    var selectedPaths: Set<String> = []
    /// Whether photos are selected and every one of them is rejected (the
    /// state says): X then takes their rejection back.
    private(set) var selectionIsRejected = false
    /// Set while the grid's selection is changed from here, not by a person.
    var applyingSelection = false
    /// The context menu of the selected photos, and that of the empty
    /// space; made when first opened (each costs about a millisecond).
    lazy var photoMenu = makeContextMenu(Menus.photoContext(allRejected: false))
    lazy var backgroundMenu = makeContextMenu(Menus.gridBackground())
    /// The photo whose menu is open: its cell has the focus again when the
    /// menu closes.
    var contextMenuPosition: Int?

    struct Binding {
        let cell: PhotoCellView
        let key: UInt64
        /// What the cell shows: re-shown only when this changes (each
        /// show sets accessible texts, which cost AT-SPI signals).
        var photo: Photo
        /// Whether the cell shows the photo's thumbnail (or why it has
        /// none), or a placeholder.
        var hasThumbnail = false
    }

    init() {
        selection = MultiSelection(model: source.model)
        var dragFiles: (String) -> [String] = { [$0] }
        let sizing = CellSizing()
        cellSizing = sizing
        factory = ListCellFactory<PhotoCellView> {
            let cell = PhotoCellView(thumbnailSize: sizing.points)
            cell.filesToDrag = { dragFiles($0) }
            return (cell, cell.root)
        }
        grid = GridView(selection: selection, factory: factory)
        grid.enableRubberband = true
        grid.maxColumns = 4
        grid.minColumns = 1
        grid.setAccessibleLabel(tr("Photos"))
        grid.addCssClass("photo-grid")
        root.setChild(grid)
        root.disableHorizontalScrolling()
        root.vexpand = true
        factory.onBind = { [weak self] cell, key, position in self?.bind(cell, key: key, position: position) }
        factory.onUnbind = { [weak self] cell in self?.unbind(cell) }
        root.onScroll { [weak self] in self?.scheduleVisibilityCheck() }
        // A wheel or a touchpad is the person's own scroll (the list
        // scrolls itself too, to show a photo revealed): told, and let
        // through to the list.
        let scrolling = ScrollHandler()
        scrolling.onScroll { [weak self] _, _ in
            self?.onIntent(.scrolled)
            return false
        }
        root.addHandler(scrolling)
        grid.onActivate { [weak self] position in
            guard let self, let photo = self.source.element(at: position) else { return }
            self.onIntent(.open(photo))
        }
        selection.onSelectionChanged { [weak self] in self?.selectionChanged() }
        dragFiles = { [weak self] path in self?.filesToDrag(from: path) ?? [path] }
        installContextMenus()
    }

    /// GTK 4.8's grid keeps about 32 rows × max-columns cells bound, so
    /// the maximum is kept to the columns that fit: fewer idle cells (and
    /// fewer accessible objects and thumbnail requests) for the same view.
    func fitColumns(toWidth width: Int) {
        lastWidth = width
        let columns = min(16, max(2, width / (zoom.points + 24)))
        if columns != grid.maxColumns { grid.maxColumns = columns }
        // A window made larger brings cells on screen with no scroll: they
        // are looked for as after one, or they would wait for a scroll
        // with their placeholders.
        scheduleVisibilityCheck()
    }

    /// How large the thumbnails are (view-only state; the window's menu and
    /// keys change it).
    private(set) var zoom = GridZoom.standard
    private var lastWidth: Int?
    /// The size new cells are made at (the factory's closure holds it).
    private let cellSizing: CellSizing
    final class CellSizing { var points = GridZoom.standard.points }

    /// Every cell shows thumbnails of `level`'s size; the cells on screen
    /// ask for them again (from the cache of that size).
    func zoom(to level: GridZoom) {
        guard level != zoom else { return }
        zoom = level
        cellSizing.points = level.points
        factory.contents.forEach { $0.resize(to: level.points) }
        if let lastWidth { fitColumns(toWidth: lastWidth) }
        for id in bindings.keys { bindings[id]?.hasThumbnail = false }
        scheduleVisibilityCheck()
    }

    /// Cells created so far (recycled as the grid scrolls) and bound now.
    var cellCount: Int { factory.cellCount }
    var boundCount: Int { bindings.count }

    /// The cell showing the photo at `path`, while one is bound to it.
    func cell(showing path: String) -> PhotoCellView? {
        bindings.values.first { $0.photo.path == path }?.cell
    }

    /// Scrolls to the photo at `path` (selected by the caller); when the
    /// grid has the keyboard focus, that photo's cell takes it.
    func reveal(path: String) {
        guard let position = source.position(of: path) else { return }
        grid.scroll(to: position, select: false)
        if grid.containsFocus { focusCell(.position(position)) }
    }

    // MARK: Focus

    /// Focuses the grid. GTK gives the focus back to the cell that last
    /// had it if it can; else the selected photo's cell (or the first)
    /// takes it: focused itself, the grid has no cell under the keyboard
    /// (Enter opens nothing) and a screen reader names no photo.
    func focus() {
        grid.grabFocus()
        if grid.isFocus { focusCell(.selected) }
    }

    enum FocusTarget { case selected, position(Int) }

    /// Where the focus goes once the cell is drawn, while that is pending.
    private var pendingFocus: FocusTarget?
    private var cellFocusScheduled = false

    /// GTK 4.8 offers no call that focuses a position: the cell showing it
    /// takes the focus itself, once it is bound and drawn.
    func focusCell(_ target: FocusTarget) {
        if case .position(let position) = target, let cell = boundCell(at: position) {
            cell.takeFocus()
            return
        }
        pendingFocus = target
        focusCellAfterNextFrame()
    }

    private func focusCellAfterNextFrame() {
        guard pendingFocus != nil, source.count > 0, !cellFocusScheduled else { return }
        cellFocusScheduled = true
        root.onNextPaint { [weak self] in
            guard let self, let target = self.pendingFocus else { return }
            self.cellFocusScheduled = false
            self.pendingFocus = nil
            // Only if the focus has not left the grid meanwhile.
            guard self.grid.containsFocus else { return }
            let position = switch target {
            case .selected: self.selection.selectedPositions.first ?? 0
            case .position(let position): position
            }
            // Scrolling with "select" would select that photo alone.
            self.grid.scroll(to: position, select: false)
            self.boundCell(at: position)?.takeFocus()
        }
    }

    func boundCell(at position: Int) -> PhotoCellView? {
        bindings.values.first { factory.position(of: $0.cell) == position }?.cell
    }

    /// Where the photo `cell` shows is in the grid, while it is bound.
    func position(of cell: PhotoCellView) -> Int? { factory.position(of: cell) }

    /// Where the cell with the keyboard focus is, if one has it.
    var focusedPosition: Int? {
        bindings.values.first { $0.cell.hasFocus }.flatMap { factory.position(of: $0.cell) }
    }

    // MARK: Rendering

    /// Shows `photos` in this order, changing only what changed. While a
    /// folder loads (`settled` false) the count grows with every batch:
    /// only the focused cell says its new place then (each description
    /// set is an accessibility event), every cell once it has settled.
    func render(_ photos: ChunkedArray<Photo>, selection selected: Set<String> = [], selectionSummary: String? = nil,
                selectionIsRejected: Bool = false, settled: Bool = true) {
        // Nothing moves under a pointer that is pressing (about to click a
        // photo, or dragging): the grid takes the list once it is let go.
        if pointerHold.postpones({ [weak self] in
            self?.render(photos, selection: selected, selectionSummary: selectionSummary,
                         selectionIsRejected: selectionIsRejected, settled: settled)
        }) { return }
        self.selectionIsRejected = selectionIsRejected
        let list = ListToShow(photos: photos, selected: selected, selectionSummary: selectionSummary, settled: settled)
        if filling != nil || (source.count == 0 && photos.count > fillingStep) {
            fill(list)
        } else {
            show(list)
        }
    }

    // MARK: Filling

    /// A list `render` was given.
    private struct ListToShow {
        var photos: ChunkedArray<Photo>
        var selected: Set<String>
        var selectionSummary: String?
        var settled: Bool
    }

    /// While the grid fills from empty: how many photos of the list it was
    /// given last it shows, and that list.
    private var filling: (shown: Int, list: ListToShow)?
    /// Whether the grid shows only the first rows of its list yet.
    var isFilling: Bool { filling != nil }

    /// Four rows: about a window's worth of cells at the standard size.
    private var fillingStep: Int { grid.maxColumns * 4 }

    /// GTK 4.8's grid makes a cell for each item of its first 32 rows or
    /// so in one go: a folder's first page, when it comes after the
    /// window is drawn, cost a turn of 35 to 55 ms making about 130 cells
    /// (Tools/Bench/README.md, "100,000 photos: the first page"). An empty
    /// grid takes a long list a few rows at each frame instead, until GTK
    /// stops making a cell for each new row; then the rest at once. The
    /// first rows show at once, the scroll range grows over a few frames.
    private func fill(_ list: ListToShow) {
        let starting = filling == nil
        let shown = filling?.shown ?? fillingStep
        guard list.photos.count > shown else {
            filling = nil
            show(list)
            return
        }
        filling = (shown, list)
        var first = list
        first.photos = list.photos.truncated(to: shown)
        show(first)
        if starting { fillAfterNextPaint() }
    }

    private func fillAfterNextPaint() {
        root.onNextPaint { [weak self] in
            guard let self, let (shown, list) = self.filling else { return }
            if self.factory.cellCount < shown {
                // GTK made no cell for the last rows: it has all it keeps.
                self.filling = nil
                self.show(list)
                return
            }
            self.filling = (shown + self.fillingStep, list)
            self.fill(list)
            if self.filling != nil { self.fillAfterNextPaint() }
        }
    }

    private func show(_ list: ListToShow) {
        let selected = list.selected, selectionSummary = list.selectionSummary, settled = list.settled
        applyingSelection = true
        source.update(list.photos)
        applySelection(selected)
        applyingSelection = false
        focusCellAfterNextFrame()
        // The focused cell says how many are selected as that changes
        // (GTK 4.8 cannot announce): its description changes, so a screen
        // reader reads it. Only with two or more: one is the cell itself.
        let note = selected.count > 1 ? selectionSummary : nil
        for binding in bindings.values where binding.cell.hasFocus || binding.cell.selectionNote != nil {
            binding.cell.selectionNote = binding.cell.hasFocus ? note : nil
        }
        // Cells whose photo changed in place (a rating, a title) re-render;
        // the others may have moved, or the count changed.
        let count = source.count
        var rewritten = false
        for (id, binding) in bindings {
            guard let position = factory.position(of: binding.cell) else { continue }
            if let photo = source.element(forKey: binding.key, at: position), photo != binding.photo {
                binding.cell.show(photo, at: position, of: count)
                bindings[id]?.photo = photo
                // A file written again (turned, or a rating saved in it)
                // has its thumbnail asked for again; the one shown stays
                // until the new one comes.
                if photo.thumbnailSource != binding.photo.thumbnailSource {
                    bindings[id]?.hasThumbnail = false
                    rewritten = true
                }
            } else if settled || binding.cell.hasFocus {
                binding.cell.move(to: position, of: count)
            }
        }
        if rewritten { scheduleVisibilityCheck() }
    }

    /// Lists that come while a pointer button is held wait for its release.
    private(set) lazy var pointerHold = PointerHold(watching: root)

    /// Shows `photo`'s thumbnail (or why it has none) in the cells that
    /// show that photo, if any still do.
    func showThumbnail(_ thumbnail: Result<Texture, ThumbnailError>, for photo: Photo) {
        let source = photo.thumbnailSource
        for (id, binding) in bindings where binding.photo.thumbnailSource == source {
            show(thumbnail, in: binding.cell)
            bindings[id]?.hasThumbnail = true
        }
        reportWhenScreenFilled()
    }

    private func bind(_ cell: PhotoCellView, key: UInt64, position: Int) {
        unbind(cell)
        guard let photo = source.element(forKey: key, at: position) else { return }
        cell.show(photo, at: position, of: source.count)
        bindings[ObjectIdentifier(cell)] = Binding(cell: cell, key: key, photo: photo)
        onIntent(.cellBound(photo))
        if bindings[ObjectIdentifier(cell)]?.hasThumbnail == false { cell.showLoading(placeholders) }
        // Whether it waits for a thumbnail depends on where GTK puts the
        // cell: known after the next frame.
        scheduleVisibilityCheck()
    }

    private func unbind(_ cell: PhotoCellView) {
        guard bindings.removeValue(forKey: ObjectIdentifier(cell)) != nil else { return }
        cell.clear()
    }

    private func show(_ thumbnail: Result<Texture, ThumbnailError>, in cell: PhotoCellView) {
        switch thumbnail {
        case .success(let texture): cell.showThumbnail(texture)
        case .failure(let error): cell.showFailure(error.reason, placeholders)
        }
    }

    /// In the grid's colours, which follow the theme (asked for each time:
    /// the icons themselves are drawn once per colour).
    var placeholders: Placeholders { Placeholders(colorOf: root) }
}
