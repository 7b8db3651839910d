import Foundation

/// What a main window does with a folder of photos, without GTK. Its
/// contract is in PhotoListLogic+Screen: `send` an `Intent`; every state
/// shown (those that arrive while loading or sorting included) goes to
/// `onState`, and what happens once to `onOutput`.
///
/// It is small: it keeps the photos and the selection, asks and tells, and
/// hands each intent to the part that does it: the folder (`FolderSession`:
/// loading, Back and Forward, changes on disk), the decisions
/// (`MetadataEdits`: ratings, labels, keywords, turns) and the files
/// (`FileJobs`: trash, copy, move, paste).
@MainActor
public final class PhotoListLogic: ScreenLogic {
    /// How many photos a compare window shows side by side: a pair, or the
    /// frames of a burst, up to four.
    public static let comparable = 2...4

    public let screen: Screen<State, Output>

    /// The folder's photos, and those shown in order (see PhotoCollection).
    private let photos: PhotoCollection
    /// The photos picked, acted on by the batch actions.
    private let selection = PhotoSelection()
    private let session: FolderSession
    private let edits: MetadataEdits
    private let files: FileJobs
    /// Where the order, the filters and the thumbnails' size are kept.
    private let settings: AppSettings?
    /// How large the grid's thumbnails are.
    private var zoom: GridZoom
    /// The profile the header bar shows, and its observation.
    private var profile = Profile.empty
    private var profileObservation: ObservationToken?
    private var filterChoices: FilterChoices?
    private var question: Told<Question>?
    private var notice: Told<Notice>?
    /// The last id given to a question or a notice.
    private var toldID = 0
    /// Photos asked for by path, to select and open once the list holds them.
    private var photosAskedFor: [String] = []
    /// The folder's load under way (a newer one replaces it).
    private var loadTask: Task<Void, Never>?
    /// The filter asked for last, being applied (Enter opens what it finds).
    private var filtering: Task<Void, Never>?
    /// Watches the folders of the last load; made by `watching`.
    private var watcher: (any FolderWatching)?
    /// The change on disk being applied last (the next waits for it).
    private var lastChange: Task<Void, Never>?
    private let watching: FolderWatcherFactory?

    /// - Parameters:
    ///   - trash: moves photos to the trash and back (the desktop's trash
    ///     in the app, a folder of its own in tests).
    ///   - settings: the order and filters to start with, and where new
    ///     ones are kept; nil starts with the standard ones.
    ///   - profile: the profile the header bar shows, now and after every save.
    ///   - watching: makes what watches the folders shown for changes (GIO
    ///     in the app); nil watches nothing.
    ///   - rebuilding: where sorting and filtering run (off the main thread
    ///     unless a test holds them).
    public init(library: PhotoLibrary, trash: PhotoTrash, settings: AppSettings? = nil,
                profile: ProfileModel? = nil, watching: FolderWatcherFactory? = nil,
                rebuilding: @escaping Rebuilding = offMainThread) {
        self.settings = settings
        self.watching = watching
        let photos = PhotoCollection(order: settings?.order ?? .standard, filter: settings?.filter ?? PhotoFilter(),
                                     pairsRawAndJPEG: settings?.preferences.pairsRawAndJPEG ?? true,
                                     rebuilding: rebuilding)
        self.photos = photos
        zoom = settings?.gridZoom ?? .standard
        let screen = Screen<State, Output>(State(
            content: .idle, order: photos.order, filter: photos.filter, zoom: zoom,
            navigation: FolderNavigation(includesSubfolders: settings?.includesSubfolders ?? true,
                                         recent: settings?.recentFolders ?? []),
            profile: .empty, selectionIsRejected: false))
        self.screen = screen
        // The parts tell the list through these; `self` is not there yet.
        weak var list: PhotoListLogic?
        let changed: @MainActor () -> Void = { list?.changed() }
        edits = MetadataEdits(photos: photos, library: library, settings: settings, tasks: screen.tasks,
                              changed: changed, tell: { list?.tell($0) })
        session = FolderSession(photos: photos, selection: selection, library: library, settings: settings,
                                edits: edits, tasks: screen.tasks, changed: changed,
                                detailsRead: { list?.emit(.photosChanged) })
        files = FileJobs(photos: photos, selection: selection, library: library, trash: trash, session: session,
                         edits: edits, changed: changed)
        list = self
        edits.isLoading = { [session] in session.isLoading }
        files.jobs.onEffect = { [weak self] effect in self?.perform(effect) }
        profileObservation = profile?.observe { [weak self] profile in
            guard let self, profile != self.profile else { return }
            self.profile = profile
            changed()
        }
    }

