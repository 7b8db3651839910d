import Foundation

/// What a main window does with a folder of photos, without GTK: loading
/// it, sorting and filtering, rating, and following changes on disk. One
/// method per user action; each answers with the state it leads to, and
/// `onChange` reports every state shown (those that arrive while loading
/// or sorting included).
@MainActor
public final class PhotoListLogic: StatePublishing {
    public enum State: Equatable, Sendable {
        /// No folder chosen yet.
        case idle
        /// Loading: the photos found so far are already browsable.
        case loading(PhotoList, LoadProgress)
        case presenting(PhotoList)
        /// The folder holds no photos.
        case empty(Folder)
        /// The folder cannot be opened.
        case failed(FolderProblem)
    }

    public let output = StateOutput(State.idle)

    /// The order asked for last (the list takes it once it is sorted).
    public var order: PhotoOrder { photos.order }
    public var filter: PhotoFilter { photos.filter }
    /// How large the grid's thumbnails are.
    public private(set) var zoom = GridZoom.standard
    public private(set) var folder: Folder?
    /// Every folder the last load walked (to watch them for changes).
    public private(set) var folders: [String] = []
    /// The folders right inside the one shown (see `navigation`).
    var subfolders: [String] = []
    /// Whether the folders inside show their photos too (a preference).
    public private(set) var includesSubfolders = true
    private var history = FolderHistory()

    /// The folder's photos, and those shown in order (see PhotoCollection).
    let photos: PhotoCollection
    /// The photos picked, acted on by the batch actions (see
    /// PhotoListLogic+Selection).
    let selection = PhotoSelection()
    let library: PhotoLibrary
    let trash: PhotoTrash
    /// Photos asked for by path, to select and open once the list holds
    /// them (see PhotoListLogic+Opening).
    var photosAskedFor: [String] = []
    /// Files written whose new size and time the photos are still to take.
    private var writtenStamps: [String: (size: Int64, time: Int)] = [:]
    /// Whether the person scrolled, selected, opened or typed while the
    /// folder loaded (`noteAction`).
    private var actedWhileLoading = false
    /// Photos rated or tagged while their folder loads: the metadata read
    /// for them afterwards must not bring back what they were before.
    var decidedWhileLoading: Set<String> = []
    /// The keywords added last, the latest first (offered first while
    /// typing one; see PhotoListLogic+Tags), kept for the next window.
    var recentKeywords: [Keyword] = [] {
        didSet { if recentKeywords != oldValue { settings?.save(recentKeywords: recentKeywords) } }
    }
    /// Where the order and the rating filters are kept for the next window.
    private let settings: AppSettings?
    /// Rating writes that failed, the first shown until dismissed.
    private var ratingFailures: [RatingWriteFailure] = []
    private var progress = LoadProgress()
    /// Photos found without metadata in this load: what is left to read.
    /// Counted as they come: counting at the walk's end would go over every
    /// photo of a big folder at once, on the main thread.
    private var foundUnread = 0
    private(set) var loading = false
    private var loadGeneration = 0

    /// - Parameters:
    ///   - trash: moves photos to the trash and back (the desktop's trash
    ///     in the app, a folder of its own in tests).
    ///   - settings: the order and rating filters to start with, and where
    ///     new ones are kept; nil starts with the standard ones.
    ///   - rebuilding: where sorting and filtering run (off the main thread
    ///     unless a test holds them).
    public init(library: PhotoLibrary, trash: PhotoTrash, settings: AppSettings? = nil,
                rebuilding: @escaping Rebuilding = offMainThread) {
        self.library = library
        self.trash = trash
        self.settings = settings
        photos = PhotoCollection(order: settings?.order ?? .standard, filter: settings?.filter ?? PhotoFilter(),
                                 pairsRawAndJPEG: settings?.preferences.pairsRawAndJPEG ?? true, rebuilding: rebuilding)
        zoom = settings?.gridZoom ?? .standard
        includesSubfolders = settings?.includesSubfolders ?? true
        recentKeywords = settings?.recentKeywords ?? []
        observeRatings()
    }

    // MARK: Actions

    /// Opens the folder at `path` and loads it; returns when loading ends
    /// (or the calling task is cancelled). Back then returns to the folder
    /// shown before.
    @discardableResult
    public func load(path: String) async -> State {
        await open(path: path, visiting: true)
    }

    /// Back (Alt+Left): the folder shown before this one.
    @discardableResult
    public func goBack() async -> State {
        guard let path = history.goBack() else { return state }
        return await open(path: path, visiting: false)
    }

