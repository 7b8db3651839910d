import Foundation

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
        case .photoFiles: "In the photo files"
        case .sidecarsOnly: "In sidecar files only"
        case .lightboxOnly: "Only in Lightbox"
        }
    }
}

/// The person's preferences.
public struct Preferences: Codable, Equatable, Sendable {
    public var ratingStorage: RatingStorage
    /// Whether a photo window steps to the next photo after a rating or a
    /// reject (culling a shoot).
    public var advancesAfterRating: Bool

    public init(ratingStorage: RatingStorage = .photoFiles, advancesAfterRating: Bool = false) {
        self.ratingStorage = ratingStorage
        self.advancesAfterRating = advancesAfterRating
    }

    /// Files saved before a preference existed read with its default.
    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        ratingStorage = try values.decodeIfPresent(RatingStorage.self, forKey: .ratingStorage) ?? .photoFiles
        advancesAfterRating = try values.decodeIfPresent(Bool.self, forKey: .advancesAfterRating) ?? false
    }

    public static let standard = Preferences()
}

/// Keeps `Preferences` in `$XDG_CONFIG_HOME/lightbox/preferences.json`.
public struct PreferencesStore: Sendable {
    public let url: URL

    public init(directories: XDGDirectories = XDGDirectories()) {
        url = directories.lightbox(\.configHome).appendingPathComponent("preferences.json")
    }

    /// The saved preferences; the standard ones when none (or nothing
    /// readable) is saved. A value this version does not know is dropped.
    public func load() -> Preferences {
        guard let data = try? Data(contentsOf: url),
              let preferences = try? JSONDecoder().decode(Preferences.self, from: data)
        else { return .standard }
        return preferences
    }

    public func save(_ preferences: Preferences) throws(AtomicFile.WriteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = (try? encoder.encode(preferences)) ?? Data()
        try AtomicFile.write(data, to: url)
    }
}
