import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Image files for profile tests, made on the spot.
enum ProfileImages {
    /// A binary PPM of one colour (gdk-pixbuf reads PNM).
    @discardableResult
    static func ppm(_ url: URL, width: Int, height: Int, rgb: [UInt8]) -> URL {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        for _ in 0..<(width * height) { data.append(contentsOf: rgb) }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: data)
        return url
    }

    /// A PNG of one colour.
    @discardableResult
    static func png(_ url: URL, width: Int, height: Int, rgb: [UInt8]) throws -> URL {
        let source = ppm(url.appendingPathExtension("ppm"), width: width, height: height, rgb: rgb)
        defer { try? FileManager.default.removeItem(at: source) }
        try Imaging.decode(path: source.path, maxSize: 100_000).savePNG(to: url.path)
        return url
    }

    /// An avatar of one colour.
    static func avatar(in scratch: Scratch, _ name: String = "face", rgb: [UInt8] = [200, 40, 40],
                       width: Int = 40, height: Int = 30) throws -> AvatarImage {
        try AvatarImage.decode(path: ppm(scratch.path("\(name).ppm"), width: width, height: height, rgb: rgb).path)
    }
}

/// A store in memory that can be told to fail.
final class FakeProfileStore: ProfileStore, @unchecked Sendable {
    private let lock = NSLock()
    private var _loadResult: Result<ProfileLoadResult, ProfileStoreError>
    private var _saveError: ProfileStoreError?
    private var _saved: [Profile] = []
    private var _loads = 0

    init(_ loadResult: Result<ProfileLoadResult, ProfileStoreError> = .success(.nothingSaved)) {
        _loadResult = loadResult
    }

    var saveError: ProfileStoreError? {
        get { lock.withLock { _saveError } }
        set { lock.withLock { _saveError = newValue } }
    }

    var loadResult: Result<ProfileLoadResult, ProfileStoreError> {
        get { lock.withLock { _loadResult } }
        set { lock.withLock { _loadResult = newValue } }
    }

    var saved: [Profile] { lock.withLock { _saved } }
    var loads: Int { lock.withLock { _loads } }

    func load() throws(ProfileStoreError) -> ProfileLoadResult {
        let result = lock.withLock {
            _loads += 1
            return _loadResult
        }
        return try result.get()
    }

    func save(_ profile: Profile) throws(ProfileStoreError) -> Profile {
        lock.lock()
        defer { lock.unlock() }
        if let error = _saveError { throw error }
        _saved.append(profile)
        return profile
    }
}

/// An account with a name and no ~/.face.
let testAccount = SystemAccount(realName: "Zoë Saldaña", userName: "zoe", faceImagePath: nil)

/// Runs `body` on the main actor (the profile logic and model live there).
func onMainActor(_ body: @MainActor () async throws -> Void) async rethrows {
    try await body()
}
