import Foundation

/// What a main window does with a folder of photos, without GTK: loading
/// it, sorting and filtering, rating, and following changes on disk. One
/// method per user action; each answers with the new state, and
/// `onChange` reports states that arrive while loading.
@MainActor
public final class PhotoListLogic {
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

    public private(set) var state: State = .idle
    /// Called whenever the state changes on its own (while loading, or
    /// when files change on disk).
    public var onChange: (State) -> Void = { _ in }

    public private(set) var order = PhotoOrder.standard
    public private(set) var filter = PhotoFilter()
    public private(set) var folder: Folder?
    /// Every folder the last load walked (to watch them for changes).
    public private(set) var folders: [String] = []

    private let library: PhotoLibrary
    private var byPath: [String: Photo] = [:]
    private var visible: [Photo] = []
    private var progress = LoadProgress()
    private var loading = false
    private var loadGeneration = 0

    public init(library: PhotoLibrary) {
        self.library = library
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
            visible = []
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
        visible = []
        progress = LoadProgress()
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
            publish(makeState())
        }
        return state
    }

    public func sort(by order: PhotoOrder) -> State {
        self.order = order
        visible.sort(by: order.areInIncreasingOrder)
        return publish(makeState())
    }

    public func filter(_ filter: PhotoFilter) -> State {
        self.filter = filter
        rebuildVisible()
        return publish(makeState())
    }

    /// Rates a photo (0 clears the rating); saved at once, off the main thread.
    public func rate(path: String, stars: Int) -> State {
        guard var photo = byPath[path] else { return state }
        photo.rate(stars)
        replace([photo])
        let index = library.index
        let stars = photo.rating
        Task.detached(priority: .userInitiated) { try? index.setRating(stars, for: path) }
        return publish(makeState())
    }

    /// A folder appeared inside the open one: its photos join the list.
    @discardableResult
    public func folderAdded(path: String) async -> State {
        guard let folder, path.hasPrefix(folder.url.path + "/") else { return state }
        var found: [String: Photo] = [:]
        for await event in library.load(Folder(url: URL(fileURLWithPath: path)), order: order) {
            switch event {
            case .found(let photos), .updated(let photos): for photo in photos { found[photo.path] = photo }
            default: break
            }
        }
        guard self.folder == folder else { return state }
        insert(found.values.filter { byPath[$0.path] == nil })
        return publish(makeState())
    }

    /// A file appeared or changed on disk.
    @discardableResult
    public func fileChanged(path: String) async -> State {
        guard let folder, path.hasPrefix(folder.url.path + "/") else { return state }
        if let photo = await library.reload(path: path), self.folder == folder {
            if byPath[path] == nil { insert([photo]) } else { replace([photo]) }
            return publish(makeState())
        }
        return fileRemoved(path: path)
    }

    /// A file vanished from disk; a folder that vanished takes its photos.
    @discardableResult
    public func fileRemoved(path: String) -> State {
        if let folder, path == folder.url.path {
            // The open folder itself is gone.
            byPath = [:]
            visible = []
            loading = false
            return publish(.failed(.missing(path: path)))
        }
        let prefix = path + "/"
        let gone = byPath.keys.filter { $0 == path || $0.hasPrefix(prefix) }
        guard !gone.isEmpty else { return state }
        for key in gone { byPath[key] = nil }
        let goneSet = Set(gone)
        visible.removeAll { goneSet.contains($0.path) }
        return publish(makeState())
    }

    /// A file was renamed or moved within the folder: it keeps its rating.
    @discardableResult
    public func fileMoved(from old: String, to new: String) async -> State {
        let index = library.index
        await Task.detached { try? index.move(from: old, to: new) }.value
        _ = fileRemoved(path: old)
        return await fileChanged(path: new)
    }

    // MARK: Queries

    public func photo(at path: String) -> Photo? { byPath[path] }

    /// The photos shown now, in order.
    public var visiblePhotos: [Photo] { visible }

    /// The photo `offset` places after (or before, when negative) `path`
    /// in the current order, or nil past either end.
    public func neighbour(of path: String, offset: Int) -> Photo? {
        guard let position = visible.firstIndex(where: { $0.path == path }) else { return nil }
        let target = position + offset
        return visible.indices.contains(target) ? visible[target] : nil
    }

    // MARK: Applying changes

    private func apply(_ event: LibraryEvent) {
        switch event {
        case .found(let photos):
            insert(photos)
            progress.found += photos.count
        case .scanned(_, let walked):
            folders = walked
            progress.scanFinished = true
            progress.metadataTotal = byPath.values.count { $0.metadata == nil }
        case .updated(let photos):
            replace(photos)
            progress.metadataRead += photos.count
        case .finished:
            break
        }
    }

    /// Adds photos, merging them into the visible order in linear time.
    private func insert(_ photos: [Photo]) {
        for photo in photos { byPath[photo.path] = photo }
        let accepts = filter.predicate()
        let added = photos.filter(accepts).sorted(by: order.areInIncreasingOrder)
        guard !added.isEmpty else { return }
        var merged: [Photo] = []
        merged.reserveCapacity(visible.count + added.count)
        var i = 0, j = 0
        while i < visible.count, j < added.count {
            if order.areInIncreasingOrder(added[j], visible[i]) {
                merged.append(added[j]); j += 1
            } else {
                merged.append(visible[i]); i += 1
            }
        }
        merged.append(contentsOf: visible[i...])
        merged.append(contentsOf: added[j...])
        visible = merged
    }

    /// Replaces photos whose data changed, moving them if their place did.
    /// Each is found by a binary search on its old place in the order, so
    /// a batch costs one pass over the visible photos, with no hashing of
    /// them (a big folder's metadata arrives in many batches).
    private func replace(_ photos: [Photo]) {
        var known: [Photo] = []
        var leaving: [Int] = []
        for photo in photos {
            guard let old = byPath[photo.path] else { continue }
            known.append(photo)
            if let index = visibleIndex(of: old) { leaving.append(index) }
        }
        guard !known.isEmpty else { return }
        if !leaving.isEmpty {
            leaving.sort()
            var kept: [Photo] = []
            kept.reserveCapacity(visible.count - leaving.count)
            var next = 0
            for (index, photo) in visible.enumerated() {
                if next < leaving.count, leaving[next] == index {
                    next += 1
                } else {
                    kept.append(photo)
                }
            }
            visible = kept
        }
        insert(known)
    }

    /// Where `photo`, as the list knows it now, is among the visible
    /// photos; nil when the filter hides it.
    private func visibleIndex(of photo: Photo) -> Int? {
        var low = 0, high = visible.count
        while low < high {
            let middle = (low + high) / 2
            if order.areInIncreasingOrder(visible[middle], photo) { low = middle + 1 } else { high = middle }
        }
        if low < visible.count, visible[low].path == photo.path { return low }
        return nil
    }

    private func rebuildVisible() {
        visible = byPath.values.filter(filter.predicate()).sorted(by: order.areInIncreasingOrder)
    }

    private func makeState() -> State {
        guard let folder else { return .idle }
        let list = PhotoList(folder: folder, photos: visible, total: byPath.count)
        if loading { return .loading(list, progress) }
        return byPath.isEmpty ? .empty(folder) : .presenting(list)
    }

    @discardableResult
    private func publish(_ new: State) -> State {
        state = new
        onChange(new)
        return new
    }
}
