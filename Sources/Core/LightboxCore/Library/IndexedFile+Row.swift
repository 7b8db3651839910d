import Foundation
import GRDB
import Imaging

/// How an indexed file's metadata is laid out in the `file` table: one
/// column a field, read straight from the row (no JSON to decode).
extension IndexedFile {
    static let metadataColumns: [(name: String, type: Database.ColumnType)] = [
        ("has_metadata", .integer), ("width", .integer), ("height", .integer), ("taken", .double),
        ("make", .text), ("model", .text), ("title", .text), ("exposure_num", .integer),
        ("exposure_den", .integer), ("f_number", .double), ("focal_length", .double), ("iso", .integer),
        ("orientation", .integer),
    ]

    /// Added by migration v4, after `metadataColumns`.
    static let ratingColumns: [(name: String, type: Database.ColumnType)] = [
        ("stated_rating", .integer), ("sidecar_size", .integer), ("sidecar_mtime", .integer),
    ]

    /// Added by migration v5: the tags the file states besides its title
    /// (which has had a column since v2). Keywords are paths, one a line.
    static let tagColumns: [(name: String, type: Database.ColumnType)] = [
        ("label", .text), ("keywords", .text), ("caption", .text),
    ]

    /// Added by migration v6: where the camera focused (`CameraFocus.indexText`).
    static let focusColumns: [(name: String, type: Database.ColumnType)] = [("focus", .text)]

    /// Every column after `path, size, mtime`, in row order: what a file's
    /// reading writes.
    static let columns = metadataColumns + ratingColumns + tagColumns + focusColumns

    /// Added by migration v6 too, after `columns`: what Lightbox measured of
    /// the photo (`PhotoMeasures`), later than its reading and saved apart
    /// (`LibraryIndex.saveMeasures`). A row written again, its file changed,
    /// drops them, and the photo is measured again.
    static let measureColumns: [(name: String, type: Database.ColumnType)] = [("sharpness", .double), ("clipped", .double)]

    /// The columns read after `path, size, mtime`.
    static let selected = columns + measureColumns

    /// A row selected as `path, size, mtime` and then `columns`; nil when
    /// its path, size or time is missing or of another type (a damaged
    /// index, see `Row.checked`): its photo is then read again, as one
    /// never indexed. A metadata field of another type reads as absent.
    init?(row: Row) {
        func value<Value: DatabaseValueConvertible>(_ index: Int) -> Value? { row.checked(index) }
        guard let path: String = value(0), let size: Int64 = value(1),
              let modificationTime: Int = value(2) else { return nil }
        let hasMetadata: Bool = value(3) ?? false
        let taken: Double? = value(6)
        self.init(
            path: path, size: size, modificationTime: modificationTime,
            metadata: hasMetadata ? PhotoMetadata(
                pixelWidth: value(4) ?? 0, pixelHeight: value(5) ?? 0,
                dateTaken: taken.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil },
                cameraMake: value(7), cameraModel: value(8),
                exposureNumerator: value(10), exposureDenominator: value(11),
                fNumber: value(12), focalLength: value(13), iso: value(14), orientation: value(15) ?? 0,
                focus: (value(22) as String?).flatMap(CameraFocus.init(indexText:))) : nil,
            statedRating: value(16),
            sidecar: (value(17) as Int64?).map { SidecarStamp(size: $0, modificationTime: value(18) ?? 0) },
            tags: PhotoTags(label: (value(19) as String?).flatMap(ColorLabel.init(xmpName:)),
                            keywords: PhotoTags.keywords(lines: value(20)), title: value(9), caption: value(21)),
            measures: IndexedFile.measures(sharpness: value(23), clipped: value(24)))
    }

    /// Measures as the index keeps them; nil unless both are there and
    /// make sense (a damaged index: the photo is measured again).
    private static func measures(sharpness: Double?, clipped: Double?) -> PhotoMeasures? {
        guard let sharpness, let clipped, sharpness.isFinite, sharpness >= 0, (0...1).contains(clipped) else { return nil }
        return PhotoMeasures(sharpness: sharpness, highlightsClipped: clipped)
    }

    /// The values for `path, size, mtime` and then `columns`.
    var arguments: StatementArguments {
        let m = metadata
        let values: [(any DatabaseValueConvertible)?] = [
            path, size, modificationTime, m != nil, m?.pixelWidth, m?.pixelHeight,
            m?.dateTaken?.timeIntervalSince1970, m?.cameraMake, m?.cameraModel, tags.title,
            m?.exposureNumerator, m?.exposureDenominator, m?.fNumber, m?.focalLength, m?.iso, m?.orientation,
            statedRating, sidecar?.size, sidecar?.modificationTime,
            tags.label?.rawValue, tags.keywordLines, tags.caption, m?.focus?.indexText,
        ]
        return StatementArguments(values)
    }
}
