import Foundation
import LightboxCore

/// Loads `profile.json` holding the input. A damaged file is moved aside
/// with a notice and a good one loads; nothing else may happen.
final class ProfileFuzzing: Sendable {
    static let shared = ProfileFuzzing()
    private let store = FileProfileStore(folder: ScratchFile.shared.folder.appendingPathComponent("profile"))

    func load(_ bytes: [UInt8]) {
        try? FileManager.default.removeItem(at: store.folder)
        try? FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
        guard (try? Data(bytes).write(to: store.profileURL)) != nil else { return }
        switch try? store.load() {
        case .loaded(let profile, _)?:
            // What loads is what the file said: the profile's own rules
            // did not let it in only to fail later.
            _ = profile.displayName
        case .recovered?:
            check(!FileManager.default.fileExists(atPath: store.profileURL.path), "damaged data left in place")
        case .nothingSaved?, nil:
            break
        }
    }
}
