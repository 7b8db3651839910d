import Foundation
import Localization

/// What the person decides about photos: ratings, rejections, labels,
/// keywords, titles and captions, and quarter turns. A photo shows the
/// change at once; the index and the files are written off the main
/// thread by the library's RatingQueue, after the changes given before,
/// into every file of a photo (a RAW+JPEG pair's RAW into its sidecar:
/// FileRatingWriter never writes a RAW). The queue's reports come back
/// here. While a folder loads, what was decided is kept over what is read.
@MainActor
final class MetadataEdits {
    private let photos: PhotoCollection
    private let library: PhotoLibrary
    private let settings: AppSettings?
    private let tasks: OwnedTasks
    /// Whether the folder is still loading (its session knows).
    var isLoading: @MainActor () -> Bool = { false }
    /// Told whenever the list shows something new, and what to tell.
    private let changed: @MainActor () -> Void
    private let tell: @MainActor (Notice) -> Void
    /// Photos rated or tagged while their folder loads: the metadata read
    /// for them afterwards must not bring back what they were before.
    private var decidedWhileLoading: Set<String> = []
    /// Files written whose new size and time the photos are still to take.
    private var writtenStamps: [String: (size: Int64, time: Int)] = [:]
    /// The keywords added last, the latest first (offered first while
    /// typing one), kept for the next window.
    private var recentKeywords: [Keyword] {
        didSet { if recentKeywords != oldValue { settings?.save(recentKeywords: recentKeywords) } }
    }

    init(photos: PhotoCollection, library: PhotoLibrary, settings: AppSettings?, tasks: OwnedTasks,
         changed: @escaping @MainActor () -> Void, tell: @escaping @MainActor (Notice) -> Void) {
        self.photos = photos
        self.library = library
        self.settings = settings
        self.tasks = tasks
        self.changed = changed
        self.tell = tell
        recentKeywords = settings?.recentKeywords ?? []
        observeRatings()
    }

    // MARK: Ratings and turns

    /// Rates the photos at `paths` and every file of theirs (1…5 stars,
    /// 0 clears, -1 rejects).
    func rate(_ paths: [String], stars: Int) {
        let files = paths.compactMap { photos.photo(at: $0) }.flatMap(\.files)
        let rated = files.compactMap { file -> Photo? in
            guard var photo = photos.photo(at: file) else { return nil }
            photo.rate(stars)
            return photo
        }
        guard !rated.isEmpty else { return }
        photos.replace(rated)
        if isLoading() { decidedWhileLoading.formUnion(rated.map(\.path)) }
        for photo in rated { library.ratings.rate(photo.rating, path: photo.path) }
        changed()
    }

    /// X: rejects the photos, or, when all of them already are, takes the
    /// rejection back (they are then unrated).
    func toggleRejected(_ paths: [String]) {
        let targets = paths.compactMap { photos.photo(at: $0) }
        guard !targets.isEmpty else { return }
        rate(paths, stars: targets.allSatisfy(\.isRejected) ? 0 : Photo.rejected)
    }

    /// Turns a photo a quarter clockwise or counter-clockwise: its EXIF
    /// orientation changes at once in the list and is written into the
    /// file by the rating queue, after the ratings given before. Not before
    /// the photo's metadata is read: the turn starts from its orientation.
    /// A pair's RAW takes the same orientation, in its sidecar (XMP's
    /// tiff:Orientation, which Lightroom and digiKam read there).
    func rotate(_ paths: [String], clockwise: Bool) {
        var any = false
        for path in paths {
            guard var photo = photos.photo(at: path), var metadata = photo.metadata else { continue }
            metadata.orientation = PhotoOrientation.turned(metadata.orientation, clockwise: clockwise)
            photo.metadata = metadata
            var turned = [photo]
            if let raw = photo.raw, var rawPhoto = photos.photo(at: raw) {
                var rawMetadata = rawPhoto.metadata ?? metadata
                rawMetadata.orientation = metadata.orientation
                rawPhoto.metadata = rawMetadata
                turned.append(rawPhoto)
            }
            photos.replace(turned)
            for each in turned {
                library.ratings.rotate(to: metadata.orientation, path: each.path, inSidecar: each.path != path)
            }
            any = true
        }
        if any { changed() }
    }

