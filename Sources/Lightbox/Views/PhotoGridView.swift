import GtkKit
import Imaging
import LightboxCore

/// The thumbnail grid. It shows the photos it is given, keeps the
/// selection on the same photo across changes, and loads thumbnails for
/// the cells on screen only, cancelling loads for cells scrolled away.
@MainActor
final class PhotoGridView {
    typealias ThumbnailLoad = @MainActor (Photo) async -> Result<PixelData, ThumbnailError>

    let root = ScrolledWindow()
    let grid: GridView
    private let source = ListDataSource<Photo>()
    private let selection: SingleSelection
    /// Kept: its closures build and bind the cells.
    private let factory: ListCellFactory<PhotoCellView>
    private var boundCells: [UInt64: PhotoCellView] = [:]
    private var loads: [UInt64: Task<Void, Never>] = [:]

    /// The person opened a photo (Enter, double click).
    var onActivate: (Photo) -> Void = { _ in }
    /// Loads a photo's thumbnail (off the main thread); set by the controller.
    var loadThumbnail: ThumbnailLoad = { _ in .failure(ThumbnailError(reason: "No thumbnails")) }
    /// A thumbnail already in memory, for instant display when re-binding.
    var cachedThumbnail: (Photo) -> PixelData? = { _ in nil }

    init() {
        selection = SingleSelection(model: source.model)
        factory = ListCellFactory<PhotoCellView> {
            let cell = PhotoCellView()
            return (cell, cell.root)
        }
        grid = GridView(selection: selection, factory: factory)
        grid.maxColumns = 12
        grid.minColumns = 1
        grid.setAccessibleLabel("Photos")
        grid.addCssClass("photo-grid")
        root.setChild(grid)
        root.disableHorizontalScrolling()
        root.vexpand = true
        factory.onBind = { [weak self] cell, key, _ in self?.bind(cell, key: key) }
        factory.onUnbind = { [weak self] cell in self?.unbind(cell) }
        grid.onActivate { [weak self] position in
            guard let self, let photo = self.source.element(at: position) else { return }
            self.onActivate(photo)
        }
    }

    var selectedPhoto: Photo? {
        selection.selected.flatMap(source.element(at:))
    }

    /// Selects and scrolls to the photo at `path`.
    func select(path: String) {
        guard let position = source.position(of: path) else { return }
        grid.scroll(to: position, select: true)
        selection.selected = position
    }

    func focus() { grid.grabFocus() }

    /// Shows `photos` in this order, changing only what changed.
    func render(_ photos: [Photo]) {
        let selected = selectedPhoto?.path
        source.update(photos)
        if let selected, let position = source.position(of: selected), selection.selected != position {
            selection.selected = position
        }
        // Cells whose photo changed in place (a rating, a title) re-render.
        for (key, cell) in boundCells {
            if let photo = source.element(forKey: key) { cell.show(photo) }
        }
    }

    private func bind(_ cell: PhotoCellView, key: UInt64) {
        guard let photo = source.element(forKey: key) else { return }
        boundCells[key] = cell
        cell.show(photo)
        if let pixels = cachedThumbnail(photo) {
            cell.showThumbnail(Texture(rgba: pixels.bytes, width: pixels.width, height: pixels.height, stride: pixels.stride))
            return
        }
        cell.showLoading()
        loads[key] = Task { [weak self] in
            guard let self else { return }
            let result = await self.loadThumbnail(photo)
            guard !Task.isCancelled, self.boundCells[key] === cell else { return }
            self.loads[key] = nil
            switch result {
            case .success(let pixels):
                cell.showThumbnail(Texture(rgba: pixels.bytes, width: pixels.width, height: pixels.height,
                                           stride: pixels.stride))
            case .failure(let error):
                cell.showFailure(error.reason)
            }
        }
    }

    private func unbind(_ cell: PhotoCellView) {
        guard let key = boundCells.first(where: { $0.value === cell })?.key else { return }
        boundCells[key] = nil
        loads.removeValue(forKey: key)?.cancel()
        cell.clear()
    }
}
