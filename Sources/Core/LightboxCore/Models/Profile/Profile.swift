import Foundation

/// The person using Lightbox: what the profile window edits and every
/// main window's header bar shows.
public struct Profile: Equatable, Sendable {
    public var displayName: String
    public var email: String
    public var about: String
    /// The photo; nil shows the initials on a colour instead.
    public var avatar: AvatarImage?

    package init(displayName: String, email: String = "", about: String = "", avatar: AvatarImage? = nil) {
        self.displayName = displayName
        self.email = email
        self.about = about
        self.avatar = avatar
    }

    /// Nothing known yet (before the profile has loaded).
    public static let empty = Profile(displayName: "")

    /// One or two letters for an avatar without a photo: the first
    /// character of the first and of the last word ("Zoë Saldaña" → "ZS",
    /// "山田太郎" → "山"). Empty when the name has nothing to show.
    public var initials: String {
        let words = displayName.split(whereSeparator: { $0.isWhitespace })
        let leading = words.compactMap { word in word.first(where: Self.isInitial) }
        guard let first = leading.first else { return "" }
        var initials = Self.upper(first)
        if leading.count > 1, let last = leading.last { initials += Self.upper(last) }
        return initials
    }

    /// The number of avatar colours; `colorIndex` is below it.
    public static let colorCount = 8

    /// A colour for the initials avatar, the same for the same name in
    /// every run (FNV-1a over the trimmed name's scalars, not `hashValue`,
    /// which changes between runs).
    public var colorIndex: Int {
        var hash: UInt32 = 2_166_136_261
        for scalar in displayName.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars {
            hash = (hash ^ scalar.value) &* 16_777_619
        }
        return Int(hash % UInt32(Self.colorCount))
    }

    private static func isInitial(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
            || character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
    }

    /// Upper case, but one character stays one character ("ß" stays "ß").
    private static func upper(_ character: Character) -> String {
        let upper = String(character).uppercased()
        return upper.count == 1 ? upper : String(character)
    }
}

/// What the system knows of the person, for the first run's profile.
public struct SystemAccount: Equatable, Sendable {
    /// The full name from the password database ("" when unknown).
    public var realName: String
    /// The login name.
    public var userName: String
    /// `~/.face`, the avatar many desktops set.
    public var faceImagePath: String?

    public init(realName: String, userName: String, faceImagePath: String?) {
        self.realName = realName
        self.userName = userName
        self.faceImagePath = faceImagePath
    }

    /// The display name to start with: the real name, else the login name,
    /// cleaned so that it passes validation.
    var defaultDisplayName: String {
        let real = realName.trimmingCharacters(in: .whitespacesAndNewlines)
        // GLib answers "Unknown" when the password database has no name.
        let name = real.isEmpty || real == "Unknown" ? userName : real // untranslated: GLib's answer
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.properties.generalCategory != .control }))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return String(cleaned.prefix(ProfileValidation.maxNameLength))
    }
}