    // MARK: Labels, titles, captions, keywords

    /// 6–9: gives the photos `label`, or takes it away when all of them
    /// have it already (as Lightroom's keys do).
    func toggleLabel(_ label: ColorLabel, paths: [String]) {
        let targets = paths.compactMap { photos.photo(at: $0) }
        guard !targets.isEmpty else { return }
        let taken = targets.allSatisfy { $0.tags.label == label }
        tag(TagEdit(label: .some(taken ? nil : label)), paths: targets.map(\.path))
        changed()
    }

    /// A label, keyword, title or caption change on one photo (from its
    /// photo window).
    func tag(_ edit: TagEdit, path: String) {
        if let keyword = edit.added.first.flatMap(Keyword.init) { rememberUse(of: keyword) }
        tag(edit, paths: [path])
        changed()
    }

    /// Adds `keyword` to the photos at `paths` (those without it); answers
    /// what was done, for a notice with Undo, or nil when nothing changed.
    func addKeyword(_ keyword: Keyword, paths: [String]) -> TagChange? {
        rememberUse(of: keyword)
        let lacking = paths.filter { photos.photo(at: $0).map { !$0.tags.keywords.contains(keyword) } ?? false }
        guard !lacking.isEmpty else { return nil }
        let change = tag(TagEdit(adding: [keyword]), paths: lacking, saying: .keywordAdded(keyword, to: lacking.count))
        changed()
        return change
    }

    /// Takes `keyword` away from the photos at `paths` that have it.
    func removeKeyword(_ keyword: Keyword, paths: [String]) -> TagChange? {
        let having = paths.filter { photos.photo(at: $0)?.tags.keywords.contains(keyword) ?? false }
        guard !having.isEmpty else { return nil }
        let change = tag(TagEdit(removing: [keyword]), paths: having,
                         saying: .keywordRemoved(keyword, from: having.count))
        changed()
        return change
    }

