import Foundation

/// The folder a main window shows: opening and loading it, Back and
/// Forward, the folders inside, and following what changes on disk. It
/// fills the list's photos (shared with the other parts of the list
/// logic) and says when the list changed; it shows nothing itself.
@MainActor
final class FolderSession {
    private(set) var folder: Folder?
    /// Why the folder cannot be shown, until another one opens.
    private(set) var problem: FolderProblem?
    /// Every folder the last load walked (to watch them for changes).
    private(set) var folders: [String] = []
    /// The folders right inside the one shown.
    private var subfolders: [String] = []
    /// Whether the folders inside show their photos too (a preference).
    private var includesSubfolders: Bool
    private var history = FolderHistory()
    private(set) var isLoading = false
    private(set) var progress = LoadProgress()
    /// Photos found without metadata in this load: what is left to read.
    /// Counted as they come: counting at the walk's end would go over every
    /// photo of a big folder at once, on the main thread.
    private var foundUnread = 0
    private var loadGeneration = 0
    /// The survey of the folder loaded (`measure`).
    private var measuring: Task<Void, Never>?
    /// The list's tasks, which the survey is one of.
    private let tasks: OwnedTasks
    /// Whether the person scrolled, selected, opened or typed while the
    /// folder loaded (`noteAction`).
    private var actedWhileLoading = false

    private let photos: PhotoCollection
    private let selection: PhotoSelection
    private let library: PhotoLibrary
    private let settings: AppSettings?
    private let edits: MetadataEdits
    /// Told whenever the list shows something new.
    private let changed: @MainActor () -> Void
    /// Told when what was read of photos already listed (their sizes,
    /// camera, focus) is in the list: photo windows opened on them then
    /// show it.
    private let detailsRead: @MainActor () -> Void

    init(photos: PhotoCollection, selection: PhotoSelection, library: PhotoLibrary, settings: AppSettings?,
         edits: MetadataEdits, tasks: OwnedTasks, changed: @escaping @MainActor () -> Void,
         detailsRead: @escaping @MainActor () -> Void = {}) {
        self.photos = photos
        self.selection = selection
        self.library = library
        self.settings = settings
        self.edits = edits
        self.changed = changed
        self.detailsRead = detailsRead
        self.tasks = tasks
        includesSubfolders = settings?.includesSubfolders ?? true
    }

    /// Where the window is: the folder, what is inside, Back and Forward.
    var navigation: FolderNavigation {
        let current = folder?.url.path
        return FolderNavigation(folder: current, subfolders: subfolders, canGoBack: history.canGoBack,
                                canGoForward: history.canGoForward, includesSubfolders: includesSubfolders,
                                recent: (settings?.recentFolders ?? []).filter { $0 != current })
    }

    // MARK: Going somewhere

    /// Opens the folder at `path` and loads it; returns when loading ends
    /// (or the calling task is cancelled). Back then returns to it.
    func load(path: String) async {
        await open(path: path, visiting: true)
    }

    /// Back (Alt+Left): the folder shown before this one.
    func goBack() async {
        guard let path = history.goBack() else { return }
        await open(path: path, visiting: false)
    }

    /// Forward (Alt+Right): the folder Back left.
    func goForward() async {
        guard let path = history.goForward() else { return }
        await open(path: path, visiting: false)
    }

    /// Whether the photos of the folders inside the one shown show too
    /// (kept for the next window); the folder loads again.
    func includeSubfolders(_ on: Bool) async {
        guard on != includesSubfolders else { return }
        includesSubfolders = on
        settings?.save(includingSubfolders: on)
        guard let folder else { return changed() }
        await open(path: folder.url.path, visiting: false)
    }

    private func open(path: String, visiting: Bool) async {
        switch Folder.open(path: path) {
        case .failure(let problem):
            loadGeneration += 1
            setLoading(false)
            folder = nil
            subfolders = []
            photos.removeAll()
            _ = selection.set([])
            self.problem = problem
            changed()
        case .success(let folder):
            if visiting { history.visit(folder.url.path) }
            settings?.save(recentFolders: [folder.url.path] + (settings?.recentFolders ?? []).filter { $0 != folder.url.path })
            await load(folder)
        }
    }

