import Foundation
import Localization

/// What is wrong with a profile's fields, one message per field (nil when
/// the field is fine). Lengths count characters as a person sees them
/// (Swift `Character`s: "é", "👩‍💻" and "山" are one each).
public struct ProfileValidation: Equatable, Sendable {
    public static let maxNameLength = 64
    public static let maxAboutLength = 500
    static let maxEmailLength = 254

    public var displayName: String?
    public var email: String?
    public var about: String?

    init(displayName: String? = nil, email: String? = nil, about: String? = nil) {
        self.displayName = displayName
        self.email = email
        self.about = about
    }

    var isValid: Bool { displayName == nil && email == nil && about == nil }

    /// Checks `profile` as the person typed it (before `normalized`).
    public static func check(_ profile: Profile) -> ProfileValidation {
        ProfileValidation(displayName: nameProblem(profile.displayName),
                          email: emailProblem(profile.email),
                          about: aboutProblem(profile.about))
    }

    /// The profile as it is saved: surrounding white space trimmed.
    static func normalized(_ profile: Profile) -> Profile {
        var profile = profile
        profile.displayName = profile.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        profile.email = profile.email.trimmingCharacters(in: .whitespacesAndNewlines)
        profile.about = profile.about.trimmingCharacters(in: .whitespacesAndNewlines)
        return profile
    }

    static func nameProblem(_ raw: String) -> String? {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return tr("Enter a display name.") }
        if raw.unicodeScalars.contains(where: isControl) {
            return tr("Remove the control characters (such as tabs or line breaks) from the name.")
        }
        if name.count > maxNameLength {
            // Translators: {count} is the most characters a name may have; {length} how many the typed name has.
            return trn("Use at most {count} character (this name has {length}).",
                       "Use at most {count} characters (this name has {length}).",
                       count: maxNameLength, ["length": name.count])
        }
        return nil
    }

    static func emailProblem(_ raw: String) -> String? {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if email.isEmpty || looksLikeEmail(email) { return nil }
        // Translators: about the email field of the profile; keep the example address as it is.
        return tr("Enter an address like name@example.com, or leave it empty.")
    }

    static func aboutProblem(_ raw: String) -> String? {
        let about = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if about.count > maxAboutLength {
            // Translators: {count} is the most characters the “About” text may have; {length} how many it has.
            return trn("Use at most {count} character (this text has {length}).",
                       "Use at most {count} characters (this text has {length}).",
                       count: maxAboutLength, ["length": about.count])
        }
        if about.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
            return tr("Remove the control characters from the text.")
        }
        return nil
    }

    /// One "@", a local part and a domain of at least two dot-separated
    /// labels; no spaces, controls or characters addresses cannot hold
    /// unquoted. Non-ASCII letters are fine (internationalized addresses).
    static func looksLikeEmail(_ email: String) -> Bool {
        guard email.count <= maxEmailLength,
              !email.unicodeScalars.contains(where: { isControl($0) || $0.properties.isWhitespace })
        else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0], domain = parts[1]
        let forbidden = Set("<>()[]\\,;:\"")
        guard !local.isEmpty, local.count <= 64, !local.contains(where: forbidden.contains),
              !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let top = labels.last, top.count >= 2,
              !top.allSatisfy(\.isNumber)
        else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
