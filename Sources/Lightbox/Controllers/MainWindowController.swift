import GtkKit
import Imaging
import LightboxCore

/// Binds one main window to its photo list logic: forwards the view's
/// intents, renders the logic's states, feeds the grid thumbnails, and asks
/// the flow for anything beyond its window.
@MainActor
final class MainWindowController {
    let view: MainWindowView
    let logic: PhotoListLogic
    private let services: AppServices
    private let send: (AppFlow.Action) -> Void
    private var loadTask: Task<Void, Never>?
    private var monitor: FolderMonitor?
    private let bench = BenchReporter()
    private var profileObservation: ObservationToken?
    /// The filter asked for last, and its application under way: the
    /// search field and the rating menu each change one half of it.
    private var filter = PhotoFilter()
    private var filtering: Task<Void, Never>?

    init(view: MainWindowView, services: AppServices, send: @escaping (AppFlow.Action) -> Void) {
        self.view = view
        self.services = services
        self.send = send
        logic = PhotoListLogic(library: services.library)
        logic.onChange = { [weak self] state in
            guard let self else { return }
            self.view.render(state)
            self.bench.observe(state, view: self.view)
        }
        bindView()
        view.render(logic.state)
    }

    private func bindView() {
        view.onOpenFolder = { [weak self] in
            guard let self else { return }
            self.send(.chooseFolder(for: self))
        }
        view.onCloseRequest = { [weak self] in
            guard let self else { return false }
            self.loadTask?.cancel()
            self.monitor = nil
            self.send(.windowClosing(self))
            return false
        }
        // Sorting and filtering happen off the main thread; the new list
        // arrives through onChange (a newer request supersedes an older).
        view.onSearch = { [weak self] text in
            guard let self else { return }
            self.setFilter(PhotoFilter(text: text, minimumRating: self.filter.minimumRating))
        }
        view.onMinimumRating = { [weak self] stars in
            guard let self else { return }
            self.setFilter(PhotoFilter(text: self.filter.text, minimumRating: stars))
        }
        view.onSort = { [weak self] order in
            guard let self else { return }
            Task { _ = await self.logic.sort(by: order) }
        }
        view.onSearchActivate = { [weak self] in
            guard let self else { return }
            // The first photo the search finds: once it has been applied.
            let filtering = self.filtering
            Task {
                await filtering?.value
                guard let first = self.logic.visiblePhotos.first else { return }
                self.send(.openPhoto(path: first.path, from: self))
            }
        }
        view.grid.onActivate = { [weak self] photo in
            guard let self else { return }
            self.send(.openPhoto(path: photo.path, from: self))
        }
        let thumbnails = services.thumbnails
        view.grid.loadThumbnail = { photo in
            // Bound cells start as prefetch; the visible ones are promoted.
            (try? await thumbnails.texture(for: photo.thumbnailSource, priority: .prefetch))
                ?? .failure(ThumbnailError(reason: "Cancelled"))
        }
        view.grid.cachedThumbnail = { photo in thumbnails.cached(photo.thumbnailSource) }
        view.grid.onVisiblePhotos = { photos in thumbnails.prioritize(photos.map(\.thumbnailSource)) }
        view.grid.onVisibleThumbnailsShown = { [weak self] cells in
            guard let self else { return }
            self.bench.visibleThumbnailsShown(cells: cells, view: self.view)
        }
    }

    private func setFilter(_ filter: PhotoFilter) {
        self.filter = filter
        filtering = Task {
            _ = await self.logic.filter(filter)
            // The count is heard once the filter asked for last is applied.
            if self.filter == filter { self.view.announceResults() }
        }
    }

    /// The folder this window shows, if any.
    var folder: Folder? { logic.folder }

    /// Opens `path` in this window: the grid fills as the scan goes, and the
    /// folder is watched for changes.
    func open(path: String) {
        loadTask?.cancel()
        monitor = nil
        // Started at once, not on the next turn of the main loop: the
        // folder walk begins before the window is realized, so its first
        // photos are usually there for the first frame.
        loadTask = Task.immediate { [weak self] in
            guard let self else { return }
            await self.logic.load(path: path)
            guard !Task.isCancelled, let folder = self.logic.folder else { return }
            self.watch(folder)
        }
    }

    private func watch(_ folder: Folder) {
        monitor = FolderMonitor(folders: logic.folders) { [weak self] change in
            Task { await self?.apply(change) }
        }
    }

    private func apply(_ change: FolderMonitor.Change) async {
        switch change {
        case .changed(let path): await logic.fileChanged(path: path)
        case .removed(let path): logic.fileRemoved(path: path)
        case .moved(let from, let to): await logic.fileMoved(from: from, to: to)
        case .folderAdded(let path): await logic.folderAdded(path: path)
        }
    }

    func rate(path: String, stars: Int) { _ = logic.rate(path: path, stars: stars) }

    func present() { view.window.present() }

    /// Shows the shared profile in the header bar, now and after every save.
    func showProfile(of model: ProfileModel) {
        profileObservation = model.observe { [weak view] profile in view?.profileButton.render(profile) }
    }
}

extension Photo {
    /// What the thumbnail cache needs to know of this photo.
    var thumbnailSource: ThumbnailSource {
        ThumbnailSource(path: path, modificationTime: modificationTime, fileSize: fileSize)
    }
}