    // MARK: Intents

    public func send(_ intent: Intent) {
        // While a folder loads, working with its photos keeps them where
        // they are shown.
        switch intent {
        case .select, .open, .openSelected, .search, .rate, .toggleRejected, .toggleLabel, .scrolled:
            session.noteAction()
        default: break
        }
        switch intent {
        case .openFolder: ask(.folder(startingIn: session.folder?.url.path))
        case .openFolderAt(let path): navigate { await $0.load(path: path) }
        case .goBack: navigate { await $0.goBack() }
        case .goForward: navigate { await $0.goForward() }
        case .includeSubfolders(let on): navigate { await $0.includeSubfolders(on) }
        case .pairRawAndJPEG(let on):
            tasks.start { [weak self] in
                guard let self else { return }
                if await photos.pairRawAndJPEG(on) { changed() }
            }
        case .sortByDatesRead: tasks.start { [session] in await session.sortByDatesRead() }
        case .sort(let order):
            // Off the main thread; a newer request supersedes an older one.
            settings?.save(order)
            tasks.start { [weak self] in
                guard let self else { return }
                if await photos.sort(by: order) { changed() }
            }
        case .gridZoom(let level):
            guard level != zoom else { return }
            zoom = level
            settings?.save(level)
            changed()
        case .scrolled: break

        case .search(let text): setFilter(photos.filter.searching(text))
        case .minimumRating(let stars): setFilter(photos.filter.withMinimumRating(stars))
        case .rejected(let rejected): setFilter(photos.filter.withRejected(rejected))
        case .labelFilter(let label, let on):
            var filter = photos.filter
            if on { filter.labels.insert(label) } else { filter.labels.remove(label) }
            setFilter(filter)
        case .fileKindFilter(let kind): setFilter(photos.filter.with(\.kind, kind))
        case .onlySharpest(let on): setFilter(photos.filter.with(\.sharpnessAtLeast, on ? photos.sharpestQuarter : nil))
        case .clippedFilter(let share): setFilter(photos.filter.with(\.clippedAtLeast, share.map { min(1, max(0, $0)) }))
        case .keywordFilter(let keyword): setFilter(photos.filter.with(\.keyword, keyword))
        case .cameraFilter(let camera): setFilter(photos.filter.with(\.camera, camera))
        case .takenFilter(let days): setFilter(photos.filter.with(\.taken, days))
        case .clearFilters: setFilter(photos.filter.cleared)
        case .filterMenuOpened:
            // Goes over every photo: gathered as the menu opens.
            filterChoices = FilterChoices(of: photos.all)
            changed()

        case .select(let paths): select(paths)
        case .selectAll: setSelection(selection.shown { _ in true }.union(photos.shownPhotos.map(\.path)))
        case .selectNone: setSelection([])

        case .rate(let stars): edits.rate(selectedPaths, stars: stars)
        case .toggleRejected: edits.toggleRejected(selectedPaths)
        case .toggleLabel(let label): edits.toggleLabel(label, paths: selectedPaths)
        case .rotateLeft: edits.rotate(selectedPaths, clockwise: false)
        case .rotateRight: edits.rotate(selectedPaths, clockwise: true)
        case .addKeyword: ask(.keyword(count: selectedPaths.count, suggestions: edits.knownKeywords))
        case .removeKeyword:
            let keywords = edits.keywords(of: selectedPaths)
            if keywords.isEmpty { tell(.noKeywordsToRemove) } else { ask(.keywordToRemove(keywords)) }
        case .edit(.rate(let path, let stars)): edits.rate([path], stars: stars)
        case .edit(.rotate(let path, let clockwise)): edits.rotate([path], clockwise: clockwise)
        case .edit(.tag(let edit, let path)): edits.tag(edit, path: path)

        case .open(let photo):
            // One of several selected photos opens them all; any other photo
            // opens alone.
            let selected = selectedPhotos
            open(selected.count > 1 && selected.contains { $0.path == photo.path } ? selected : [photo])
        case .openSelected: open(selectedPhotos)
        case .openFirstFound:
            // The first photo the search finds, once it has been applied.
            let filtering = self.filtering
            tasks.start { [weak self] in
                await filtering?.value
                guard let self else { return }
                if let first = photos.shownPhotos.first {
                    emit(.openPhoto(first.path, properties: false))
                } else {
                    emit(.show(.announceResults))
                }
            }
        case .compare:
            let paths = selectedPaths
            if Self.comparable.contains(paths.count) { emit(.compare(paths)) }
        case .showProperties: if let photo = onlySelected { emit(.openPhoto(photo.path, properties: true)) }
        case .setProfilePhoto: if let photo = onlySelected { emit(.setProfilePhoto(photo.path)) }
        case .showPhotos(let paths):
            photosAskedFor += paths
            showPhotosOnceFound()
        case .photoWindowClosed(let path):
            // Back in the grid, the photo last shown is the one selected,
            // unless it is one of several selected already.
            if !selectedPhotos.contains(where: { $0.path == path }) { select([path]) }
            emit(.show(.reveal(path: path)))
        case .openWith: ask(.application(files: selectedFiles))
        case .showInFiles: emit(.showInFiles(selectedFiles))
        case .dropped(let paths): emit(.open(paths: paths))

        case .trash: trash(selectedPaths)
        case .trashPhoto(let path): trash([path])
        case .trashRejected:
            let count = rejectedPaths.count
            if count == 0 { tell(.noneRejected) } else { ask(.trashRejected(count: count)) }
        case .copyFiles:
            let files = selectedFiles
            emit(.show(.copyFiles(files)))
            tell(.filesCopied(files.count))
        case .copyPaths:
            let files = selectedFiles
            emit(.show(.copyText(files.joined(separator: "\n"))))
            tell(.pathsCopied(files.count))
        case .paste(let paths, let cut):
            switch files.paste(paths, cut: cut) {
            case .transfer(let photos, let folder, let mode):
                tasks.start { [jobs = files.jobs] in await jobs.transfer(photos, to: folder, mode: mode) }
            case .refused(let notice): tell(notice)
            }
        case .copyTo: ask(.destination(.copy, startingIn: session.folder?.url.path))
        case .moveTo: ask(.destination(.move, startingIn: session.folder?.url.path))
        case .noticeButtonPressed: tasks.start { [jobs = files.jobs] in await jobs.noticeButtonPressed() }

        case .answer(let answer): answered(answer)
        case .tell(let notice): tell(notice)
        case .close(let size):
            files.jobs.cancel()
            loadTask?.cancel()
            watcher = nil
            tasks.cancelAll()
            emit(.closed(size))
        }
    }

