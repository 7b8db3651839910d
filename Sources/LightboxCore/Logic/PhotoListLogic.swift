import Foundation

/// What a main window does with a folder of photos, without GTK: loading
/// it, sorting and filtering, rating, and following changes on disk. One
/// method per user action; each answers with the state it leads to, and
/// `onChange` reports every state shown (those that arrive while loading
/// or sorting included).
@MainActor
public final class PhotoListLogic: LogicController {
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
    public private(set) var order = PhotoOrder.standard
    public private(set) var filter = PhotoFilter()
    /// How large the grid's thumbnails are (see PhotoListLogic+Zoom).
    public internal(set) var zoom = GridZoom.standard
    public private(set) var folder: Folder?
    /// Every folder the last load walked (to watch them for changes).
    public private(set) var folders: [String] = []

    let library: PhotoLibrary
    let trash: PhotoTrash
    /// Where the order and the rating filters are kept for the next window.
    let settings: AppSettings?
    // Internal, not private: the disk and rating actions live in extensions.
    var byPath: [String: Photo] = [:]
    /// The photos selected, by path; those the filter hides stay in it (the
    /// filter may show them again) but are neither shown as selected nor
    /// acted on. See PhotoListLogic+Selection.
    var selection: Set<String> = []
    /// Photos whose date taken was read while their folder loaded, and the
    /// date they stay sorted by until it has loaded: a photo on screen does
    /// not move under the pointer as dates arrive. The list takes the dates
    /// read in one step at the end (or at a sort or filter change), which
    /// moves nothing when they follow the files' times, as a camera's do.
    var heldDates: [String: Date] = [:]
    /// Rating writes that failed, the first shown until dismissed.
    var ratingFailures: [RatingWriteFailure] = []
    /// The photos the filter lets through, in order.
    var visible = SortedPhotos(order: .standard)
    private var progress = LoadProgress()
    /// Photos found without metadata in this load: what is left to read.
    /// Counted as they come: counting at the walk's end would go over every
    /// photo of a big folder at once, on the main thread.
    private var foundUnread = 0
    var loading = false
    private var loadGeneration = 0
    /// Sorting and filtering rebuild the list off the main thread.
    private var rebuilds = ListRebuilds()
    private let rebuilding: Rebuilding

    /// - Parameters:
    ///   - trash: moves photos to the trash and back (the desktop's trash
    ///     in the app, a folder of its own in tests).
    ///   - settings: the order and rating filters to start with, and where
    ///     new ones are kept; nil starts with the standard ones.
    public init(library: PhotoLibrary, trash: PhotoTrash, settings: AppSettings? = nil,
                rebuilding: @escaping Rebuilding = offMainThread) {
        self.library = library
        self.trash = trash
        self.settings = settings
        if let settings {
            order = settings.order
            filter = settings.filter
            zoom = settings.gridZoom
            visible = SortedPhotos(order: order)
        }
        self.rebuilding = rebuilding
        observeRatings()
    }

    // MARK: Actions

    /// Opens the folder at `path` and loads it; returns when loading ends
    /// (or the calling task is cancelled).
    @discardableResult
    public func load(path: String) async -> State {
        switch Folder.open(path: path) {
        case .failure(let problem):
            loadGeneration += 1
            loading = false
            folder = nil
            byPath = [:]
            selection = []
            resetVisible()
            return publish(.failed(problem))
        case .success(let folder):
            return await load(folder)
        }
    }

    private func load(_ folder: Folder) async -> State {
        // A newer load (even of the same folder) takes over from this one.
        loadGeneration += 1
        let generation = loadGeneration
        self.folder = folder
        folders = []
        byPath = [:]
        selection = []
        resetVisible()
        progress = LoadProgress()
        foundUnread = 0
        loading = true
        publish(makeState())
        var lastPublished: ContinuousClock.Instant?
        // Batches come sorted in the current order: merging them is one
        // pass on the main thread (a batch sorted in an order changed
        // meanwhile is sorted again here).
        for await event in library.load(folder, order: order) {
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
            loading = false
            // The dates read take their places, in one step. It is the
            // load's own last step, not a sort asked for, so it does not
            // wait where tests hold the person's sorts and filters.
            if !heldDates.isEmpty { return await rebuildAll(running: PhotoListLogic.offMainThread) }
            publish(makeState())
        }
        return state
    }

