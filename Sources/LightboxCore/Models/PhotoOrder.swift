import Foundation

/// How the grid is sorted.
public struct PhotoOrder: Equatable, Hashable, Sendable {
    public enum Key: String, CaseIterable, Sendable {
        case name, dateTaken, rating, size
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
    public func areInIncreasingOrder(_ a: Photo, _ b: Photo) -> Bool {
        let primary: ComparisonResult = switch key {
        case .name: PhotoOrder.compareNames(a.title, b.title)
        case .dateTaken: PhotoOrder.compare(a.dateTaken, b.dateTaken)
        case .rating: PhotoOrder.compare(a.rating, b.rating)
        case .size: PhotoOrder.compare(a.fileSize, b.fileSize)
        }
        if primary != .orderedSame { return ascending ? primary == .orderedAscending : primary == .orderedDescending }
        let byName = PhotoOrder.compareNames(a.title, b.title)
        if byName != .orderedSame { return byName == .orderedAscending }
        return a.path < b.path
    }

    static func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    /// Natural order: "IMG 2" before "IMG 10", case-insensitive.
    static func compareNames(_ a: String, _ b: String) -> ComparisonResult {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        while let p = x, let q = y {
            if p.properties.numericType == .decimal, q.properties.numericType == .decimal {
                var m = 0, n = 0, xs = x, ys = y
                while let s = xs, let d = s.properties.numericValue, s.properties.numericType == .decimal {
                    m = m &* 10 &+ Int(d); xs = i.next()
                }
                while let s = ys, let d = s.properties.numericValue, s.properties.numericType == .decimal {
                    n = n &* 10 &+ Int(d); ys = j.next()
                }
                if m != n { return m < n ? .orderedAscending : .orderedDescending }
                x = xs; y = ys
                continue
            }
            let lp = p.properties.lowercaseMapping, lq = q.properties.lowercaseMapping
            if lp != lq { return lp < lq ? .orderedAscending : .orderedDescending }
            x = i.next(); y = j.next()
        }
        if x == nil, y == nil { return .orderedSame }
        return x == nil ? .orderedAscending : .orderedDescending
    }
}

/// What the grid shows of the folder: a text search and a minimum rating.
public struct PhotoFilter: Equatable, Sendable {
    public var text: String
    public var minimumRating: Int

    public init(text: String = "", minimumRating: Int = 0) {
        self.text = text
        self.minimumRating = Photo.clampedRating(minimumRating)
    }

    public var isActive: Bool { !Photo.searchWords(text).isEmpty || minimumRating > 0 }

    /// A predicate for many photos (the search is folded once).
    public func predicate() -> (Photo) -> Bool {
        let words = Photo.searchWords(text)
        let minimum = minimumRating
        return { $0.rating >= minimum && $0.matches(search: words) }
    }
}
