import GtkKit
import LightboxCore

/// Binds one main window to its photo list logic: the view's intents go
/// to the logic (or, beyond the window, to the flow as actions), the
/// logic's states to the view's `render`, and what happens once (a
/// dialog, a notice, a thumbnail arriving) to its `perform`. File jobs go
/// through a `BatchOperation`, whose effects the view shows; the grid's
/// thumbnails come through a scheduler; the folder is watched for changes.
/// Every task it starts ends when the window closes.
@MainActor
final class MainWindowController {
    private let view: MainWindowView
    private let logic: PhotoListLogic
    /// Trashing, copying and moving photos.
    private let batch: BatchOperation
    private let thumbnails: ThumbnailScheduler
    private let provider: @MainActor (GridZoom) -> ThumbnailProviding
    private let send: (AppAction) -> Void
    private let tasks = OwnedTasks()
    /// The folder's load under way (a new one replaces it).
    private var loading: Task<Void, Never>?
    /// The filter asked for last, being applied (Enter opens what it finds).
    private var filtering: Task<Void, Never>?
    private var monitor: FolderMonitor?
    /// The profile the header bar shows, and its observation.
    private var profile = Profile.empty
    private var profileObservation: ObservationToken?

    /// - Parameters:
    ///   - thumbnails: where the thumbnails of each zoom level come from.
    ///   - profile: the profile the header bar shows, now and after every save.
    init(view: MainWindowView, logic: PhotoListLogic, thumbnails: @escaping @MainActor (GridZoom) -> ThumbnailProviding,
         profile: ProfileModel? = nil, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        provider = thumbnails
        self.thumbnails = ThumbnailScheduler(provider: thumbnails(logic.zoom))
        self.send = send
        batch = BatchOperation(files: logic)
        batch.onEffect = { [weak self] effect in self?.perform(effect) }
        logic.onChange = { [weak self] state in self?.render(state) }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        self.thumbnails.onThumbnail = { [weak view] photo, thumbnail in view?.perform(.thumbnail(thumbnail, for: photo)) }
        render(logic.state)
        profileObservation = profile?.observe { [weak self] profile in
            guard let self, profile != self.profile else { return }
            self.profile = profile
            self.render(self.logic.state)
        }
    }

