import Foundation

/// A temporary folder, removed when the test is done with it.
final class Scratch: Sendable {
    let url: URL

    init(in base: URL = FileManager.default.temporaryDirectory) {
        url = base.appendingPathComponent("lightbox-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    @discardableResult
    func file(_ relative: String, _ contents: String = "x") -> URL {
        let file = path(relative)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(contents.utf8))
        return file
    }

    /// XDG directories that all live inside this scratch folder.
    var directories: XDGDirectoriesEnvironment {
        ["HOME": url.path, "XDG_CONFIG_HOME": path("config").path, "XDG_DATA_HOME": path("data").path,
         "XDG_CACHE_HOME": path("cache").path, "XDG_STATE_HOME": path("state").path]
    }
}

typealias XDGDirectoriesEnvironment = [String: String]