    /// Forward (Alt+Right): the folder Back left.
    @discardableResult
    public func goForward() async -> State {
        guard let path = history.goForward() else { return state }
        return await open(path: path, visiting: false)
    }

    /// Whether the photos of the folders inside the one shown show too
    /// (kept for the next window); the folder loads again.
    @discardableResult
    public func includeSubfolders(_ on: Bool) async -> State {
        guard on != includesSubfolders else { return state }
        includesSubfolders = on
        settings?.save(includingSubfolders: on)
        guard let folder else { return publish(makeState()) }
        return await open(path: folder.url.path, visiting: false)
    }

    /// Where the window is: the folder, what is inside, Back and Forward.
    public var navigation: FolderNavigation {
        let current = folder?.url.path
        return FolderNavigation(folder: current, subfolders: subfolders, canGoBack: history.canGoBack,
                                canGoForward: history.canGoForward, includesSubfolders: includesSubfolders,
                                recent: (settings?.recentFolders ?? []).filter { $0 != current })
    }

    private func open(path: String, visiting: Bool) async -> State {
        switch Folder.open(path: path) {
        case .failure(let problem):
            loadGeneration += 1
            setLoading(false)
            folder = nil
            subfolders = []
            photos.removeAll()
            _ = selection.set([])
            return publish(.failed(problem))
        case .success(let folder):
            if visiting { history.visit(folder.url.path) }
            settings?.save(recentFolders: [folder.url.path] + (settings?.recentFolders ?? []).filter { $0 != folder.url.path })
            return await load(folder)
        }
    }

    private func load(_ folder: Folder) async -> State {
        // A newer load (even of the same folder) takes over from this one.
        loadGeneration += 1
        let generation = loadGeneration
        self.folder = folder
        folders = []
        subfolders = []
        decidedWhileLoading = []
        actedWhileLoading = false
        photos.removeAll()
        _ = selection.set([])
        progress = LoadProgress()
        foundUnread = 0
        setLoading(true)
        publish(makeState())
        var lastPublished: ContinuousClock.Instant?
        // Batches come sorted in the current order: merging them is one
        // pass on the main thread (a batch sorted in an order changed
        // meanwhile is sorted again here).
        for await event in library.load(folder, order: order, includingSubfolders: includesSubfolders) {
            guard generation == loadGeneration else { break }
            apply(event)
            // Merging a batch and showing it are two pieces of main-thread
            // work: a frame can be drawn between them.
            await Task.yield()
            guard generation == loadGeneration else { break }
            // Events arrive faster than anyone can see: the first batch is
            // shown at once, then at most ten states a second, so a big
            // folder costs the main thread a few merges, not thousands.
            let now = ContinuousClock.now
            if case .found = event, lastPublished == nil || now - lastPublished! >= .milliseconds(100) {
                lastPublished = now
                publish(makeState())
            } else if case .updated = event, lastPublished.map({ now - $0 >= .milliseconds(100) }) ?? true {
                lastPublished = now
                publish(makeState())
            } else if case .scanned = event {
                publish(makeState())
            }
            // Buffered events would otherwise be handled back to back:
            // let the main loop draw a frame between two of them.
            await Task.yield()
        }
        if generation == loadGeneration {
            setLoading(false)
            // The dates read take their places, in one step, unless the
            // person began working with the photos meanwhile: then they
            // wait until asked for (`sortByDatesRead`), and nothing moves
            // under the person. (Sorted by anything but the date taken,
            // they move nothing.)
            if photos.hasHeldDates, !(actedWhileLoading && order.key == .dateTaken) {
                return await photos.takeHeldDates() ? publish(makeState()) : state
            }
            publish(makeState())
        }
        return state
    }

    private func setLoading(_ on: Bool) {
        loading = on
        photos.holdsDates = on
    }

    /// The person scrolled, selected, opened or typed: while the folder
    /// loads, the photos keep the places they are shown at from now on.
    public func noteAction() {
        if loading { actedWhileLoading = true }
    }

    /// "Sort by Date Taken" on the dates that waited (`PhotoList.datesWaiting`):
    /// they take their places now, in one step.
    @discardableResult
    public func sortByDatesRead() async -> State {
        guard photos.hasHeldDates else { return state }
        return await photos.takeHeldDates() ? publish(makeState()) : state
    }

    /// Sorts the list off the main thread; returns once it is shown (or,
    /// when a newer sort, filter or folder came first, the state then).
    public func sort(by order: PhotoOrder) async -> State {
        settings?.save(order)
        return await photos.sort(by: order) ? publish(makeState()) : state
    }

