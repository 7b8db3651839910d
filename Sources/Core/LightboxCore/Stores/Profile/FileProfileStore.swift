import Foundation
import Imaging
import Localization

/// Keeps the profile in `$XDG_DATA_HOME/lightbox/`: `profile.json` (written
/// atomically) names the avatar, a PNG under a name used once. A save
/// writes the new PNG first, then the JSON pointing at it, then deletes
/// the old PNG, so a crash at any instant leaves the old profile or the
/// new one, each with its photo.
public struct FileProfileStore: ProfileStore {
    public let folder: URL

    public init(directories: XDGDirectories = XDGDirectories()) {
        folder = directories.lightbox(\.dataHome)
    }

    public init(folder: URL) { self.folder = folder }

    package var profileURL: URL { folder.appendingPathComponent(Self.profileFileName) }

    static let profileFileName = "profile.json"
    static let avatarPrefix = "avatar-"

    /// What `profile.json` holds.
    struct Stored: Codable, Equatable {
        var version: Int
        var displayName: String
        var email: String
        var about: String
        /// The avatar's file name in the same folder.
        var avatar: String?
    }

    // MARK: Loading

    public func load() throws(ProfileStoreError) -> ProfileLoadResult {
        guard FileManager.default.fileExists(atPath: profileURL.path) else { return .nothingSaved }
        guard let data = FileManager.default.contents(atPath: profileURL.path) else {
            return .recovered(notice: try recover(because: .unreadable))
        }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.version == 1,
              stored.avatar.map(Self.isAvatarFileName) ?? true
        else {
            return .recovered(notice: try recover(because: .damaged))
        }
        var profile = Profile(displayName: stored.displayName, email: stored.email, about: stored.about)
        var notice: String?
        if let file = stored.avatar {
            let path = folder.appendingPathComponent(file).path
            do {
                var avatar = try AvatarImage.decode(path: path)
                avatar.storedFileName = file
                profile.avatar = avatar
            } catch {
                if FileManager.default.fileExists(atPath: path),
                   let kept = try? moveAside(URL(fileURLWithPath: path)) {
                    // Translators: {path} is where the unreadable photo file was moved.
                    notice = tr("Your profile photo could not be read, so your initials are shown instead. The photo was kept in “{path}”.",
                                ["path": kept.path])
                } else {
                    notice = tr("Your profile photo could not be read, so your initials are shown instead.")
                }
            }
        }
        removeLeftovers(keeping: stored.avatar)
        return .loaded(profile, notice: notice)
    }

    /// What is wrong with the saved profile.
    private enum Damage { case unreadable, damaged }

    /// Moves unreadable profile data aside and says so.
    private func recover(because damage: Damage) throws(ProfileStoreError) -> String {
        let kept: URL
        do {
            kept = try moveAside(profileURL)
        } catch {
            let values: KeyValuePairs<String, Any> = ["reason": error.message, "path": profileURL.path]
            let message = switch damage {
            case .unreadable:
                // Translators: {reason} says why the file could not be renamed ("the disk is read-only"); {path} is its path.
                tr("Your saved profile could not be read and could not be moved aside ({reason}). It is in “{path}”.", values)
            case .damaged:
                // Translators: {reason} says why the file could not be renamed ("the disk is read-only"); {path} is its path.
                tr("Your saved profile is damaged and could not be moved aside ({reason}). It is in “{path}”.", values)
            }
            throw ProfileStoreError(message)
        }
        return switch damage {
        case .unreadable:
            // Translators: {path} is where the unreadable profile file was moved.
            tr("Your saved profile could not be read, so Lightbox started with a new one. The old data was kept in “{path}”.",
               ["path": kept.path])
        case .damaged:
            // Translators: {path} is where the damaged profile file was moved.
            tr("Your saved profile is damaged, so Lightbox started with a new one. The old data was kept in “{path}”.",
               ["path": kept.path])
        }
    }

