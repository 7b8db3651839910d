import Foundation
import Localization

/// Where ratings go when a photo is rated (a preference).
public enum RatingStorage: String, Codable, CaseIterable, Sendable {
    /// Into the photo file, or a sidecar when the file cannot or should
    /// not be modified (the default).
    case photoFiles
    /// Into XMP sidecars only; photo files are never modified.
    case sidecarsOnly
    /// Nowhere but Lightbox's index.
    case lightboxOnly

    /// The words the preferences window shows.
    public var title: String {
        switch self {
        // Translators: choices in Preferences for where ratings are saved.
        case .photoFiles: tr("In the photo files")
        case .sidecarsOnly: tr("In sidecar files only")
        case .lightboxOnly: tr("Only in Lightbox")
        }
    }
}

/// The person's preferences (kept in `AppSettings`; Codable to read the
/// file Lightbox kept them in before, see `AppSettings.migrateFiles`).
public struct Preferences: Codable, Equatable, Sendable {
    public var ratingStorage: RatingStorage
    /// Whether a photo window steps to the next photo after a rating or a
    /// reject (culling a shoot).
    public var advancesAfterRating: Bool
    /// Whether a camera RAW file and a JPEG (or HEIC) of one shot show as
    /// one photo.
    public var pairsRawAndJPEG: Bool

    init(ratingStorage: RatingStorage = .photoFiles, advancesAfterRating: Bool = false,
                pairsRawAndJPEG: Bool = true) {
        self.ratingStorage = ratingStorage
        self.advancesAfterRating = advancesAfterRating
        self.pairsRawAndJPEG = pairsRawAndJPEG
    }

    /// Files saved before a preference existed read with its default.
    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        ratingStorage = try values.decodeIfPresent(RatingStorage.self, forKey: .ratingStorage) ?? .photoFiles
        advancesAfterRating = try values.decodeIfPresent(Bool.self, forKey: .advancesAfterRating) ?? false
        pairsRawAndJPEG = try values.decodeIfPresent(Bool.self, forKey: .pairsRawAndJPEG) ?? true
    }

    public static let standard = Preferences()
}
