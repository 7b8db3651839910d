import Foundation

/// The photos of the open folder: every file by path, and the list shown,
/// those the filter lets through in the order asked for. Sorting and
/// filtering rebuild the list off the main thread while it goes on
/// changing (see `ListRebuilds`); a date read while the folder loads does
/// not move its photo (see `holdsDates`). A RAW+JPEG pair shows as one
/// photo, its JPEG (or HEIC) carrying the RAW's path (see `RawPairs`).
@MainActor
final class PhotoCollection {
    /// The order asked for last (the list takes it once it is rebuilt).
    private(set) var order: PhotoOrder
    private(set) var filter: PhotoFilter {
        didSet { included = filter.predicate() }
    }
    /// The filter's predicate, made once a filter (its search folded once).
    private var included: @Sendable (Photo) -> Bool
    /// While true (a folder loading), a photo whose date taken is read
    /// stays sorted by the date it had, so that a photo on screen does not
    /// move under the pointer as dates arrive. The dates read take their
    /// places in one step at the end (`takeHeldDates`), or at a sort or
    /// filter change; that step moves nothing when they follow the files'
    /// times, as a camera's do.
    var holdsDates = false

    private var byPath = PathTable<Photo>()
    private var pairs = RawPairs()
    /// Whether a RAW+JPEG pair shows as one photo (the preference).
    private(set) var pairsRawAndJPEG: Bool
    /// The photos the filter lets through, in order.
    private var shown: SortedPhotos
    /// Photos whose date was read while holding, and the date they stay
    /// sorted by meanwhile.
    private var heldDates = PathTable<Date>()
    private var rebuilds = ListRebuilds()
    private let rebuilding: PhotoListLogic.Rebuilding

    init(order: PhotoOrder, filter: PhotoFilter, pairsRawAndJPEG: Bool = true,
         rebuilding: @escaping PhotoListLogic.Rebuilding) {
        self.order = order
        self.filter = filter
        included = filter.predicate()
        self.pairsRawAndJPEG = pairsRawAndJPEG
        self.rebuilding = rebuilding
        shown = SortedPhotos(order: order)
    }

    // MARK: Reading

    /// How many photos the folder holds, shown or not (a pair is one).
    var count: Int { pairsRawAndJPEG ? byPath.count - pairs.count : byPath.count }
    /// How many files they are.
    var fileCount: Int { byPath.count }
    var isEmpty: Bool { byPath.isEmpty }
    /// Every photo, shown or not, in no set order (a pair once).
    var all: [Photo] { byPath.values.compactMap(presented) }

    /// The photo at `path` with its data as read: a pair's JPEG with its
    /// RAW's path; a RAW of a pair as the file it is.
    func photo(at path: String) -> Photo? { byPath[path].map { presented($0) ?? $0 } }

    /// The photos shown, in order. While a folder loads, a photo whose date
    /// was read carries the date it is held at: `photo(at:)` has its data
    /// as read.
    var shownPhotos: ChunkedArray<Photo> { shown.photos }

    /// Whether the filter lets the photo at `path` through (a RAW shown
    /// through its pair's JPEG is not shown itself).
    func isShown(_ path: String) -> Bool { byPath[path].flatMap(presented).map(included) ?? false }

    /// Every photo under `path` (the photo itself, or a folder's).
    func paths(under path: String) -> [String] {
        let prefix = path + "/"
        return byPath.paths.filter { $0 == path || $0.hasPrefix(prefix) }
    }

    // MARK: Changing

    /// Adds photos, merging those the filter lets through into the order.
    func insert(_ photos: [Photo]) {
        measured = nil
        let paths = photos.map(\.path)
        if pairsRawAndJPEG { pairs.follow(rawFoldersAmong: paths, held: held) }
        let partners = shownPartners(of: paths)
        for photo in photos {
            byPath[photo.path] = photo
            if pairsRawAndJPEG { pairs.add(photo.path, held: held) }
            // A photo back at a path (an Undo) is shown as it is now.
            if !heldDates.isEmpty { heldDates[photo.path] = nil }
        }
        change(.merge(photos.compactMap(presented)))
        update(partners)
    }