    private func answered(_ answer: Answer) {
        let asked = question?.value
        question = nil
        changed()
        switch answer {
        case .folder(let path): navigate { await $0.load(path: path) }
        case .destination(let mode, let folder):
            let paths = selectedPaths
            tasks.start { [jobs = files.jobs] in await jobs.transfer(paths, to: folder, mode: mode) }
        case .applicationOpened: break
        case .applicationFailed(let app, let error): tell(.openFailed(app: app, error: error))
        case .confirmed:
            if case .trashRejected = asked { trash(rejectedPaths) }
        case .keyword(let text):
            guard let keyword = Keyword(text) else { break }
            let change = edits.addKeyword(keyword, paths: selectedPaths)
            tasks.start { [jobs = files.jobs] in await jobs.tagged(change) }
        case .keywordToRemove(let keyword):
            let change = edits.removeKeyword(keyword, paths: selectedPaths)
            tasks.start { [jobs = files.jobs] in await jobs.tagged(change) }
        case .clash(let answer, let forAll): files.jobs.answer(answer, forAll: forAll)
        case .dismissed:
            // A name clash left without an answer stops the job there.
            if case .clash = asked { files.jobs.answer(nil, forAll: false) }
        }
    }

    // MARK: Telling and asking

    /// Shows `notice` in place of the one shown.
    private func tell(_ notice: Notice) {
        toldID += 1
        self.notice = Told(id: toldID, value: notice)
        changed()
    }