    /// The keywords of the photos at `paths`, those most of them have
    /// first: what "Remove Keyword…" offers.
    func keywords(of paths: [String]) -> [Keyword] {
        var counts: [Keyword: Int] = [:]
        for path in paths {
            for keyword in photos.photo(at: path)?.tags.keywords ?? [] { counts[keyword, default: 0] += 1 }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    /// Puts the photos of `change` back as they were before it (its Undo).
    func undo(_ change: TagChange) {
        for (edit, paths) in change.inverse {
            tag(edit, paths: paths.filter { photos.photo(at: $0) != nil })
        }
        changed()
    }

    /// Keywords to offer while typing one: those used here last first,
    /// then every other keyword of the folder's photos, in order.
    var knownKeywords: [Keyword] {
        var seen = Set(recentKeywords)
        var folder: [Keyword] = []
        for photo in photos.all {
            for keyword in photo.tags.keywords where seen.insert(keyword).inserted { folder.append(keyword) }
        }
        return recentKeywords + folder.sorted()
    }

    /// Makes `edit` on the photos at `paths` and every file of theirs: in
    /// the list at once, in the files by the queue (followed by the
    /// change's `writes`).
    @discardableResult
    private func tag(_ edit: TagEdit, paths: [String], saying notice: Notice? = nil) -> TagChange {
        var inverse: [TagEdit: [String]] = [:]
        var edited: [Photo] = []
        let apply = edit.applier()
        for path in paths {
            guard let photo = photos.photo(at: path) else { continue }
            inverse[edit.inverse(from: photo.tags), default: []].append(path)
            for file in photo.files {
                guard var each = photos.photo(at: file) else { continue }
                each.tags = apply(each.tags)
                edited.append(each)
            }
        }
        photos.replace(edited)
        if isLoading() { decidedWhileLoading.formUnion(edited.map(\.path)) }
        let writes = TagWrites(total: edited.count)
        library.ratings.tag(edit, paths: edited.map(\.path), writes: writes)
        return TagChange(inverse: inverse.map { ($0.key, $0.value) }, notice: notice, writes: writes)
    }

    /// Keeps the last keywords used first in the completion.
    private func rememberUse(of keyword: Keyword) {
        recentKeywords.removeAll { $0 == keyword }
        recentKeywords.insert(keyword, at: 0)
        if recentKeywords.count > 20 { recentKeywords.removeLast() }
    }

    // MARK: While a folder loads

    /// A folder begins to load: nothing is decided in it yet.
    func folderLoads() { decidedWhileLoading = [] }

    /// Photos as read from their files (and the index) while the folder
    /// loads: a rating or tags given since are kept over what was read.
    func keepingDecisions(_ read: [Photo]) -> [Photo] {
        guard !decidedWhileLoading.isEmpty else { return read }
        return read.map { read in
            guard decidedWhileLoading.contains(read.path), let now = photos.photo(at: read.path) else { return read }
            var kept = read
            kept.rate(now.rating)
            kept.tags = now.tags
            return kept
        }
    }

    // MARK: The rating queue's reports

    /// The queue reports on its own thread; one lasting task takes its
    /// reports, in order, on the main thread.
    private func observeRatings() {
        let (reports, reporter) = AsyncStream.makeStream(of: RatingEvent.self)
        library.ratings.observe(owner: self) { event in reporter.yield(event) }
        tasks.start(lasting: true) { [weak self] in
            for await event in reports {
                guard let self else { return }
                handle(event)
            }
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
            if writtenStamps.isEmpty {
                tasks.start { [weak self] in
                    await Task.yield()
                    self?.takeWrittenStamps()
                }
            }
            writtenStamps[path] = (size, time)
        case .failed(let failure):
            // One notice a failure; the last one stays in sight.
            tell(.ratingFailed(failure))
        case .rotationFailed(let path):
            // The orientation shown is the file's again.
            tasks.start { [weak self] in
                guard let self else { return }
                if let photo = await library.reload(path: path), photos.photo(at: path) != nil {
                    photos.replace([photo])
                    changed()
                }
            }
        }
    }

    /// The files written since the last turn of the main loop take their
    /// new sizes and times.
    private func takeWrittenStamps() {
        let stamps = writtenStamps
        writtenStamps = [:]
        let restamped = stamps.compactMap { path, stamp -> Photo? in
            guard let photo = photos.photo(at: path), photo.fileSize != stamp.size || photo.modificationTime != stamp.time
            else { return nil }
            return photo.withFile(size: stamp.size, modificationTime: stamp.time)
        }
        guard !restamped.isEmpty else { return }
        photos.replace(restamped)
        changed()
    }
}

extension FilterChoices {
    /// The keywords (with every level above them: a filter on "Places"
    /// shows what is below it) and the cameras of the folder's photos, for
    /// the filter menu. Goes over every photo: asked for as the menu opens.
    init(of photos: [Photo]) {
        var keywords = Set<Keyword>(), cameras = Set<String>(), months = Set<FilterChoices.Month>()
        let calendar = Calendar(identifier: .gregorian)
        for photo in photos {
            for keyword in photo.tags.keywords {
                var levels: [Substring] = []
                for level in keyword.path.split(separator: "|") {
                    levels.append(level)
                    if let each = Keyword(levels.joined(separator: "|")) { keywords.insert(each) }
                }
            }
            if let camera = photo.metadata?.camera { cameras.insert(camera) }
            if let taken = photo.metadata?.dateTaken {
                let parts = calendar.dateComponents([.year, .month], from: taken)
                if let year = parts.year, let month = parts.month { months.insert(FilterChoices.Month(year: year, month: month)) }
            }
        }
        self.init(keywords: keywords.sorted { $0.path.localizedStandardCompare($1.path) == .orderedAscending },
                  cameras: cameras.sorted { $0.localizedStandardCompare($1) == .orderedAscending },
                  months: months.sorted().reversed())
    }
}

/// What the filter menu offers beyond its fixed items.
public struct FilterChoices: Equatable, Sendable {
    public let keywords: [Keyword]
    public let cameras: [String]
    /// The months photos were taken in, the latest first.
    public let months: [Month]

    public init(keywords: [Keyword], cameras: [String], months: [Month]) {
        self.keywords = keywords
        self.cameras = cameras
        self.months = months
    }

    /// A month photos were taken in, as the camera's clock had it.
    public struct Month: Hashable, Comparable, Sendable {
        public let year: Int
        public let month: Int

        /// "2024-07", as the filter's action names it.
        public var name: String { String(format: "%04d-%02d", year, month) }

        public init(year: Int, month: Int) {
            self.year = year
            self.month = month
        }

        /// From "2024-07"; nil for anything else.
        public init?(name: String) {
            let parts = name.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, (1...12).contains(parts[1]) else { return nil }
            self.init(year: parts[0], month: parts[1])
        }

        /// Its first day to its last: what the filter shows.
        public var days: ClosedRange<Date>? {
            let calendar = Calendar(identifier: .gregorian)
            guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                  let next = calendar.date(byAdding: .month, value: 1, to: first),
                  let last = calendar.date(byAdding: .day, value: -1, to: next) else { return nil }
            return first...last
        }

        public static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
    }
}

/// A tag change made on many photos, and how to take it back: the notice
/// that says what was done offers Undo (see `BatchOperation.tagged`).
public struct TagChange: Sendable {
    /// The edits that put the photos back, each with the photos it is for.
    let inverse: [(TagEdit, [String])]
    /// What the notice says ("Added “sunset” to 3 photos").
    public let notice: Notice?
    /// Its files' writes, under way.
    public let writes: TagWrites
}

extension Notice {
    /// "Writing “sunset” into 230 of 1,000 files…", with Cancel.
    static func writingKeyword(_ done: Int, of total: Int) -> Notice {
        // Translators: progress of adding or removing a keyword on many photos; {done} files of {count} are written.
        Notice(trn("Saving the keyword in {done} of {count} file…", "Saving the keyword in {done} of {count} files…",
                   count: total, ["done": done]), button: .cancel, seconds: 60)
    }

    /// "Remove Keyword…" on photos that have none.
    public static var noKeywordsToRemove: Notice {
        // Translators: a notice after "Remove Keyword…" on photos without keywords.
        Notice(tr("The selected photos have no keywords."))
    }

    /// A keyword change stopped by Cancel: every photo was put back.
    static var keywordChangeStopped: Notice {
        // Translators: after Cancel while a keyword was being added to (or removed from) many photos.
        Notice(tr("Stopped: every photo is back as it was."))
    }

    /// "Added “sunset” to 3 photos."
    static func keywordAdded(_ keyword: Keyword, to count: Int) -> Notice {
        // Translators: a notice after a keyword was added to photos; {keyword} is the keyword, {count} how many photos.
        Notice(trn("Added “{keyword}” to {count} photo.", "Added “{keyword}” to {count} photos.", count: count,
                   ["keyword": keyword.leaf]), button: .undo)
    }

    /// "Removed “sunset” from 3 photos."
    static func keywordRemoved(_ keyword: Keyword, from count: Int) -> Notice {
        // Translators: a notice after a keyword was removed from photos; {keyword} is the keyword, {count} how many photos.
        Notice(trn("Removed “{keyword}” from {count} photo.", "Removed “{keyword}” from {count} photos.",
                   count: count, ["keyword": keyword.leaf]), button: .undo)
    }
}
