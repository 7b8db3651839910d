import Foundation

/// The photos of the open folder: every one by path, and the list shown,
/// those the filter lets through in the order asked for. Sorting and
/// filtering rebuild the list off the main thread while it goes on
/// changing (see `ListRebuilds`); a date read while the folder loads does
/// not move its photo (see `holdsDates`).
@MainActor
final class PhotoCollection {
    /// The order asked for last (the list takes it once it is rebuilt).
    private(set) var order: PhotoOrder
    private(set) var filter: PhotoFilter
    /// While true (a folder loading), a photo whose date taken is read
    /// stays sorted by the date it had, so that a photo on screen does not
    /// move under the pointer as dates arrive. The dates read take their
    /// places in one step at the end (`takeHeldDates`), or at a sort or
    /// filter change; that step moves nothing when they follow the files'
    /// times, as a camera's do.
    var holdsDates = false

    private var byPath: [String: Photo] = [:]
    /// The photos the filter lets through, in order.
    private var shown: SortedPhotos
    /// Photos whose date was read while holding, and the date they stay
    /// sorted by meanwhile.
    private var heldDates: [String: Date] = [:]
    private var rebuilds = ListRebuilds()
    private let rebuilding: PhotoListLogic.Rebuilding

    init(order: PhotoOrder, filter: PhotoFilter, rebuilding: @escaping PhotoListLogic.Rebuilding) {
        self.order = order
        self.filter = filter
        self.rebuilding = rebuilding
        shown = SortedPhotos(order: order)
    }

    // MARK: Reading

    /// How many photos the folder holds, shown or not.
    var count: Int { byPath.count }
    var isEmpty: Bool { byPath.isEmpty }
    /// Every photo, shown or not, in no set order.
    var all: Dictionary<String, Photo>.Values { byPath.values }

    /// The photo at `path` with its data as read.
    func photo(at path: String) -> Photo? { byPath[path] }

    /// The photos shown, in order. While a folder loads, a photo whose date
    /// was read carries the date it is held at: `photo(at:)` has its data
    /// as read.
    var shownPhotos: [Photo] { shown.photos }

    /// Whether the filter lets the photo at `path` through.
    func isShown(_ path: String) -> Bool { byPath[path].map(filter.predicate()) ?? false }

    /// Every photo under `path` (the photo itself, or a folder's).
    func paths(under path: String) -> [String] {
        let prefix = path + "/"
        return byPath.keys.filter { $0 == path || $0.hasPrefix(prefix) }
    }

    // MARK: Changing

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
    /// (not for a date read while holding dates); photos the collection
    /// does not hold are left out.
    func replace(_ photos: [Photo]) {
        let known = photos.filter { byPath[$0.path] != nil }
        guard !known.isEmpty else { return }
        let old = known.compactMap { byPath[$0.path] }
        let oldShown = old.map(asShown)
        for (photo, was) in zip(known, oldShown) {
            byPath[photo.path] = photo
            if holdsDates { heldDates[photo.path] = photo.dateTaken == was.dateTaken ? nil : was.dateTaken }
        }
        // A rebuild under way sorts the photos as they are: it records
        // them so, and the list it makes holds no dates.
        shown.apply(.replace(old: oldShown, new: known.map(asShown)), including: filter.predicate())
        rebuilds.record(.replace(old: old, new: known))
    }

    /// Removes the photos at `paths`; paths it does not hold are ignored.
    func remove(_ paths: some Collection<String>) {
        guard !paths.isEmpty else { return }
        for path in paths {
            byPath[path] = nil
            heldDates[path] = nil
        }
        change(.remove(Set(paths)))
    }

    /// No photo, and the list shown empty in the current order; a rebuild
    /// under way is dropped.
    func removeAll() {
        byPath = [:]
        rebuilds.cancel()
        heldDates = [:]
        shown = SortedPhotos(order: order)
    }

    // MARK: Order and filter

    /// Whether dates read while loading wait to take their places.
    var hasHeldDates: Bool { !heldDates.isEmpty }

    /// Sorts the list anew, off the main thread. Answers whether the list
    /// shown changed: false when a newer rebuild (or a new list) came first.
    func sort(by order: PhotoOrder) async -> Bool {
        self.order = order
        // The list as shown holds the photos to sort, unless another
        // rebuild (a new filter) is under way or some are shown with the
        // dates they are held at.
        if !rebuilds.isUnderWay, heldDates.isEmpty {
            let photos = shown.photos
            return await rebuild { SortedPhotos(photos, order: order) }
        }
        return await rebuildAll()
    }

    /// Filters the list anew; answers like `sort(by:)`.
    func filter(by filter: PhotoFilter) async -> Bool {
        self.filter = filter
        return await rebuildAll()
    }

    /// The dates held while loading take their places, in one step. It is
    /// the load's own last step, not a sort asked for, so it runs off the
    /// main thread even where tests hold the person's sorts and filters.
    func takeHeldDates() async -> Bool {
        await rebuildAll(running: PhotoListLogic.offMainThread)
    }

    // MARK: Private

    /// `photo` as the list shown holds it (see `heldDates`).
    private func asShown(_ photo: Photo) -> Photo {
        heldDates[photo.path].map { photo.placed(at: $0) } ?? photo
    }

    /// Changes the list shown, and the one being rebuilt if there is one.
    private func change(_ change: SortedPhotos.Change) {
        shown.apply(change, including: filter.predicate())
        rebuilds.record(change)
    }

    /// Every photo, filtered and sorted anew.
    private func rebuildAll(running runner: PhotoListLogic.Rebuilding? = nil) async -> Bool {
        let photos = Array(byPath.values), order = order, included = filter.predicate()
        return await rebuild(running: runner) { SortedPhotos(photos.filter(included), order: order) }
    }

    /// Shows the list `make` builds off the main thread, with the changes
    /// made meanwhile, unless a newer rebuild or list came first.
    private func rebuild(running runner: PhotoListLogic.Rebuilding? = nil,
                         _ make: @escaping @Sendable () -> SortedPhotos) async -> Bool {
        let ticket = rebuilds.begin()
        let rebuilt = await (runner ?? rebuilding)(make)
        guard let list = rebuilds.finish(ticket, rebuilt, including: filter.predicate()) else { return false }
        shown = list
        heldDates = [:]
        return true
    }
}
