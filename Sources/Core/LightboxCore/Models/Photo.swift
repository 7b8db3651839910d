import Foundation
import Imaging
import FilePaths
import Localization

/// One photo in a folder. The domain rules about photos live here: the
/// title shown, the date taken with its fallback, the rating's range, and
/// what a search matches.
public struct Photo: Identifiable, Hashable, Sendable {
    /// What a photo holds by reference (its path, title and metadata), kept
    /// in one shared object: a photo is copied whole many times over (the
    /// list, its index, the grid's model), and with one reference a copy
    /// costs one retain instead of one per string and box, and the struct
    /// stays small (Tools/Bench/README.md has what this saves on big folders).
    private var record: Record
    public let fileSize: Int64
    /// Modification time, whole seconds since 1970 (as thumbnails record it).
    public let modificationTime: Int
    /// -1 (rejected), 0 (unrated) or 1 to 5 stars, as XMP's xmp:Rating.
    public private(set) var rating: Int
    /// When the photo was taken: EXIF DateTimeOriginal, else the file's
    /// modification time. (Kept, not recomputed: sorting reads it often.)
    public private(set) var dateTaken: Date
    /// `measures`, NaN until measured: Floats, so the struct keeps its size.
    private var measuredSharpness = Float.nan
    private var measuredClipping = Float.nan

    /// What Lightbox measured of the photo once its folder loaded; nil
    /// until then.
    public var measures: PhotoMeasures? {
        get {
            measuredSharpness.isNaN ? nil
                : PhotoMeasures(sharpness: Double(measuredSharpness), highlightsClipped: Double(measuredClipping))
        }
        set {
            measuredSharpness = newValue.map { Float($0.sharpness) } ?? .nan
            measuredClipping = newValue.map { Float($0.highlightsClipped) } ?? .nan
        }
    }

    /// How sharp the photo is where the camera focused (else over the
    /// whole frame), once measured (`PixelData.sharpness`). Only comparable
    /// between photos: "sharper than 80 % of the folder".
    public var sharpness: Double? { measures?.sharpness }
    /// The share of the photo clipped at white, once measured.
    public var highlightsClipped: Double? { measures?.highlightsClipped }

    /// The absolute path: a photo is identified by where it is.
    public var path: String { record.path }
    /// The camera RAW file shot with this JPEG or HEIC (same name, any
    /// letter case, same folder), when the list shows the two as one photo:
    /// every decision goes to both files.
    public var raw: String? { record.raw }
    /// The files this photo is: its own, and its RAW's when it has one.
    public var files: [String] { raw.map { [path, $0] } ?? [path] }
    /// The image's own title when it carries one, else the file name
    /// without its extension.
    public var title: String { record.title }
    /// What the file's EXIF/XMP said; nil until read (or when it has none).
    public var metadata: PhotoMetadata? {
        get { record.metadata?.value }
        set {
            record = Record(path: path, metadata: newValue, tags: tags, raw: record.raw)
            dateTaken = Photo.dateTaken(metadata: newValue, modificationTime: modificationTime)
        }
    }
    /// The label, keywords, title and caption: as its files state them,
    /// with the changes made in Lightbox and not yet written.
    public var tags: PhotoTags {
        get { record.tags }
        set { record = Record(path: path, metadata: metadata, tags: newValue, raw: record.raw) }
    }
    /// Whether the metadata was read (without copying it out).
    var hasMetadata: Bool { record.metadata != nil }

