import Foundation
import Imaging

/// How the grid is sorted.
public struct PhotoOrder: Equatable, Hashable, Sendable {
    public enum Key: String, CaseIterable, Sendable {
        case name, dateTaken, rating, size
        /// Sharpest first, ascending: how a sharpness is ranked. Photos not
        /// yet measured come after those that are.
        case sharpness
    }

    public var key: Key
    public var ascending: Bool

    public init(_ key: Key, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    public static let standard = PhotoOrder(.dateTaken, ascending: true)

    /// A strict total order: ties on the key fall back to the title, then
    /// the path, so sorting is stable across runs.
    func areInIncreasingOrder(_ a: Photo, _ b: Photo) -> Bool {
        let primary: ComparisonResult = switch key {
        case .name: PhotoOrder.compareNames(a.title, b.title)
        case .dateTaken: PhotoOrder.compare(a.dateTaken, b.dateTaken)
        case .rating: PhotoOrder.compare(a.rating, b.rating)
        case .size: PhotoOrder.compare(a.fileSize, b.fileSize)
        case .sharpness: PhotoOrder.compare(PhotoOrder.sharpnessRank(b), PhotoOrder.sharpnessRank(a))
        }
        if primary != .orderedSame { return ascending ? primary == .orderedAscending : primary == .orderedDescending }
        let byName = PhotoOrder.compareNames(a.title, b.title)
        if byName != .orderedSame { return byName == .orderedAscending }
        return a.path < b.path
    }

    /// `photos` in this order. Dates, sizes and ratings are compared as
    /// plain numbers beside each photo's place, so the sort moves 16-byte
    /// pairs and calls the full comparison only on ties: a folder's
    /// batches sort several times faster than with the comparison alone.
    public func sorted(_ photos: [Photo]) -> [Photo] {
        guard photos.count > 1 else { return photos }
        guard let key = numericKey else { return photos.sorted(by: areInIncreasingOrder) }
        let sign = ascending ? 1.0 : -1.0
        var keyed = photos.indices.map { (key(photos[$0]) * sign, $0) }
        keyed.sort { a, b in
            a.0 != b.0 ? a.0 < b.0 : areInIncreasingOrder(photos[a.1], photos[b.1])
        }
        return keyed.map { photos[$0.1] }
    }

    /// The key as a number, for the keys that are numbers.
    private var numericKey: ((Photo) -> Double)? {
        switch key {
        case .name: nil
        case .dateTaken: { $0.dateTaken.timeIntervalSinceReferenceDate }
        case .rating: { Double($0.rating) }
        case .size: { Double($0.fileSize) }
        case .sharpness: { -PhotoOrder.sharpnessRank($0) }
        }
    }

    /// A photo's sharpness to rank by, one not yet measured below any.
    private static func sharpnessRank(_ photo: Photo) -> Double { photo.sharpness ?? -1 }

    static func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    /// Natural order: "IMG 2" before "IMG 10", ASCII letters compared
    /// without case, other bytes as they are (UTF-8). Works on bytes: it
    /// runs in every sort comparison that ties on its key.
    static func compareNames(_ a: String, _ b: String) -> ComparisonResult {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compareNames(x, y) } }
    }

    private static func compareNames(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> ComparisonResult {
        var i = 0, j = 0
        while i < x.count, j < y.count {
            let p = x[i], q = y[j]
            if isDigit(p), isDigit(q) {
                // Compare the two runs of digits as numbers: skip leading
                // zeros, then the longer run is larger, else digit by digit.
                var iEnd = i, jEnd = j
                while iEnd < x.count, isDigit(x[iEnd]) { iEnd += 1 }
                while jEnd < y.count, isDigit(y[jEnd]) { jEnd += 1 }
                var iStart = i, jStart = j
                while iStart < iEnd - 1, x[iStart] == UInt8(ascii: "0") { iStart += 1 }
                while jStart < jEnd - 1, y[jStart] == UInt8(ascii: "0") { jStart += 1 }
                if iEnd - iStart != jEnd - jStart {
                    return iEnd - iStart < jEnd - jStart ? .orderedAscending : .orderedDescending
                }
                while iStart < iEnd {
                    if x[iStart] != y[jStart] { return x[iStart] < y[jStart] ? .orderedAscending : .orderedDescending }
                    iStart += 1
                    jStart += 1
                }
                i = iEnd
                j = jEnd
                continue
            }
            let lp = lowercased(p), lq = lowercased(q)
            if lp != lq { return lp < lq ? .orderedAscending : .orderedDescending }
            i += 1
            j += 1
        }
        if i == x.count, j == y.count { return .orderedSame }
        return i == x.count ? .orderedAscending : .orderedDescending
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
}

/// What the grid shows of the folder: a text search, a minimum rating,
/// what to do with rejected photos, labels, a keyword, a kind of file, a
/// camera and the days taken, all of them at once.
public struct PhotoFilter: Equatable, Sendable {
    /// Rejected photos (rating -1) with the rest, hidden, or alone.
    public enum Rejected: Equatable, Sendable { case shown, hidden, only }

    /// Which files a photo is made of.
    public enum FileKind: String, CaseIterable, Equatable, Sendable {
        /// A camera RAW file, alone or with its JPEG.
        case raw
        /// A RAW file and its JPEG (or HEIC), shown as one photo.
        case rawAndJPEG
        /// No RAW file: a JPEG, HEIC, PNG…
        case noRaw
    }

    public var text: String
    /// 0 lets every rating through (rejected photos as `rejected` says).
    public var minimumRating: Int
    public var rejected: Rejected
    /// Photos with any of these labels; empty lets every photo through.
    public var labels: Set<ColorLabel>
    /// Photos with this keyword or one below it in its hierarchy.
    public var keyword: Keyword?
    public var kind: FileKind?
    /// Photos taken with this camera (`PhotoMetadata.camera`).
    public var camera: String?
    /// Photos taken on these days (from the start of the first to the end
    /// of the last, in the local time the camera wrote).
    public var taken: ClosedRange<Date>?
    /// "Only the Sharpest": photos measured at least this sharp (the
    /// sharpest quarter of the folder when it was asked); photos not yet
    /// measured are not shown meanwhile.
    public var sharpnessAtLeast: Double?
    /// "Clipped Highlights": photos measured with at least this share of
    /// them clipped at white (0…1); photos not yet measured are not shown
    /// meanwhile.
    public var clippedAtLeast: Double?

    /// The shares "Clipped Highlights" offers, from a speck to a fifth.
    public static let clippedLevels: [Double] = [0.001, 0.01, 0.05, 0.2]

    package init(text: String = "", minimumRating: Int = 0, rejected: Rejected = .shown,
                 labels: Set<ColorLabel> = [], keyword: Keyword? = nil, kind: FileKind? = nil,
                 camera: String? = nil, taken: ClosedRange<Date>? = nil) {
        self.text = text
        self.minimumRating = max(0, Photo.clampedRating(minimumRating))
        self.rejected = rejected
        self.labels = labels
        self.keyword = keyword
        self.kind = kind
        self.camera = camera
        self.taken = taken
    }

    public var isActive: Bool { !Photo.searchWords(text).isEmpty || narrows }

    /// Whether anything but the search narrows the photos shown: what the
    /// filter button shows as on.
    public var narrows: Bool {
        minimumRating > 0 || rejected != .shown || !labels.isEmpty || keyword != nil || kind != nil
            || camera != nil || taken != nil || sharpnessAtLeast != nil || clippedAtLeast != nil
    }

    /// The parts a new window starts with (GSettings keeps them): the
    /// search, the keyword, the camera and the days belong to a folder.
    public var kept: PhotoFilter {
        PhotoFilter(minimumRating: minimumRating, rejected: rejected, labels: labels, kind: kind)
    }

    /// This filter with the search kept and everything else let through.
    public var cleared: PhotoFilter { PhotoFilter(text: text) }

    // The search field and the rating menu each change their part; the
    // other parts stay as they are.

    /// This filter, searching for `text` instead.
    public func searching(_ text: String) -> PhotoFilter {
        var filter = self
        filter.text = text
        return filter
    }

    /// This filter, letting through photos rated `stars` or more.
    public func withMinimumRating(_ stars: Int) -> PhotoFilter {
        var filter = self
        filter.minimumRating = max(0, Photo.clampedRating(stars))
        return filter
    }

    /// Whether this filter lets through only photos `other` lets through:
    /// the same but for a search typed further (each word of the other's
    /// inside one of this one's). The list then narrows what it shows,
    /// already in order, instead of going over every photo again.
    func refines(_ other: PhotoFilter) -> Bool {
        var same = self
        same.text = other.text
        guard same == other else { return false }
        let words = Photo.searchWords(text)
        return Photo.searchWords(other.text).allSatisfy { old in words.contains { $0.contains(old) } }
    }

    /// This filter with one part set (`\.kind`, `\.keyword`, `\.camera`…).
    public func with<Value>(_ part: WritableKeyPath<PhotoFilter, Value>, _ value: Value) -> PhotoFilter {
        var filter = self
        filter[keyPath: part] = value
        return filter
    }

    /// This filter, doing `rejected` with rejected photos.
    public func withRejected(_ rejected: Rejected) -> PhotoFilter {
        var filter = self
        filter.rejected = rejected
        return filter
    }

    /// A predicate for many photos (the search is folded once).
    func predicate() -> @Sendable (Photo) -> Bool {
        let words = Photo.searchWords(text).map { Array($0.utf8) }
        let minimum = minimumRating, rejected = rejected, labels = labels, kind = kind, camera = camera
        let keyword = self.keyword?.path, below = self.keyword.map { $0.path + "|" }
        let sharpest = sharpnessAtLeast, clipped = clippedAtLeast
        let days = taken.map { range in
            let calendar = Calendar(identifier: .gregorian)
            let start = calendar.startOfDay(for: range.lowerBound)
            let end = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: range.upperBound)) ?? range.upperBound
            return start..<end
        }
        return { photo in
            let passes = switch rejected {
            case .shown: photo.isRejected ? minimum == 0 : photo.rating >= minimum
            case .hidden: !photo.isRejected && photo.rating >= minimum
            case .only: photo.isRejected
            }
            guard passes else { return false }
            if !labels.isEmpty, !(photo.tags.label.map(labels.contains) ?? false) { return false }
            if let keyword, let below,
               !photo.tags.keywords.contains(where: { $0.path == keyword || $0.path.hasPrefix(below) }) { return false }
            if let kind {
                let matches = switch kind {
                case .raw: photo.raw != nil || PhotoFormat.isRaw(photo.path)
                case .rawAndJPEG: photo.raw != nil
                case .noRaw: photo.raw == nil && !PhotoFormat.isRaw(photo.path)
                }
                guard matches else { return false }
            }
            if let camera, photo.metadata?.camera != camera { return false }
            if let days, !(photo.metadata?.dateTaken.map(days.contains) ?? false) { return false }
            if let sharpest, !(photo.sharpness.map { $0 >= sharpest } ?? false) { return false }
            if let clipped, !(photo.highlightsClipped.map { $0 >= clipped } ?? false) { return false }
            return photo.matches(searchBytes: words)
        }
    }
}