    /// Replaces photos whose data changed, moving them if their place did
    /// (not for a date read while holding dates); photos the collection
    /// does not hold are left out.
    func replace(_ photos: [Photo]) {
        measured = nil
        // A photo read again (a rating written into its file, a tag) keeps
        // what was measured of it: Lightbox never changes a photo's pixels,
        // and losing the measure would move it in a sort by sharpness.
        let known = photos.compactMap { photo -> Photo? in
            guard let was = byPath[photo.path] else { return nil }
            guard photo.measures == nil, let measures = was.measures else { return photo }
            var kept = photo
            kept.measures = measures
            return kept
        }
        guard !known.isEmpty else { return }
        let old = known.compactMap { byPath[$0.path] }
        // As the list holds them now (a RAW shown through its pair's JPEG
        // is not in it), before their held dates change.
        let oldPresented = old.map(presented)
        let oldShown = oldPresented.map { $0.map(asShown) }
        for (photo, was) in zip(known, old) {
            let wasShown = asShown(was)
            byPath[photo.path] = photo
            if holdsDates { heldDates[photo.path] = photo.dateTaken == wasShown.dateTaken ? nil : wasShown.dateTaken }
        }
        var changed: [(old: Photo, oldShown: Photo, new: Photo)] = []
        for (index, now) in known.map(presented).enumerated() {
            if let was = oldPresented[index], let wasShown = oldShown[index], let now { changed.append((was, wasShown, now)) }
        }
        guard !changed.isEmpty else { return }
        // A rebuild under way sorts the photos as they are: it records
        // them so, and the list it makes holds no dates.
        shown.apply(.replace(old: changed.map(\.oldShown), new: changed.map { asShown($0.new) }),
                    including: included)
        rebuilds.record(.replace(old: changed.map(\.old), new: changed.map(\.new)))
    }

    /// The sharpness of every photo measured, in increasing order, made
    /// when first asked after a change (nil meanwhile).
    private var measured: [Double]?