    private func load(_ folder: Folder) async {
        // A newer load (even of the same folder) takes over from this one.
        loadGeneration += 1
        let generation = loadGeneration
        self.folder = folder
        problem = nil
        folders = []
        subfolders = []
        edits.folderLoads()
        actedWhileLoading = false
        photos.removeAll()
        _ = selection.set([])
        progress = LoadProgress()
        foundUnread = 0
        setLoading(true)
        changed()
        var lastPublished: ContinuousClock.Instant?
        // Batches come sorted in the current order: merging them is one
        // pass on the main thread (a batch sorted in an order changed
        // meanwhile is sorted again here).
        for await event in library.load(folder, order: photos.order, includingSubfolders: includesSubfolders) {
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
                changed()
            } else if case .updated = event, lastPublished.map({ now - $0 >= .milliseconds(100) }) ?? true {
                lastPublished = now
                changed()
                detailsRead()
            } else if case .scanned = event {
                changed()
            }
            // Buffered events would otherwise be handled back to back:
            // let the main loop draw a frame between two of them.
            await Task.yield()
        }
        guard generation == loadGeneration else { return }
        setLoading(false)
        if progress.metadataRead > 0 { detailsRead() }
        measure(generation: generation)
        // The dates read take their places, in one step, unless the
        // person began working with the photos meanwhile: then they wait
        // until asked for (`sortByDatesRead`), and nothing moves under the
        // person. (Sorted by anything but the date taken, they move
        // nothing.)
        if photos.hasHeldDates, !(actedWhileLoading && photos.order.key == .dateTaken) {
            if await photos.takeHeldDates() { changed() }
            return
        }
        changed()
    }

    /// Measures, in the background, the photos not yet measured (how sharp
    /// they are, how much they clipped); each measure joins its photo as it
    /// comes (the list, a sort by sharpness, a filter, the photo windows).
    /// A new load stops it.
    private func measure(generation: Int) {
        measuring?.cancel()
        let unmeasured = photos.all.filter { $0.measures == nil }
        guard !unmeasured.isEmpty else { return }
        // Lasting: it may take minutes for a big folder, and `settled()`
        // waits for what an intent started, not for this.
        measuring = tasks.start(lasting: true) { [weak self, library] in
            for await measures in library.measure(unmeasured) {
                guard let self, generation == loadGeneration, !Task.isCancelled else { return }
                photos.setMeasures(measures)
                changed()
                detailsRead()
            }
        }
    }

    private func setLoading(_ on: Bool) {
        isLoading = on
        photos.holdsDates = on
    }

    /// The person scrolled, selected, opened or typed: while the folder
    /// loads, the photos keep the places they are shown at from now on.
    func noteAction() {
        if isLoading { actedWhileLoading = true }
    }

    /// "Sort by Date Taken" on the dates that waited: they take their
    /// places now, in one step.
    func sortByDatesRead() async {
        guard photos.hasHeldDates else { return }
        if await photos.takeHeldDates() { changed() }
    }

    /// Whether dates read wait for "Sort by Date Taken" (see PhotoList).
    var datesWaiting: Bool { !isLoading && photos.hasHeldDates && photos.order.key == .dateTaken }

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
            photos.replace(edits.keepingDecisions(updated))
            progress.metadataRead += updated.count
        case .finished:
            break
        }
    }

    // MARK: Changes on disk

    /// A change on disk the watcher reported. Answers what the photo
    /// windows must hear, if anything.
    func apply(_ change: FolderChange) async {
        switch change {
        case .changed(let path): await fileChanged(path: path)
        case .removed(let path): fileRemoved(path: path)
        case .moved(let from, let to): await fileMoved(from: from, to: to)
        case .folderAdded(let path): await folderAdded(path: path)
        }
    }

    /// Whether `path` is inside the folder shown.
    func holds(_ path: String) -> Bool {
        guard let folder else { return false }
        return path.hasPrefix(folder.url.path + "/")
    }

    /// A folder appeared inside the open one: its photos join the list
    /// (when the folders inside show theirs), and one right inside is
    /// offered to go into.
    private func folderAdded(path: String) async {
        guard let folder, holds(path) else { return }
        if !path.dropFirst(folder.url.path.count + 1).contains("/"), !subfolders.contains(path) {
            subfolders = (subfolders + [path]).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        }
        guard includesSubfolders else { return changed() }
        var found: [String: Photo] = [:]
        for await event in library.load(Folder(url: URL(fileURLWithPath: path)), order: photos.order) {
            switch event {
            case .found(let photos), .updated(let photos): for photo in photos { found[photo.path] = photo }
            default: break
            }
        }
        guard self.folder == folder else { return }
        photos.insert(found.values.filter { photos.photo(at: $0.path) == nil })
        changed()
    }

    /// A file appeared or changed on disk (an XMP sidecar: its photos).
    func fileChanged(path: String) async {
        guard let folder, holds(path) else { return }
        if SidecarNaming.isSidecar(Photo.name(of: path)) { return await sidecarChanged(path: path) }
        if let photo = await library.reload(path: path), self.folder == folder {
            if photos.photo(at: path) == nil { photos.insert([photo]) } else { photos.replace([photo]) }
            return changed()
        }
        fileRemoved(path: path)
    }

    /// A file vanished from disk; a folder that vanished takes its photos.
    func fileRemoved(path: String) {
        if let folder, path == folder.url.path { return folderGone(path: path) }
        let folderWent = subfolders.contains(path)
        subfolders.removeAll { $0 == path }
        let gone = photos.paths(under: path)
        guard !gone.isEmpty else { return folderWent ? changed() : () }
        photos.remove(gone)
        selection.remove(gone)
        changed()
    }

    /// A file was renamed or moved within the folder: it keeps its rating.
    /// Lightbox's own rating writes swap a photo with a rewritten copy;
    /// the rating queue tells of those (see MetadataEdits).
    func fileMoved(from old: String, to new: String) async {
        if RatingTemporary.isTemporary(new) || RatingTemporary.isTemporary(old) { return }
        // In the rating queue's order: after any rating given before.
        await library.ratings.move(from: old, to: new)
        selection.rename(old, to: new)
        fileRemoved(path: old)
        await fileChanged(path: new)
    }

    /// An XMP sidecar appeared, changed or vanished: the photos it
    /// belongs to are read again (its rating may now be theirs).
    private func sidecarChanged(path: String) async {
        let base = String(path.dropLast(4))
        let owners = photos.all.map(\.path).filter { photo in
            photo == base || (String(photo.dropLast(Photo.name(of: photo).count)) + Photo.stem(of: photo)) == base
        }
        for owner in owners {
            if let photo = await library.reload(path: owner), photos.photo(at: owner) != nil { photos.replace([photo]) }
        }
        if !owners.isEmpty { changed() }
    }

    /// The open folder itself is gone.
    private func folderGone(path: String) {
        photos.removeAll()
        _ = selection.set([])
        setLoading(false)
        problem = .missing(path: path)
        changed()
    }
}