    private func ask(_ question: Question) {
        toldID += 1
        self.question = Told(id: toldID, value: question)
        changed()
    }

    /// What a file job shows.
    private func perform(_ effect: BatchOperation.Effect) {
        switch effect {
        case .notice(let notice): tell(notice)
        case .ask(let clash): ask(.clash(clash))
        case .trashed(let paths): for path in paths { emit(.photoRemoved(path)) }
        }
    }

    // MARK: The state

    /// Publishes the state as it is now.
    private func changed() {
        // By path, not by going over the photos shown: a state is
        // published ten times a second while 100,000 photos load.
        let selected = selection.shown(photos.isShown)
        let content = makeContent(selected: selected)
        let allRejected = content.isShowingPhotos && !selected.isEmpty
            && selected.allSatisfy { photos.photo(at: $0)?.isRejected ?? false }
        publish(State(content: content, order: photos.order, filter: photos.filter, zoom: zoom,
                      navigation: session.navigation, profile: profile, filterChoices: filterChoices,
                      question: question, notice: notice, selectionIsRejected: allRejected))
        // Photos a launch asked for may be in the list now.
        if !photosAskedFor.isEmpty { showPhotosOnceFound() }
    }

    /// What the list holds now. A failure to open stays until a folder opens.
    private func makeContent(selected: Set<String>) -> State.Content {
        if let problem = session.problem { return .failed(problem) }
        guard let folder = session.folder else { return .idle }
        let list = PhotoList(folder: folder, photos: photos.shownPhotos, total: photos.count, files: photos.fileCount,
                             selection: selected, datesWaiting: session.datesWaiting)
        if session.isLoading { return .loading(list, session.progress) }
        return photos.isEmpty ? .empty(folder) : .presenting(list)
    }

    // MARK: Folders

    /// Goes to another folder (`step`: a load, Back, Forward…) and then
    /// watches the folders it walked.
    private func navigate(_ step: @escaping @MainActor (FolderSession) async -> Void) {
        loadTask?.cancel()
        watcher = nil
        // Started at once, not on the next turn of the main loop: the
        // folder walk begins before the window is realized, so its first
        // photos are usually there for the first frame.
        loadTask = tasks.start { [weak self, session] in
            await step(session)
            guard let self, !Task.isCancelled, session.folder != nil, let watching else { return }
            let watcher = watching { [weak self] change in self?.follow(change) }
            self.watcher = watcher
            await watcher.watch(session.folders)
        }
    }

    /// Changes on disk are applied one after another, in the order they
    /// came: a reload of a file finishing after a later rename of it would
    /// otherwise bring the old name back.
    private func follow(_ change: FolderChange) {
        let previous = lastChange
        lastChange = tasks.start { [weak self] in
            await previous?.value
            await self?.apply(change)
        }
    }

    /// A change on disk the watcher reported; photo windows hear of it.
    private func apply(_ change: FolderChange) async {
        await session.apply(change)
        switch change {
        // Other tools (exiftool, darktable) save by renaming a new file
        // over the photo: a move is a change.
        case .changed, .moved: emit(.photosChanged)
        case .removed(let path): emit(.photoRemoved(path))
        case .folderAdded: break
        }
    }

