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
    private let send: (AppAction) -> Void
    private let observer: MainWindowObserving?
    private var loadTask: Task<Void, Never>?
    private var monitor: FolderMonitor?
    private var profileObservation: ObservationToken?
    /// The filter asked for last, and its application under way: the
    /// search field and the rating menu each change one half of it.
    private var filter = PhotoFilter()
    private var filtering: Task<Void, Never>?
    /// The photo the notice's Undo puts back.
    private var undoableTrash: String?

    /// - Parameter observer: hears what the window shows (the benchmark's
    ///   milestones); nil in normal use.
    init(view: MainWindowView, logic: PhotoListLogic, thumbnails: ThumbnailProviding,
         observer: MainWindowObserving? = nil, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        self.thumbnails = ThumbnailScheduler(provider: thumbnails)
        self.observer = observer
        self.send = send
        logic.onChange = { [weak self] state in self?.render(state) }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        self.thumbnails.onThumbnail = { [weak view] photo, thumbnail in view?.grid.showThumbnail(thumbnail, for: photo) }
        render(logic.state)
    }

    private func handle(_ intent: MainWindowView.Intent) {
        switch intent {
        case .openFolder:
            view.chooseFolder(startingIn: logic.folder?.url.path)
        case .folderChosen(let path):
            open(path: path)
        case .search(let text):
            setFilter(PhotoFilter(text: text, minimumRating: filter.minimumRating, rejected: filter.rejected))
        case .minimumRating(let stars):
            setFilter(PhotoFilter(text: filter.text, minimumRating: stars, rejected: filter.rejected))
        case .rejected(let rejected):
            setFilter(PhotoFilter(text: filter.text, minimumRating: filter.minimumRating, rejected: rejected))
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
            undoTrash()
        case .grid(let intent):
            handle(intent)
        case .closed:
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
            send(.openPhoto(path: photo.path, from: self))
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
        case .changed(let path): await logic.fileChanged(path: path)
        case .removed(let path):
            logic.fileRemoved(path: path)
            send(.photoRemoved(path: path))
        case .moved(let from, let to): await logic.fileMoved(from: from, to: to)
        case .folderAdded(let path): await logic.folderAdded(path: path)
        }
    }

    /// A viewer of the photo at `path` that steps through this window's
    /// list in its order; nil when the list does not hold it.
    func viewer(for path: String) -> PhotoViewerLogic? {
        logic.photo(at: path).map { PhotoViewerLogic(photo: $0, browsing: logic) }
    }

    /// Selects the photo at `path` in the grid (a photo window closed on it).
    func select(path: String) { view.grid.select(path: path) }

    /// Moves the photo to the trash; the window offers Undo.
    func trash(path: String) {
        let title = logic.photo(at: path)?.title ?? (path as NSString).lastPathComponent
        Task {
            do throws(TrashError) {
                try await logic.trash(path: path)
                undoableTrash = path
                view.show(notice: "“\(title)” moved to trash", actionLabel: "_Undo")
                send(.photoRemoved(path: path))
            } catch {
                view.show(notice: "“\(title)” could not be moved to the trash: \(error.message)")
            }
        }
    }

    private func undoTrash() {
        guard let path = undoableTrash else { return }
        undoableTrash = nil
        Task {
            do throws(TrashError) {
                try await logic.restore(path: path)
            } catch {
                view.show(notice: "The photo could not be put back: \(error.message)")
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
