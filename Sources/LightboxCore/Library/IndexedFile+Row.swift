import Foundation
import GRDB

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

    /// Every column after `path, size, mtime`, in row order.
    static let columns = metadataColumns + ratingColumns

    /// A row selected as `path, size, mtime` and then `columns`.
    init(row: Row) {
        let hasMetadata: Bool = row[3] ?? false
        self.init(
            path: row[0], size: row[1], modificationTime: row[2],
            metadata: hasMetadata ? PhotoMetadata(
                pixelWidth: row[4] ?? 0, pixelHeight: row[5] ?? 0,
                dateTaken: (row[6] as Double?).map(Date.init(timeIntervalSince1970:)),
                cameraMake: row[7], cameraModel: row[8], title: row[9],
                exposureNumerator: row[10], exposureDenominator: row[11],
                fNumber: row[12], focalLength: row[13], iso: row[14], orientation: row[15] ?? 0) : nil,
            statedRating: row[16],
            sidecar: (row[17] as Int64?).map { SidecarStamp(size: $0, modificationTime: row[18] ?? 0) })
    }

    /// The values for `path, size, mtime` and then `columns`.
    var arguments: StatementArguments {
        let m = metadata
        let values: [(any DatabaseValueConvertible)?] = [
            path, size, modificationTime, m != nil, m?.pixelWidth, m?.pixelHeight,
            m?.dateTaken?.timeIntervalSince1970, m?.cameraMake, m?.cameraModel, m?.title,
            m?.exposureNumerator, m?.exposureDenominator, m?.fNumber, m?.focalLength, m?.iso, m?.orientation,
            statedRating, sidecar?.size, sidecar?.modificationTime,
        ]
        return StatementArguments(values)
    }
}
