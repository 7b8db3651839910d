import Foundation
import GtkKit
@testable import Lightbox
import LightboxCore
import XCTest

/// A profile store in memory that can be told to fail.
final class MemoryProfileStore: ProfileStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Profile?
    private var failure: ProfileStoreError?
    private var saves: [Profile] = []

    init(_ profile: Profile? = nil) { stored = profile }

    var saveFailure: ProfileStoreError? {
        get { lock.withLock { failure } }
        set { lock.withLock { failure = newValue } }
    }

    var saved: [Profile] { lock.withLock { saves } }

    func load() throws(ProfileStoreError) -> ProfileLoadResult {
        lock.withLock { stored.map { .loaded($0, notice: nil) } ?? .nothingSaved }
    }

    func save(_ profile: Profile) throws(ProfileStoreError) -> Profile {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        stored = profile
        saves.append(profile)
        return profile
    }
}

enum ProfileFixtures {
    static let account = SystemAccount(realName: "Ada Lovelace", userName: "ada", faceImagePath: nil)

    /// A one-colour image file gdk-pixbuf reads (binary PPM).
    static func image(_ name: String, width: Int = 60, height: Int = 40, rgb: [UInt8] = [200, 30, 30]) -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lightbox-profile-\(UUID().uuidString)-\(name)")
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        for _ in 0..<(width * height) { data.append(contentsOf: rgb) }
        _ = FileManager.default.createFile(atPath: url.path, contents: data)
        return url.path
    }

    static func avatar(rgb: [UInt8] = [200, 30, 30]) throws -> AvatarImage {
        try AvatarImage.decode(path: image("avatar.ppm", rgb: rgb))
    }
}