    /// Where a photo this sharp ranks among the photos measured, itself
    /// one of them; nil while fewer than two are measured.
    func sharpnessRank(of sharpness: Double) -> SharpnessRank? {
        let values = measured ?? all.compactMap(\.sharpness).sorted()
        measured = values
        guard values.count > 1 else { return nil }
        // How many are less sharp: the first place not below it.
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < sharpness { low = middle + 1 } else { high = middle }
        }
        return SharpnessRank(softer: low, measured: values.count)
    }

    /// The least sharpness of the sharpest quarter of the photos measured
    /// (at least one photo); 0 when none is, which lets every photo
    /// measured through.
    var sharpestQuarter: Double {
        let values = measured ?? all.compactMap(\.sharpness).sorted()
        measured = values
        guard !values.isEmpty else { return 0 }
        return values[min(values.count - 1, values.count * 3 / 4)]
    }

    /// The photos at the paths measured so (`Photo.measures`); paths it
    /// does not hold are ignored.
    func setMeasures(_ measures: [String: PhotoMeasures]) {
        replace(measures.compactMap { path, photoMeasures in
            byPath[path].map { photo in
                var measured = photo
                measured.measures = photoMeasures
                return measured
            }
        })
    }

    /// Removes the photos at `paths`; paths it does not hold are ignored.
    func remove(_ paths: some Collection<String>) {
        measured = nil
        guard !paths.isEmpty else { return }
        let partners = shownPartners(of: Array(paths))
        for path in paths {
            byPath[path] = nil
            pairs.remove(path)
        }
        change(.remove(Set(paths)))
        for path in paths { heldDates[path] = nil }
        update(partners)
    }

    /// Whether a RAW+JPEG pair shows as one photo from now on; the list is
    /// rebuilt. Answers like `sort(by:)`.
    func pairRawAndJPEG(_ on: Bool) async -> Bool {
        measured = nil
        guard on != pairsRawAndJPEG else { return false }
        pairsRawAndJPEG = on
        pairs.removeAll()
        if on {
            let paths = byPath.paths
            pairs.follow(rawFoldersAmong: paths, held: held)
            for path in paths { pairs.add(path, held: held) }
        }
        return await rebuildAll()
    }

    // MARK: Pairs

    /// The files held in `path`'s folder, for a RAW that is its folder's
    /// first (see RawPairs).
    private func held(_ path: String) -> [String] { byPath.paths(inFolderOf: path) }

    /// `photo` as the list shows it: a RAW whose JPEG stands for their pair
    /// is not shown (nil); that JPEG carries the RAW's path.
    private func presented(_ photo: Photo) -> Photo? {
        PhotoCollection.presented(photo, pairs: pairs, pairing: pairsRawAndJPEG)
    }

    /// `presented` on values, for a rebuild off the main thread.
    private nonisolated static func presented(_ photo: Photo, pairs: RawPairs, pairing: Bool) -> Photo? {
        guard pairing else { return photo.paired(with: nil) }
        if pairs.isPairedRaw(photo.path) { return nil }
        return photo.paired(with: pairs.partner(of: photo.path))
    }

    /// The partners of `paths` that stay in the collection, each as the list
    /// shows it now (nil when it is not shown): a file arriving or leaving
    /// changes how its partner shows.
    private func shownPartners(of paths: [String]) -> [String: Photo?] {
        guard pairsRawAndJPEG else { return [:] }
        var partners: [String: Photo?] = [:]
        // Made once a partner is found: most batches have none.
        var changing: Set<String>?
        for path in paths {
            guard let partner = pairs.partner(of: path) ?? pairs.partner(joining: path),
                  let photo = byPath[partner] else { continue }
            if changing == nil { changing = Set(paths) }
            guard changing?.contains(partner) == false else { continue }
            partners[partner] = .some(presented(photo))
        }
        return partners
    }

    /// Shows each partner as it is now shown: joined, left, or changed.
    private func update(_ partners: [String: Photo?]) {
        var merged: [Photo] = [], removed: Set<String> = [], replaced: [(Photo, Photo)] = []
        for (path, was) in partners {
            let now = byPath[path].flatMap(presented)
            switch (was, now) {
            case (nil, let now?): merged.append(now)
            case (_?, nil): removed.insert(path)
            case (let was?, let now?) where was != now: replaced.append((was, now))
            default: break
            }
        }
        if !removed.isEmpty { change(.remove(removed)) }
        if !merged.isEmpty { change(.merge(merged)) }
        if !replaced.isEmpty {
            shown.apply(.replace(old: replaced.map { asShown($0.0) }, new: replaced.map { asShown($0.1) }),
                        including: included)
            rebuilds.record(.replace(old: replaced.map(\.0), new: replaced.map(\.1)))
        }
    }

    /// No photo, and the list shown empty in the current order; a rebuild
    /// under way is dropped.
    func removeAll() {
        measured = nil
        byPath = PathTable()
        pairs.removeAll()
        rebuilds.cancel()
        heldDates = PathTable()
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

    /// Filters the list anew; answers like `sort(by:)`. A search typed
    /// further narrows the list shown, which is in order already: a
    /// keystroke in a folder of 100,000 photos then sorts nothing.
    func filter(by filter: PhotoFilter) async -> Bool {
        let narrower = filter.refines(self.filter)
        self.filter = filter
        if narrower, !rebuilds.isUnderWay, heldDates.isEmpty {
            let photos = shown.photos, order = order, included = included
            return await rebuild { SortedPhotos(inOrder: photos.filter(included), order: order) }
        }
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
        shown.apply(change, including: included)
        rebuilds.record(change)
    }

    /// Every photo, filtered and sorted anew.
    private func rebuildAll(running runner: PhotoListLogic.Rebuilding? = nil) async -> Bool {
        // Every photo goes through the pairs and the filter off the main
        // thread too: a search of 100,000 photos is a keystroke's work.
        let all = byPath, pairs = pairs, pairing = pairsRawAndJPEG, order = order, included = included
        return await rebuild(running: runner) {
            SortedPhotos(all.values.compactMap { PhotoCollection.presented($0, pairs: pairs, pairing: pairing) }
                .filter(included), order: order)
        }
    }

    /// Shows the list `make` builds off the main thread, with the changes
    /// made meanwhile, unless a newer rebuild or list came first.
    private func rebuild(running runner: PhotoListLogic.Rebuilding? = nil,
                         _ make: @escaping @Sendable () -> SortedPhotos) async -> Bool {
        let ticket = rebuilds.begin()
        let rebuilt = await (runner ?? rebuilding)(make)
        guard let list = rebuilds.finish(ticket, rebuilt, including: included) else { return false }
        shown = list
        heldDates = PathTable()
        return true
    }
}
