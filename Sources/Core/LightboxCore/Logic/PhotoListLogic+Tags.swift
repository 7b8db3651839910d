import Foundation
import Localization

/// Labels, keywords, titles and captions: the photos show a change at
/// once; the index keeps it and the rating queue writes it into every file
/// of each photo (a RAW+JPEG pair's RAW into its sidecar), off the main
/// thread, after the ratings given before.
extension PhotoListLogic {
    /// 6–9 on a photo, or on the selection when `path` is nil: gives the
    /// photos `label`, or takes it away when all of them have it already
    /// (as Lightroom's keys do).
    @discardableResult
    public func toggleLabel(_ label: ColorLabel, path: String? = nil) -> State {
        let targets = path.map { [$0] } ?? selectedPhotos.map(\.path)
        let photos = targets.compactMap { self.photos.photo(at: $0) }
        guard !photos.isEmpty else { return state }
        let taken = photos.allSatisfy { $0.tags.label == label }
        tag(TagEdit(label: .some(taken ? nil : label)), paths: photos.map(\.path))
        return publish(makeState())
    }

    /// Sets one photo's title ("" takes it away).
    @discardableResult
    public func setTitle(_ title: String, path: String) -> State {
        guard let photo = photos.photo(at: path), photo.tags.title != PhotoTags.nonBlank(title) else { return state }
        tag(TagEdit(title: title), paths: [path])
        return publish(makeState())
    }

    /// Sets one photo's caption ("" takes it away).
    @discardableResult
    public func setCaption(_ caption: String, path: String) -> State {
        guard let photo = photos.photo(at: path), photo.tags.caption != PhotoTags.nonBlank(caption) else {
            return state
        }
        tag(TagEdit(caption: caption), paths: [path])
        return publish(makeState())
    }

    /// Adds `keyword` to the photos at `paths` (those without it); answers
    /// what was done, for a notice with Undo, or nil when nothing changed.
    @discardableResult
    public func addKeyword(_ keyword: Keyword, paths: [String]) -> TagChange? {
        rememberUse(of: keyword)
        let lacking = paths.filter { photos.photo(at: $0).map { !$0.tags.keywords.contains(keyword) } ?? false }
        guard !lacking.isEmpty else { return nil }
        let change = tag(TagEdit(adding: [keyword]), paths: lacking, saying: .keywordAdded(keyword, to: lacking.count))
        publish(makeState())
        return change
    }

    /// Takes `keyword` away from the photos at `paths` that have it.
    @discardableResult
    public func removeKeyword(_ keyword: Keyword, paths: [String]) -> TagChange? {
        let having = paths.filter { photos.photo(at: $0)?.tags.keywords.contains(keyword) ?? false }
        guard !having.isEmpty else { return nil }
        let change = tag(TagEdit(removing: [keyword]), paths: having,
                         saying: .keywordRemoved(keyword, from: having.count))
        publish(makeState())
        return change
    }

    /// The keywords of the photos at `paths`, those most of them have
    /// first: what "Remove Keyword…" offers.
    public func keywords(of paths: [String]) -> [Keyword] {
        var counts: [Keyword: Int] = [:]
        for path in paths {
            for keyword in photos.photo(at: path)?.tags.keywords ?? [] { counts[keyword, default: 0] += 1 }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    /// Puts the photos of `change` back as they were before it (its Undo;
    /// the new state goes out through `onChange`).
    public func undo(_ change: TagChange) {
        for (edit, paths) in change.inverse {
            tag(edit, paths: paths.filter { photos.photo(at: $0) != nil })
        }
        publish(makeState())
    }

    /// Keywords to offer while typing one: those used here last first,
    /// then every other keyword of the folder's photos, in order.
    public var knownKeywords: [Keyword] {
        var seen = Set(recentKeywords)
        var folder: [Keyword] = []
        for photo in photos.all {
            for keyword in photo.tags.keywords where seen.insert(keyword).inserted { folder.append(keyword) }
        }
        return recentKeywords + folder.sorted()
    }

    /// The keywords (with every level above them: a filter on "Places"
    /// shows what is below it) and the cameras of the folder's photos, for
    /// the filter menu. Goes over every photo: asked for as the menu opens.
    public var filterChoices: FilterChoices {
        var keywords = Set<Keyword>(), cameras = Set<String>(), months = Set<FilterChoices.Month>()
        let calendar = Calendar(identifier: .gregorian)
        for photo in photos.all {
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
        return FilterChoices(keywords: keywords.sorted { $0.path.localizedStandardCompare($1.path) == .orderedAscending },
                             cameras: cameras.sorted { $0.localizedStandardCompare($1) == .orderedAscending },
                             months: months.sorted().reversed())
    }

    /// Makes `edit` on the photos at `paths` and every file of theirs: in
    /// the list at once, in the files by the queue (followed by the
    /// change's `writes`).
    @discardableResult
    func tag(_ edit: TagEdit, paths: [String], saying notice: Notice? = nil) -> TagChange {
        var inverse: [TagEdit: [String]] = [:]
        var changed: [Photo] = []
        let apply = edit.applier()
        for path in paths {
            guard let photo = photos.photo(at: path) else { continue }
            inverse[edit.inverse(from: photo.tags), default: []].append(path)
            for file in photo.files {
                guard var each = photos.photo(at: file) else { continue }
                each.tags = apply(each.tags)
                changed.append(each)
            }
        }
        photos.replace(changed)
        if loading { decidedWhileLoading.formUnion(changed.map(\.path)) }
        let writes = TagWrites(total: changed.count)
        library.ratings.tag(edit, paths: changed.map(\.path), writes: writes)
        return TagChange(inverse: inverse.map { ($0.key, $0.value) }, notice: notice, writes: writes)
    }

    /// Keeps the last keywords used first in the completion.
    func rememberUse(of keyword: Keyword) {
        recentKeywords.removeAll { $0 == keyword }
        recentKeywords.insert(keyword, at: 0)
        if recentKeywords.count > 20 { recentKeywords.removeLast() }
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
