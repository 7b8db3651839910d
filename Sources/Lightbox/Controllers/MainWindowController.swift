import FilePaths
import Foundation
import GtkKit
import LightboxCore

/// Binds one main window to its photo list logic: the view's intents go to
/// the logic (or, beyond the window, to the flow as actions), the logic's
/// states to the view; the grid's thumbnails come through a scheduler, and
/// the folder is watched for changes.
@MainActor
final class MainWindowController {
    private let view: MainWindowView
    private let logic: PhotoListLogic
    private let thumbnails: ThumbnailScheduler
    private let provider: @MainActor (GridZoom) -> ThumbnailProviding
    private let send: (AppAction) -> Void
    private let observer: MainWindowObserving?
    private var loadTask: Task<Void, Never>?
    private var monitor: FolderMonitor?
    private var profileObservation: ObservationToken?
    /// The filter asked for last (at first the logic's), and its application
    /// under way: the search field and the rating menu each change a part.
    private var filter: PhotoFilter
    private var filtering: Task<Void, Never>?
    /// Photos to select and open once the list holds them (`show(photos:)`).
    private var photosToShow: [String] = []
    /// Trashing photos, with progress and Undo in the window's notice.
    private var trashing: TrashOperation!
    /// Copy to… and Move to…, their questions and progress.
    private var transferring: TransferOperation!

    /// - Parameters:
    ///   - thumbnails: where the thumbnails of each zoom level come from.
    ///   - observer: hears what the window shows (the benchmark's
    ///     milestones); nil in normal use.
    init(view: MainWindowView, logic: PhotoListLogic, thumbnails: @escaping @MainActor (GridZoom) -> ThumbnailProviding,
         observer: MainWindowObserving? = nil, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        filter = logic.filter
        provider = thumbnails
        self.thumbnails = ThumbnailScheduler(provider: thumbnails(logic.zoom))
        self.observer = observer
        self.send = send
        trashing = TrashOperation(logic: logic, notify: { [weak view] text, actionLabel, seconds in
            view?.show(notice: text, actionLabel: actionLabel, seconds: seconds)
        }, removed: { path in send(.photoRemoved(path: path)) })
        transferring = TransferOperation(logic: logic, view: view)
        logic.onChange = { [weak self] state in self?.render(state) }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        view.showChoices(order: logic.order, filter: logic.filter, zoom: logic.zoom)
        self.thumbnails.onThumbnail = { [weak view] photo, thumbnail in view?.grid.showThumbnail(thumbnail, for: photo) }
        render(logic.state)
    }

