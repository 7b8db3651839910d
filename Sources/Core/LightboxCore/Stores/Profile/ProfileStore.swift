import Foundation
import Localization

/// Keeps the profile between runs. Every method does file I/O: call them
/// off the main thread. The app uses `FileProfileStore`; tests may use a
/// double to reach failure paths.
public protocol ProfileStore: Sendable {
    /// The saved profile, or what to start from when there is none.
    func load() throws(ProfileStoreError) -> ProfileLoadResult
    /// Saves `profile` so that a crash at any instant leaves either the
    /// previous profile or this one. Returns the profile as stored.
    func save(_ profile: Profile) throws(ProfileStoreError) -> Profile
}

/// What loading found.
public enum ProfileLoadResult: Equatable, Sendable {
    /// Nothing saved yet: start from the system account.
    case nothingSaved
    /// The saved profile. `notice` says what had to be given up on the
    /// way (a photo that could not be read).
    case loaded(Profile, notice: String?)
    /// The saved data could not be read and was moved aside; start from
    /// the system account and tell the person what `notice` says.
    case recovered(notice: String)
}

/// Why the profile could not be loaded or saved, in sentences the person
/// can act on.
public struct ProfileStoreError: Error, Equatable, Sendable {
    public let message: String
    package init(_ message: String) { self.message = message }

    /// "the disk is full", for an errno: what follows "Your profile could
    /// not be saved: ".
    static func reason(errno code: Int32) -> String {
        switch code {
        // Translators: why the profile could not be saved, after "Your profile could not be saved: ".
        case ENOSPC, EDQUOT: tr("the disk is full. Free some space, then try again")
        // Translators: why the profile could not be saved, after "Your profile could not be saved: ".
        case EROFS: tr("the disk is read-only")
        // Translators: why the profile could not be saved, after "Your profile could not be saved: ".
        case EACCES, EPERM: tr("Lightbox is not allowed to write there. Check the folder’s permissions")
        // Translators: why the profile could not be saved, after "Your profile could not be saved: ".
        case ENOTDIR, EEXIST: tr("something that is not a folder is in the way")
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