    private func handle(_ intent: MainWindowView.Intent) {
        // While a folder loads, working with its photos keeps them where
        // they are shown (see PhotoListLogic.noteAction).
        switch intent {
        case .selectionChanged, .open, .openSelected, .search, .rate, .toggleRejected, .toggleLabel: logic.noteAction()
        default: break
        }
        switch intent {
        case .openFolder: view.perform(.chooseFolder(startingIn: logic.folder?.url.path))
        case .openFolderAt(let path): open(path: path)
        case .goBack: navigate { await $0.goBack() }
        case .goForward: navigate { await $0.goForward() }
        case .includeSubfolders(let on): navigate { await $0.includeSubfolders(on) }
        case .sortByDatesRead: tasks.start { [logic] in _ = await logic.sortByDatesRead() }
        case .scrolled: logic.noteAction()
        case .folderChosen(let path): open(path: path)
        case .search(let text): setFilter(logic.filter.searching(text))
        case .minimumRating(let stars): setFilter(logic.filter.withMinimumRating(stars))
        case .rejected(let rejected): setFilter(logic.filter.withRejected(rejected))
        case .labelFilter(let label, let on):
            var filter = logic.filter
            if on { filter.labels.insert(label) } else { filter.labels.remove(label) }
            setFilter(filter)
        case .fileKindFilter(let kind): setFilter(logic.filter.with(\.kind, kind))
        case .keywordFilter(let keyword): setFilter(logic.filter.with(\.keyword, keyword))
        case .cameraFilter(let camera): setFilter(logic.filter.with(\.camera, camera))
        case .takenFilter(let days): setFilter(logic.filter.with(\.taken, days))
        case .clearFilters: setFilter(logic.filter.cleared)
        case .filterMenuOpened: view.perform(.filterChoices(logic.filterChoices))
        case .zoom(let level):
            logic.zoom(to: level)
            thumbnails.use(provider(level))
        case .sort(let order):
            // Off the main thread; the new list arrives through onChange
            // (a newer request supersedes an older one).
            tasks.start { [logic] in _ = await logic.sort(by: order) }
        case .openFirstFound:
            // The first photo the search finds, once it has been applied.
            let filtering = self.filtering
            tasks.start { [weak self] in
                await filtering?.value
                guard let self else { return }
                if let first = self.logic.visiblePhotos.first {
                    self.send(.openPhoto(path: first.path, from: self))
                } else {
                    self.view.perform(.announceResults)
                }
            }
        case .noticeButtonPressed: tasks.start { [batch] in await batch.noticeButtonPressed() }
        case .ratingFailureShown: logic.dismissRatingFailure()
        case .selectAll: logic.selectAll()
        case .selectNone: logic.selectNone()
        case .rate(let stars): logic.rateSelection(stars: stars)
        case .toggleRejected: logic.toggleRejectedSelection()
        case .toggleLabel(let label): logic.toggleLabel(label)
        case .addKeyword: view.perform(.askKeyword(count: logic.selectedPhotos.count, suggestions: logic.knownKeywords))
        case .keywordChosen(let text):
            guard let keyword = Keyword(text) else { break }
            let change = logic.addKeyword(keyword, paths: selectedPaths)
            tasks.start { [batch] in await batch.tagged(change) }
        case .removeKeyword:
            let keywords = logic.keywords(of: selectedPaths)
            if keywords.isEmpty {
                view.perform(.notice(.noKeywordsToRemove))
            } else {
                view.perform(.askKeywordToRemove(keywords))
            }
        case .keywordToRemoveChosen(let keyword):
            let change = logic.removeKeyword(keyword, paths: selectedPaths)
            tasks.start { [batch] in await batch.tagged(change) }
        case .trash: trash(selectedPaths)
        case .trashRejected:
            switch logic.trashRejectedQuestion {
            case .confirm(let count): view.perform(.confirmTrashingRejected(count: count))
            case .nothingToTrash(let notice): view.perform(.notice(notice))
            }
        case .trashRejectedConfirmed: trash(logic.rejectedPhotos.map(\.path))
        case .openSelected: open(logic.selectionToOpen)
        case .open(let photo): open(logic.photosToOpen(activated: photo))
        case .compare:
            if let pair = logic.pairToCompare { send(.compare(paths: pair, from: self)) }
        case .openWith: view.perform(.openWith(selectedFiles))
        case .openWithFailed(let app, let error): view.perform(.notice(.openFailed(app: app, error: error)))
        case .showInFiles:
            let paths = selectedFiles
            tasks.start { [view] in
                do throws(GtkError) {
                    try await FileManagerWindow.show(paths)
                } catch {
                    view.perform(.notice(.noFileManager(error: error.message)))
                }
            }
        case .copyFiles:
            view.perform(.copyFiles(selectedFiles))
            view.perform(.notice(.filesCopied(selectedFiles.count)))
        case .copyPaths:
            view.perform(.copyText(selectedFiles.joined(separator: "\n")))
            view.perform(.notice(.pathsCopied(selectedFiles.count)))
        case .rotate(let clockwise):
            for path in selectedPaths { logic.rotate(path: path, clockwise: clockwise) }
        case .setProfilePhoto:
            if let photo = logic.selectedPhotos.first, logic.selectedPhotos.count == 1 {
                send(.setProfilePhoto(path: photo.path))
            }
        case .showProperties:
            if let photo = logic.selectedPhotos.first, logic.selectedPhotos.count == 1 {
                send(.openPhoto(path: photo.path, from: self, properties: true))
            }
        case .paste(let paths, let cut):
            switch logic.paste(paths, cut: cut) {
            case .transfer(let photos, let folder, let mode):
                tasks.start { [batch] in await batch.transfer(photos, to: folder, mode: mode) }
            case .refused(let notice): view.perform(.notice(notice))
            }
        case .transfer(let mode): view.perform(.chooseDestination(mode, startingIn: logic.folder?.url.path))
        case .transferDestinationChosen(let mode, let folder):
            let paths = selectedPaths
            tasks.start { [batch] in await batch.transfer(paths, to: folder, mode: mode) }
        case .clashAnswered(let answer, let forAll): batch.answer(answer, forAll: forAll)
        case .dropped(let paths): send(.open(paths: paths, in: self))
        case .selectionChanged(let paths): logic.select(paths: paths)
        case .cellBound(let photo):
            if let known = thumbnails.cached(photo) { view.perform(.thumbnail(known, for: photo)) }
        case .thumbnailsWanted(let onScreen, let nearby): thumbnails.want(onScreen: onScreen, nearby: nearby)
        case .closed(let size):
            batch.cancel()
            tasks.cancelAll()
            monitor = nil
            thumbnails.cancelAll()
            send(.mainWindowClosed(self, size))
        }
    }