    private func handle(_ intent: MainWindowView.Intent) {
        switch intent {
        case .openFolder: view.chooseFolder(startingIn: logic.folder?.url.path)
        case .folderChosen(let path): open(path: path)
        case .search(let text):
            setFilter(PhotoFilter(text: text, minimumRating: filter.minimumRating, rejected: filter.rejected))
        case .minimumRating(let stars):
            setFilter(PhotoFilter(text: filter.text, minimumRating: stars, rejected: filter.rejected))
        case .rejected(let rejected):
            setFilter(PhotoFilter(text: filter.text, minimumRating: filter.minimumRating, rejected: rejected))
        case .zoom(let level):
            logic.zoom(to: level)
            thumbnails.use(provider(level))
        case .sort(let order):
            // Off the main thread; the new list arrives through onChange
            // (a newer request supersedes an older one).
            Task { _ = await logic.sort(by: order) }
        case .openFirstFound:
            // The first photo the search finds, once it has been applied.
            let filtering = self.filtering
            Task {
                await filtering?.value
                guard let first = self.logic.visiblePhotos.first else { return self.view.announceResults() }
                self.send(.openPhoto(path: first.path, from: self))
            }
        case .noticeAction:
            // While a copy or move runs, the notice's button is its Cancel.
            if transferring.isRunning { transferring.cancel() } else { trashing.noticeButtonPressed() }
        case .selectAll: logic.selectAll()
        case .selectNone: logic.selectNone()
        case .rate(let stars): logic.rateSelection(stars: stars)
        case .toggleReject: logic.toggleRejectSelection()
        case .trash: trashing.trash(logic.selectedPhotos.map(\.path))
        case .trashRejected: view.confirmTrashingRejected(count: logic.rejectedPhotos.count)
        case .trashRejectedConfirmed: trashing.trash(logic.rejectedPhotos.map(\.path))
        case .openSelected: open(logic.selectedPhotos)
        case .compare:
            let paths = logic.selectedPhotos.map(\.path)
            if paths.count == 2 { send(.compare(paths: paths, from: self)) }
        case .openWith:
            if let first = selectedPaths.first { view.chooseApplication(for: first) }
        case .openWithChosen(let app):
            do throws(GtkError) {
                try app.launch(selectedPaths, on: view.window)
            } catch {
                view.show(notice: MainWindowNotices.openFailed(app: app.name, error: error.message), seconds: 15)
            }
        case .showInFiles: showInFiles(selectedPaths)
        case .copyFiles:
            view.window.copyToClipboard(files: selectedPaths)
            view.show(notice: MainWindowNotices.filesCopied(selectedPaths.count), seconds: 3)
        case .copyPaths:
            view.window.copyToClipboard(text: selectedPaths.joined(separator: "\n"))
            view.show(notice: MainWindowNotices.pathsCopied(selectedPaths.count), seconds: 3)
        case .transfer(let mode): view.chooseDestination(for: mode, startingIn: logic.folder?.url.path)
        case .transferDestinationChosen(let mode, let folder):
            transferring.start(logic.selectedPhotos.map(\.path), to: folder, mode: mode)
        case .clashAnswered(let answer, let forAll): transferring.answer(answer, forAll: forAll)
        case .dropped(let paths): send(.open(paths: paths, in: self))
        case .grid(let intent): handle(intent)
        case .closed:
            trashing.cancel()
            transferring.cancel()
            loadTask?.cancel()
            filtering?.cancel()
            monitor = nil
            thumbnails.cancelAll()
            send(.mainWindowClosed(self))
        }
    }

    private func handle(_ intent: PhotoGridView.Intent) {
        switch intent {
        case .open(let photo):
            // Enter on one of several selected photos opens them all.
            let selected = logic.selectedPhotos
            open(selected.count > 1 && selected.contains { $0.path == photo.path } ? selected : [photo])
        case .selectionChanged(let paths):
            logic.select(paths: paths)
        case .cellBound(let photo):
            if let known = thumbnails.cached(photo) { view.grid.showThumbnail(known, for: photo) }
        case .thumbnailsWanted(let onScreen, let nearby):
            thumbnails.want(onScreen: onScreen, nearby: nearby)
        case .screenFilled(let cells):
            observer?.screenFilled(cells: cells, in: view.grid)
        }
    }

    private func render(_ state: PhotoListLogic.State) {
        view.render(state)
        if !photosToShow.isEmpty { Task { self.showPhotosOnceFound() } }
        observer?.shown(state, in: view.grid)
        // A rating that could not be written into its file is told once.
        if let failure = logic.ratingFailure, failure != shownRatingFailure {
            shownRatingFailure = failure
            view.show(notice: failure.message, seconds: 15)
            Task { logic.dismissRatingFailure() }
        }
    }

    private var shownRatingFailure: RatingWriteFailure?

    private func setFilter(_ filter: PhotoFilter) {
        self.filter = filter
        filtering = Task {
            _ = await logic.filter(filter)
            // The count is heard once the filter asked for last is applied.
            if self.filter == filter { view.announceResults() }
        }
    }