    /// Filters the list off the main thread; returns like `sort(by:)`.
    public func filter(_ filter: PhotoFilter) async -> State {
        // The rating, label and file filters are kept; a search is not
        // (see `PhotoFilter.kept`).
        if filter.kept != self.filter.kept { settings?.save(filter) }
        return await photos.filter(by: filter) ? publish(makeState()) : state
    }

    /// Whether a RAW and a JPEG (or HEIC) of one shot show as one photo
    /// from now on (the preference, kept by the preferences window).
    @discardableResult
    public func pairRawAndJPEG(_ on: Bool) async -> State {
        await photos.pairRawAndJPEG(on) ? publish(makeState()) : state
    }

    /// The grid's thumbnails at `level` from now on, and in the next window.
    @discardableResult
    public func zoom(to level: GridZoom) -> State {
        guard level != zoom else { return state }
        zoom = level
        settings?.save(level)
        return state
    }

    // MARK: Applying changes

    private func apply(_ event: LibraryEvent) {
        switch event {
        case .found(let found):
            photos.insert(found)
            progress.found += found.count
            foundUnread += found.count { !$0.hasMetadata }
        case .scanned(_, let walked, let inside):
            folders = walked
            subfolders = inside
            progress.scanFinished = true
            progress.metadataTotal = foundUnread
        case .updated(let updated):
            // Read from the files (and the index) as they were: a rating or
            // tags given since are kept over what was read.
            photos.replace(decidedWhileLoading.isEmpty ? updated : updated.map { read in
                guard decidedWhileLoading.contains(read.path), let now = photos.photo(at: read.path) else { return read }
                var kept = read
                kept.rate(now.rating)
                kept.tags = now.tags
                return kept
            })
            progress.metadataRead += updated.count
        case .finished:
            break
        }
    }

    /// The open folder itself is gone (see PhotoListLogic+Disk).
    func folderGone(path: String) -> State {
        photos.removeAll()
        _ = selection.set([])
        setLoading(false)
        return publish(.failed(.missing(path: path)))
    }

    func makeState() -> State {
        guard let folder else { return .idle }
        let list = PhotoList(folder: folder, photos: photos.shownPhotos, total: photos.count, files: photos.fileCount,
                             ratingFailure: ratingFailures.first, selection: selection.shown(photos.isShown),
                             datesWaiting: !loading && photos.hasHeldDates && order.key == .dateTaken)
        if loading { return .loading(list, progress) }
        return photos.isEmpty ? .empty(folder) : .presenting(list)
    }

    // MARK: Rating writes

    /// The files written since the last turn of the main loop take their
    /// new sizes and times.
    private func takeWrittenStamps() {
        let stamps = writtenStamps
        writtenStamps = [:]
        let changed = stamps.compactMap { path, stamp -> Photo? in
            guard let photo = photos.photo(at: path), photo.fileSize != stamp.size || photo.modificationTime != stamp.time
            else { return nil }
            return photo.withFile(size: stamp.size, modificationTime: stamp.time)
        }
        guard !changed.isEmpty else { return }
        photos.replace(changed)
        publish(makeState())
    }

    /// The failure shown now was seen: the next one, if any, takes its place.
    @discardableResult
    public func dismissRatingFailure() -> State {
        guard !ratingFailures.isEmpty else { return state }
        ratingFailures.removeFirst()
        return publish(makeState())
    }

    /// The rating write failure to show now, if any.
    public var ratingFailure: RatingWriteFailure? { ratingFailures.first }

    private func observeRatings() {
        library.ratings.observe(owner: self) { [weak self] event in
            Task { @MainActor in self?.handle(event) }
        }
    }

    /// What the rating queue reports of the writes it made.
    private func handle(_ event: RatingEvent) {
        switch event {
        case .written(let path, let size, let time):
            // The file changed on disk: the photo takes the new size and
            // time. After a rating its thumbnail, re-stamped to them, stays
            // valid; after a rotation it no longer matches and is made again.
            // A batch writes one file after another: the stamps that come
            // meanwhile are taken together, in one state (and one change of
            // the grid), not one a file.
            if writtenStamps.isEmpty { Task { [weak self] in self?.takeWrittenStamps() } }
            writtenStamps[path] = (size, time)
            return
        case .failed(let failure):
            ratingFailures.append(failure)
        case .rotationFailed(let path):
            // The orientation shown is the file's again.
            Task {
                if let photo = await library.reload(path: path), photos.photo(at: path) != nil {
                    photos.replace([photo])
                    publish(makeState())
                }
            }
            return
        }
        publish(makeState())
    }
}
