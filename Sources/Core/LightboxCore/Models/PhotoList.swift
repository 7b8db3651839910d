import Localization

/// The photos a window shows now: those that pass the filter, in order,
/// and how many the folder holds in all.
public struct PhotoList: Equatable, Sendable {
    public let folder: Folder
    public let photos: ChunkedArray<Photo>
    public let total: Int
    /// How many files they are: more than `total` when RAW+JPEG pairs show
    /// as one photo each.
    public let files: Int
    /// The selected photos among those shown, by path.
    public let selection: Set<String>
    /// Dates taken read after the person began working with the photos
    /// wait, so that nothing moves under them: the window offers to sort
    /// by them (`PhotoListLogic.sortByDatesRead`).
    public let datesWaiting: Bool

    package init(folder: Folder, photos: ChunkedArray<Photo>, total: Int, files: Int? = nil,
                selection: Set<String> = [], datesWaiting: Bool = false) {
        self.folder = folder
        self.photos = photos
        self.total = total
        self.files = files ?? total
        self.selection = selection
        self.datesWaiting = datesWaiting
    }

    public var count: Int { photos.count }

    /// "1,204 photos", or "37 of 1,204 photos" while filtered; with RAW+JPEG
    /// pairs, "120 photos (240 files)".
    public var summary: String {
        let photos = count == total ? trn("{count} photo", "{count} photos", count: total)
            // Translators: how many photos pass the filter, of all in the folder.
            : trn("{shown} of {count} photo", "{shown} of {count} photos", count: total, ["shown": count])
        guard files != total else { return photos }
        // Translators: how many photos, then how many files they are when RAW+JPEG pairs show as one photo:
        // "120 photos (240 files)"; {photos} is the text before.
        return trn("{photos} ({count} file)", "{photos} ({count} files)", count: files, ["photos": photos])
    }

    /// "12 selected", or nil when nothing is.
    public var selectionSummary: String? {
        // Translators: how many photos are selected, shown in the selection bar and the window subtitle.
        selection.isEmpty ? nil : trn("{count} selected", "{count} selected", count: selection.count)
    }
}

/// How far loading a folder has come.
public struct LoadProgress: Equatable, Sendable {
    /// Photos found so far.
    public var found: Int
    /// Whether the folder walk is over (metadata may still be read).
    public var scanFinished: Bool
    /// Photos whose metadata is read, out of those that needed reading.
    var metadataRead: Int
    public var metadataTotal: Int

    package init(found: Int = 0, scanFinished: Bool = false, metadataRead: Int = 0, metadataTotal: Int = 0) {
        self.found = found
        self.scanFinished = scanFinished
        self.metadataRead = metadataRead
        self.metadataTotal = metadataTotal
    }

    /// 0…1 when it can be told, nil while still walking the folder.
    public var fraction: Double? {
        guard scanFinished else { return nil }
        return metadataTotal == 0 ? 1 : Double(metadataRead) / Double(metadataTotal)
    }
}