    // MARK: Asked by the flow

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
            guard !Task.isCancelled, self.logic.folder != nil else { return }
            self.monitor = FolderMonitor(folders: self.logic.folders) { [weak self] change in
                Task { await self?.apply(change) }
            }
        }
    }

    private func apply(_ change: FolderMonitor.Change) async {
        switch change {
        case .changed(let path):
            await logic.fileChanged(path: path)
            send(.photosChanged)
        case .removed(let path):
            logic.fileRemoved(path: path)
            send(.photoRemoved(path: path))
        case .moved(let from, let to):
            // Other tools (exiftool, darktable) save by renaming a new file over the photo.
            await logic.fileMoved(from: from, to: to)
            send(.photosChanged)
        case .folderAdded(let path): await logic.folderAdded(path: path)
        }
    }

    /// A viewer of the photo at `path` that steps through this window's
    /// list in its order; nil when the list does not hold it.
    func viewer(for path: String) -> PhotoViewerLogic? {
        // Photos are decoded to fit the largest monitor (a full-screen
        // window), then in full when zoomed in past it.
        let side = Gtk.largestMonitorSide
        return logic.photo(at: path).map { PhotoViewerLogic(photo: $0, browsing: logic, displaySide: side > 0 ? side : 2560) }
    }

    /// Selects the photos at `paths` (they are in this window's folder)
    /// and opens each in a photo window, once the list holds them.
    func show(photos paths: [String]) {
        photosToShow += paths
        showPhotosOnceFound()
    }

    private func showPhotosOnceFound() {
        guard !photosToShow.isEmpty else { return }
        let found = photosToShow.compactMap(logic.photo(at:))
        let loading = if case .loading = logic.state { true } else { false }
        // A photo not found yet may still come while the folder loads.
        guard found.count == photosToShow.count || !loading else { return }
        let missing = photosToShow.filter { logic.photo(at: $0) == nil }
        photosToShow = []
        logic.select(paths: found.map(\.path))
        if let first = found.first { view.grid.reveal(path: first.path) }
        open(found)
        if !missing.isEmpty {
            view.show(notice: MainWindowNotices.notFound(missing), seconds: 15)
        }
    }

    /// Back in the grid, the photo last shown is selected, unless it is
    /// one of several selected already.
    func photoWindowClosed(on path: String) {
        if !logic.selectedPhotos.contains(where: { $0.path == path }) { logic.select(paths: [path]) }
        view.grid.reveal(path: path)
    }

    /// Moves the photo to the trash; the window offers Undo.
    func trash(path: String) { trashing.trash([path]) }

    private var selectedPaths: [String] { logic.selectedPhotos.map(\.path) }

    /// Photo windows for `photos`; a few at most, for a big selection.
    private func open(_ photos: [Photo]) {
        let limit = 10
        for photo in photos.prefix(limit) { send(.openPhoto(path: photo.path, from: self)) }
        if photos.count > limit {
            view.show(notice: MainWindowNotices.openedFirst(limit, of: photos.count))
        }
    }

    private func showInFiles(_ paths: [String]) {
        Task {
            do throws(GtkError) {
                try await FileManagerWindow.show(paths)
            } catch {
                view.show(notice: MainWindowNotices.noFileManager(error: error.message), seconds: 15)
            }
        }
    }

    func present() {
        view.window.present()
        observer?.presented(view.window)
    }

    /// Closes the window, as its close button does.
    func close() { view.window.close() }

    /// Shows `dialog` (about, shortcuts) over this window.
    func present(_ dialog: Window) { view.present(dialog) }

    /// The size to remember for the next window.
    var windowState: WindowState { view.windowState }

    func restore(_ state: WindowState) { view.restore(state) }

    /// A notice at the bottom of the window (e.g. why ratings cannot be saved).
    func show(notice: String, seconds: Double) { view.show(notice: notice, seconds: seconds) }

    /// Shows the shared profile in the header bar, now and after every save.
    func showProfile(of model: ProfileModel) {
        profileObservation = model.observe { [weak view] profile in view?.profileButton.render(profile) }
    }
}