    /// Renames `url` to a free "….damaged-<date>" name next to it.
    private func moveAside(_ url: URL) throws(ProfileStoreError) -> URL {
        let stamp = Self.timestamp()
        var target = url.appendingPathExtension("damaged-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            attempt += 1
            target = url.appendingPathExtension("damaged-\(stamp)-\(attempt)")
        }
        guard rename(url.path, target.path) == 0 else {
            throw ProfileStoreError(ProfileStoreError.reason(errno: errno))
        }
        return target
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }

    static func isAvatarFileName(_ name: String) -> Bool {
        name.hasPrefix(avatarPrefix) && name.hasSuffix(".png") && !name.contains("/")
    }

    /// Deletes avatars no profile names and temporary files of writes a
    /// crash interrupted.
    private func removeLeftovers(keeping avatar: String?) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name != avatar {
            if Self.isAvatarFileName(name) || name.hasPrefix(".\(Self.profileFileName).") {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }

    // MARK: Saving

    public func save(_ profile: Profile) throws(ProfileStoreError) -> Profile {
        let code = Self.makeFolder(folder.path)
        guard code == 0 else {
            // Translators: {path} is a folder; {reason} says why ("the disk is read-only").
            throw ProfileStoreError(tr("Your profile could not be saved in “{path}”: {reason}.",
                                       ["path": folder.path, "reason": ProfileStoreError.reason(errno: code)]))
        }
        var saved = profile
        let previous = storedAvatarName()
        var written: String?
        if let avatar = profile.avatar {
            if let name = avatar.storedFileName, name == previous,
               FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
                saved.avatar?.storedFileName = name
            } else {
                let name = try writeAvatar(avatar)
                saved.avatar?.storedFileName = name
                written = name
            }
        }
        let stored = Stored(version: 1, displayName: profile.displayName, email: profile.email,
                            about: profile.about, avatar: saved.avatar?.storedFileName)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try AtomicFile.write(try encoder.encode(stored), to: profileURL)
        } catch {
            if let written { unlink(folder.appendingPathComponent(written).path) }
            let reason = (error as? AtomicFile.WriteError).map(Self.reason) ?? "\(error)"
            // Translators: {reason} says why ("the disk is read-only").
            throw ProfileStoreError(tr("Your profile could not be saved: {reason}.", ["reason": reason]))
        }
        removeLeftovers(keeping: stored.avatar)
        return saved
    }

    /// Writes the PNG under a new name, flushed to disk before the JSON
    /// may point at it. Returns the file name.
    private func writeAvatar(_ avatar: AvatarImage) throws(ProfileStoreError) -> String {
        let name = "\(Self.avatarPrefix)\(UUID().uuidString.lowercased()).png"
        let path = folder.appendingPathComponent(name).path
        do {
            try avatar.writePNG(to: path)
        } catch {
            unlink(path)
            // Translators: {reason} is a sentence saying why ("The image could not be written.").
            throw ProfileStoreError(tr("Your profile photo could not be saved: {reason}", ["reason": error.message]))
        }
        let fd = open(path, O_RDONLY)
        let synced = fd >= 0 && fsync(fd) == 0
        let code = errno
        if fd >= 0 { close(fd) }
        guard synced else {
            unlink(path)
            // Translators: {reason} says why ("the disk is read-only").
            throw ProfileStoreError(tr("Your profile photo could not be saved: {reason}.",
                                       ["reason": ProfileStoreError.reason(errno: code)]))
        }
        return name
    }

    private func storedAvatarName() -> String? {
        guard let data = FileManager.default.contents(atPath: profileURL.path),
              let stored = try? JSONDecoder().decode(Stored.self, from: data) else { return nil }
        return stored.avatar
    }

    private static func reason(_ error: AtomicFile.WriteError) -> String {
        switch error {
        case .cannotCreate(_, let code), .cannotWrite(_, let code), .cannotRename(_, let code):
            ProfileStoreError.reason(errno: code)
        }
    }

    /// `mkdir -p` with mode 0700; 0 or the errno that stopped it.
    static func makeFolder(_ path: String) -> Int32 {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            return isFolder.boolValue ? 0 : ENOTDIR
        }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty {
            let code = makeFolder(parent)
            if code != 0 { return code }
        }
        return mkdir(path, 0o700) == 0 || errno == EEXIST ? 0 : errno
    }
}