    private func setFilter(_ filter: PhotoFilter) {
        // The rating, label and file filters are kept; a search is not
        // (see `PhotoFilter.kept`).
        if filter.kept != photos.filter.kept { settings?.save(filter) }
        filtering = tasks.start { [weak self] in
            guard let self else { return }
            if await photos.filter(by: filter) { changed() }
            // The count is heard once the filter asked for last is applied.
            if photos.filter == filter { emit(.show(.announceResults)) }
        }
    }

    // MARK: The selection

    /// Selects exactly these photos (those the list does not hold are left
    /// out). Photos the filter hides were not in what the grid reported:
    /// they stay selected, as they were.
    private func select(_ paths: some Sequence<String>) {
        let known = Set(paths.lazy.filter { self.photos.photo(at: $0) != nil })
        setSelection(known.union(selection.shown { !self.photos.isShown($0) }))
    }

    private func setSelection(_ new: Set<String>) {
        if selection.set(new) { changed() }
    }

    /// The selected photos shown, in the list's order, with their data as read.
    private var selectedPhotos: [Photo] {
        selection.selected(of: photos.shownPhotos).compactMap { photos.photo(at: $0.path) }
    }

    private var selectedPaths: [String] { selectedPhotos.map(\.path) }

    /// The one photo selected; nil with none or several.
    private var onlySelected: Photo? {
        let selected = selectedPhotos
        return selected.count == 1 ? selected[0] : nil
    }

    /// Every file of the selected photos (a RAW+JPEG pair's two), for what
    /// hands files to other programs: the clipboard, Open With, Show in Files.
    private var selectedFiles: [String] { selectedPhotos.flatMap(\.files) }

    /// Every rejected photo of the folder, shown or not: what "Move
    /// Rejected to Trash…" moves.
    private var rejectedPaths: [String] { photos.all.filter(\.isRejected).map(\.path) }

    // MARK: Opening and files

    /// A photo window for each photo; a notice when the limit left some out.
    private func open(_ asked: [Photo]) {
        let photos = PhotosToOpen(asked)
        for photo in photos.photos { emit(.openPhoto(photo.path, properties: false)) }
        if let notice = photos.notice { tell(notice) }
    }

    /// The photos asked for by `.showPhotos`, once the list holds them all
    /// or the folder has loaded without some (a photo not found yet may
    /// still come while it loads): selected, revealed and opened.
    private func showPhotosOnceFound() {
        let found = photosAskedFor.compactMap(photos.photo(at:))
        guard found.count == photosAskedFor.count || !session.isLoading else { return }
        let missing = photosAskedFor.filter { photos.photo(at: $0) == nil }
        photosAskedFor = []
        setSelection(Set(found.map(\.path)))
        if let first = found.first { emit(.show(.reveal(path: first.path))) }
        open(found)
        if !missing.isEmpty { tell(.notFound(missing)) }
    }

    private func trash(_ paths: [String]) {
        tasks.start { [jobs = files.jobs] in await jobs.trash(paths) }
    }
}

/// What a photo window reads of the list it steps through: photos by path
/// and by place in the order shown, and the keywords to offer. What it
/// changes goes through the flow, as the list's intents.
extension PhotoListLogic: PhotoSequence {
    public func photo(at path: String) -> Photo? { photos.photo(at: path) }

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

    public var knownKeywords: [Keyword] { edits.knownKeywords }

    public func sharpnessRank(of photo: Photo) -> SharpnessRank? {
        photo.sharpness.flatMap { photos.sharpnessRank(of: $0) }
    }
}

/// Photo windows to open: a few at most, however many photos are asked for.
struct PhotosToOpen: Equatable, Sendable {
    /// Each photo of a big selection would open a window of its own: ten
    /// are more than anyone compares at once.
    static let limit = 10

    let photos: [Photo]
    /// Says so when the limit left some out.
    let notice: Notice?

    init(_ asked: [Photo]) {
        photos = Array(asked.prefix(Self.limit))
        notice = asked.count > Self.limit ? .openedFirst(Self.limit, of: asked.count) : nil
    }
}