    package init(path: String, fileSize: Int64, modificationTime: Int,
                metadata: PhotoMetadata? = nil, rating: Int = 0, tags: PhotoTags = .none) {
        record = Record(path: path, metadata: metadata, tags: tags, raw: nil)
        self.fileSize = fileSize
        self.modificationTime = modificationTime
        self.rating = Photo.clampedRating(rating)
        dateTaken = Photo.dateTaken(metadata: metadata, modificationTime: modificationTime)
    }

    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.fileSize == rhs.fileSize && lhs.modificationTime == rhs.modificationTime && lhs.rating == rhs.rating
            && lhs.dateTaken == rhs.dateTaken && lhs.measures == rhs.measures
            && (lhs.record === rhs.record || lhs.record == rhs.record)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(record)
        hasher.combine(fileSize)
        hasher.combine(modificationTime)
        hasher.combine(rating)
        hasher.combine(dateTaken)
        hasher.combine(sharpness)
        hasher.combine(highlightsClipped)
    }

    private static func dateTaken(metadata: PhotoMetadata?, modificationTime: Int) -> Date {
        metadata?.dateTaken ?? Date(timeIntervalSince1970: TimeInterval(modificationTime))
    }

    /// The last component of a path (a file's path has no trailing slash).
    /// Byte-level: Foundation's path methods cost more than the `stat` of
    /// the file when a big folder is scanned.
    static func name(of path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }

    /// The name without its extension: "IMG_1.JPG" → "IMG_1"; a name that
    /// starts with its only dot, or ends with it, is kept whole.
    static func stem(of path: String) -> Substring {
        let name = name(of: path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex,
              name.utf8.index(after: dot) != name.endIndex else { return name }
        return name[..<dot]
    }

    public var id: String { path }

    /// Whether `other` is this photo (the same path), its data aside. Most
    /// often both share what they hold by reference, and then neither path
    /// is read: a grid of 100,000 photos compares them all at every change.
    public func isSamePhoto(as other: Photo) -> Bool {
        record === other.record || path == other.path
    }

    /// XMP's range: -1 is "rejected", 0 "unrated".
    package static let ratingRange = -1...5
    public static let rejected = -1

    public var isRejected: Bool { rating == Photo.rejected }

    static func clampedRating(_ rating: Int) -> Int {
        min(max(rating, ratingRange.lowerBound), ratingRange.upperBound)
    }

    public mutating func rate(_ stars: Int) { rating = Photo.clampedRating(stars) }

    /// The same photo after its file changed on disk to `size` and `modificationTime`.
    func withFile(size: Int64, modificationTime: Int) -> Photo {
        var photo = Photo(path: path, fileSize: size, modificationTime: modificationTime, metadata: metadata,
                          rating: rating, tags: tags)
        // A photo with no date taken is dated by its modification time,
        // which writing a rating changes: it keeps its place all the same.
        photo.dateTaken = dateTaken
        return photo.paired(with: raw)
    }

    /// The same photo shown with `raw` as its RAW file (nil: on its own).
    package func paired(with raw: String?) -> Photo {
        guard raw != record.raw else { return self }
        var photo = self
        photo.record = Record(path: path, metadata: metadata, tags: tags, raw: raw)
        return photo
    }

    /// The same photo, sorted as if taken at `date`: while its folder
    /// loads, a photo keeps the place it was first shown at (see
    /// `PhotoListLogic.heldDates`).
    func placed(at date: Date) -> Photo {
        var photo = self
        photo.dateTaken = date
        return photo
    }

    /// The file's name as people read it (see `displayablePath`).
    public var fileName: String { String(Photo.name(of: path)).displayablePath }


    /// Whether the search text matches: every word must occur in the
    /// file name, the title, the caption or a keyword (any level of its
    /// hierarchy), ignoring case and accents ("finistere" finds Finistère).
    public func matches(search words: [String]) -> Bool {
        matches(searchBytes: words.map { Array($0.utf8) })
    }

    /// `matches(search:)` for words already in bytes (a filter's predicate
    /// makes them once): byte comparisons, as String's `contains` costs a
    /// microsecond a photo, which a search through 100,000 pays on every
    /// keystroke (Tools/Bench/README.md).
    func matches(searchBytes words: [[UInt8]]) -> Bool {
        guard !words.isEmpty else { return true }
        let text = record.searchText
        return words.allSatisfy { Photo.occurs($0, in: text) }
    }

    /// Whether `needle` occurs in `haystack`, byte for byte.
    static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { word in
                guard let base = text.baseAddress, let wordBase = word.baseAddress else { return false }
                var start = base
                let end = base + (text.count - word.count + 1)
                while start < end {
                    guard let hit = memchr(start, Int32(wordBase.pointee), end - start) else { return false }
                    let at = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(at, wordBase, word.count) == 0 { return true }
                    start = at + 1
                }
                return false
            }
        }
    }

    /// Splits a search into folded words.
    static func searchWords(_ text: String) -> [String] {
        fold(text).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// `text` without case or accents. ASCII (most file names) is lowered
    /// byte by byte: Foundation's folding costs a microsecond or more a
    /// string, which a folder of 100,000 photos pays on every load.
    static func fold(_ text: String) -> String {
        var ascii = true
        let lowered = String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            var count = 0
            for byte in text.utf8 {
                guard byte < 0x80 else {
                    ascii = false
                    break
                }
                buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                count += 1
            }
            return ascii ? count : 0
        }
        return ascii ? lowered : text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

extension Photo {
    /// A photo's path, title, tags and metadata: immutable, shared by its
    /// copies, compared by value.
    private final class Record: Hashable, Sendable {
        let path: String
        let title: String
        /// Boxed apart: most of a record's size, and absent until read.
        let metadata: MetadataBox?
        let tags: PhotoTags
        let raw: String?
        /// The name, title, caption and keywords folded (`Photo.fold`),
        /// one a line, as bytes: what a search looks in, folded once, not on
        /// every keystroke for every photo.
        let searchText: [UInt8]

        init(path: String, metadata: PhotoMetadata?, tags: PhotoTags, raw: String?) {
            self.path = path
            title = tags.title ?? String(Photo.stem(of: path)).displayablePath
            self.metadata = metadata.map(MetadataBox.init)
            self.tags = tags
            self.raw = raw
            var text = Photo.fold(String(Photo.name(of: path)).displayablePath)
            for field in [tags.title, tags.caption].compactMap({ $0 }) + tags.keywords.map(\.path) {
                text += "\n" + Photo.fold(field)
            }
            searchText = Array(text.utf8)
        }

        static func == (lhs: Record, rhs: Record) -> Bool {
            lhs.path == rhs.path && lhs.tags == rhs.tags && lhs.metadata == rhs.metadata && lhs.raw == rhs.raw
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(tags)
            hasher.combine(metadata)
            hasher.combine(raw)
        }
    }
}

/// An immutable, shared copy of a photo's metadata, compared by value.
private final class MetadataBox: Hashable, Sendable {
    let value: PhotoMetadata

    init(_ value: PhotoMetadata) { self.value = value }

    static func == (lhs: MetadataBox, rhs: MetadataBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Metadata read from a photo file.
public struct PhotoMetadata: Hashable, Sendable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var dateTaken: Date?
    var cameraMake: String?
    var cameraModel: String?
    var exposureNumerator: Int?
    var exposureDenominator: Int?
    public var fNumber: Double?
    public var focalLength: Double?
    public var iso: Int?
    /// EXIF orientation 1…8, 0 when unknown.
    public var orientation: Int
    /// Where the camera focused, in the frame as stored (`focusShown`
    /// turns it upright); nil when its maker notes say nothing.
    public var focus: CameraFocus?

    package init(pixelWidth: Int = 0, pixelHeight: Int = 0, dateTaken: Date? = nil,
                cameraMake: String? = nil, cameraModel: String? = nil,
                exposureNumerator: Int? = nil, exposureDenominator: Int? = nil,
                fNumber: Double? = nil, focalLength: Double? = nil, iso: Int? = nil, orientation: Int = 0,
                focus: CameraFocus? = nil) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.dateTaken = dateTaken
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.exposureNumerator = exposureNumerator
        self.exposureDenominator = exposureDenominator
        self.fNumber = fNumber
        self.focalLength = focalLength
        self.iso = iso
        self.orientation = orientation
        self.focus = focus
    }

    /// Where the camera focused on the photo as shown: turned by its
    /// orientation.
    public var focusShown: CameraFocus? { focus?.oriented(orientation) }

    /// The camera, "Make Model" without the make repeated in the model.
    public var camera: String? {
        let make = cameraMake?.trimmingCharacters(in: .whitespaces) ?? ""
        let model = cameraModel?.trimmingCharacters(in: .whitespaces) ?? ""
        if model.isEmpty { return make.isEmpty ? nil : make }
        if make.isEmpty || model.lowercased().hasPrefix(make.lowercased()) { return model }
        return "\(make) \(model)"
    }

    /// "1/250 s", "2 s".
    public var exposure: String? {
        guard let numerator = exposureNumerator, let denominator = exposureDenominator,
              numerator > 0, denominator > 0 else { return nil }
        if numerator >= denominator {
            let seconds = Double(numerator) / Double(denominator)
            let number = LocaleFormat.decimal(seconds, digits: seconds == seconds.rounded() ? 0 : 1)
            // Translators: a photo's exposure time in seconds ("2 s", "0.5 s"), shown in its properties.
            return tr("{seconds} s", ["seconds": number])
        }
        let fraction = LocaleFormat.decimal((Double(denominator) / Double(numerator)).rounded(), digits: 0)
        // Translators: a photo's exposure time, a fraction of a second ("1/250 s"), shown in its properties.
        return tr("1/{denominator} s", ["denominator": fraction])
    }

    /// Parses EXIF's "YYYY:MM:DD HH:MM:SS" (local time, as cameras write it).
    static func exifDate(_ text: String?) -> Date? {
        guard let text else { return nil }
        let digits = text.split(whereSeparator: { ":- T".contains($0) }).compactMap { Int($0) }
        guard digits.count >= 6, digits[0] > 1800, (1...12).contains(digits[1]), (1...31).contains(digits[2])
        else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (digits[0], digits[1], digits[2])
        (components.hour, components.minute, components.second) = (digits[3], digits[4], digits[5])
        return Calendar(identifier: .gregorian).date(from: components)
    }
}