    /// Sorts the list off the main thread; returns once it is shown (or,
    /// when a newer sort, filter or folder came first, the state then).
    public func sort(by order: PhotoOrder) async -> State {
        self.order = order
        settings?.save(order)
        // The list as shown holds the photos to sort, unless another
        // rebuild (a new filter) is under way or some are shown with the
        // dates they are held at.
        if !rebuilds.isUnderWay, heldDates.isEmpty {
            let photos = visible.photos
            return await rebuild { SortedPhotos(photos, order: order) }
        }
        return await rebuildAll()
    }

    /// Filters the list off the main thread; returns like `sort(by:)`.
    public func filter(_ filter: PhotoFilter) async -> State {
        // The rating filters are kept; a search is not (see AppSettings).
        if filter.minimumRating != self.filter.minimumRating || filter.rejected != self.filter.rejected {
            settings?.save(filter)
        }
        self.filter = filter
        return await rebuildAll()
    }

    // MARK: Applying changes

    private func apply(_ event: LibraryEvent) {
        switch event {
        case .found(let photos):
            insert(photos)
            progress.found += photos.count
            foundUnread += photos.count { !$0.hasMetadata }
        case .scanned(_, let walked):
            folders = walked
            progress.scanFinished = true
            progress.metadataTotal = foundUnread
        case .updated(let photos):
            replace(photos)
            progress.metadataRead += photos.count
        case .finished:
            break
        }
    }

    /// Adds photos, merging those the filter lets through into the order.
    func insert(_ photos: [Photo]) {
        // Grown once for a batch (up to 4,096 photos: the rest of a folder
        // walked while the index was read), not doubled along the way.
        byPath.reserveCapacity(byPath.count + photos.count)
        for photo in photos {
            byPath[photo.path] = photo
            // A photo back at a path (an Undo) is shown as it is now.
            if !heldDates.isEmpty { heldDates[photo.path] = nil }
        }
        change(.merge(photos))
    }

    /// Replaces photos whose data changed, moving them if their place did
    /// (while the folder loads, not for a date read: see `heldDates`).
    func replace(_ photos: [Photo]) {
        let known = photos.filter { byPath[$0.path] != nil }
        guard !known.isEmpty else { return }
        let old = known.compactMap { byPath[$0.path] }
        let oldShown = old.map(shown)
        for (photo, was) in zip(known, oldShown) {
            byPath[photo.path] = photo
            if loading { heldDates[photo.path] = photo.dateTaken == was.dateTaken ? nil : was.dateTaken }
        }
        // A rebuild under way sorts the photos as they are: it records
        // them so, and the list it makes holds no dates.
        visible.apply(.replace(old: oldShown, new: known.map(shown)), including: filter.predicate())
        rebuilds.record(.replace(old: old, new: known))
    }

    /// `photo` as the list shown holds it (see `heldDates`).
    func shown(_ photo: Photo) -> Photo {
        heldDates[photo.path].map { photo.placed(at: $0) } ?? photo
    }

    /// Changes the list shown, and the one being rebuilt if there is one.
    func change(_ change: SortedPhotos.Change) {
        visible.apply(change, including: filter.predicate())
        rebuilds.record(change)
        if case .remove(let paths) = change, !heldDates.isEmpty {
            for path in paths { heldDates[path] = nil }
        }
    }

    /// Every photo, filtered and sorted anew.
    private func rebuildAll(running runner: Rebuilding? = nil) async -> State {
        let photos = Array(byPath.values), order = order, included = filter.predicate()
        return await rebuild(running: runner) { SortedPhotos(photos.filter(included), order: order) }
    }

    /// Shows the list `make` builds off the main thread, with the changes
    /// made meanwhile, unless a newer rebuild or load came first.
    private func rebuild(running runner: Rebuilding? = nil,
                         _ make: @escaping @Sendable () -> SortedPhotos) async -> State {
        let ticket = rebuilds.begin()
        let rebuilt = await (runner ?? rebuilding)(make)
        guard let list = rebuilds.finish(ticket, rebuilt, including: filter.predicate()) else { return state }
        visible = list
        heldDates = [:]
        return publish(makeState())
    }

    /// An empty list; a rebuild under way is dropped.
    func resetVisible() {
        rebuilds.cancel()
        heldDates = [:]
        visible = SortedPhotos(order: order)
    }

    func makeState() -> State {
        guard let folder else { return .idle }
        let list = PhotoList(folder: folder, photos: visible.photos, total: byPath.count,
                             ratingFailure: ratingFailures.first, selection: shownSelection)
        if loading { return .loading(list, progress) }
        return byPath.isEmpty ? .empty(folder) : .presenting(list)
    }

}