    /// What the view shows lasts: the list's state with the choices and
    /// the profile beside it. Photos asked for by path may be in it now.
    private func render(_ list: PhotoListLogic.State) {
        view.render(MainWindowView.State(list: list, order: logic.order, filter: logic.filter, zoom: logic.zoom,
                                         profile: profile, navigation: logic.navigation))
        showPhotosOnceFound()
    }

    private func perform(_ effect: BatchOperation.Effect) {
        switch effect {
        case .notice(let notice): view.perform(.notice(notice))
        case .ask(let clash): view.perform(.askAboutClash(clash))
        case .trashed(let paths): for path in paths { send(.photoRemoved(path: path)) }
        }
    }

    private func setFilter(_ filter: PhotoFilter) {
        filtering = tasks.start { [logic, view] in
            _ = await logic.filter(filter)
            // The count is heard once the filter asked for last is applied.
            if logic.filter == filter { view.perform(.announceResults) }
        }
    }

    private func trash(_ paths: [String]) {
        tasks.start { [batch] in await batch.trash(paths) }
    }

    private var selectedPaths: [String] { logic.selectedPhotos.map(\.path) }
    /// Every file of the selected photos (a RAW+JPEG pair's two), for what
    /// hands files to other programs: the clipboard, Open With, Show in Files.
    private var selectedFiles: [String] { logic.selectedPhotos.flatMap(\.files) }

    /// A photo window for each photo; a notice when the limit left some out.
    private func open(_ photos: PhotosToOpen) {
        for photo in photos.photos { send(.openPhoto(path: photo.path, from: self)) }
        if let notice = photos.notice { view.perform(.notice(notice)) }
    }

    /// The photos asked for by `show(photos:)`, once the list holds them.
    private func showPhotosOnceFound() {
        guard let shown = logic.takePhotosToShow() else { return }
        if let first = shown.first { view.perform(.reveal(path: first.path)) }
        open(shown.toOpen)
        if let notice = shown.notFound { view.perform(.notice(notice)) }
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

    // MARK: Asked by the flow

    /// The folder this window shows, if any.
    var folder: Folder? { logic.folder }

    /// Opens `path` in this window: the grid fills as the scan goes, and the
    /// folder is watched for changes.
    func open(path: String) {
        navigate { await $0.load(path: path) }
    }

    /// Goes to another folder (`step`: a load, Back, Forward…) and then
    /// watches the folders it walked.
    private func navigate(_ step: @escaping @MainActor (PhotoListLogic) async -> Void) {
        loading?.cancel()
        monitor = nil
        // Started at once, not on the next turn of the main loop: the
        // folder walk begins before the window is realized, so its first
        // photos are usually there for the first frame.
        loading = tasks.start { [weak self] in
            guard let self else { return }
            await step(self.logic)
            guard !Task.isCancelled, self.logic.folder != nil else { return }
            let monitor = FolderMonitor { [weak self] change in
                self?.tasks.start { await self?.apply(change) }
            }
            self.monitor = monitor
            await monitor.watch(self.logic.folders)
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
        logic.show(photos: paths)
        showPhotosOnceFound()
    }

    /// Back in the grid, the photo last shown is selected, unless it is
    /// one of several selected already.
    func photoWindowClosed(on path: String) {
        logic.reselect(afterViewing: path)
        view.perform(.reveal(path: path))
    }

    /// Moves the photo to the trash; the window offers Undo.
    func trash(path: String) { trash([path]) }

    /// The preference changed: pairs show as one photo, or apart.
    func pairRawAndJPEG(_ on: Bool) { tasks.start { [logic] in await logic.pairRawAndJPEG(on) } }

    func present() { view.perform(.present) }

    /// Closes the window, as its close button does.
    func close() { view.perform(.close) }

    /// The size kept from the last window.
    func restore(_ size: WindowState) { view.perform(.restoreSize(size)) }

    /// A notice at the bottom of the window (e.g. why ratings cannot be saved).
    func tell(_ notice: Notice) { view.perform(.notice(notice)) }
}
