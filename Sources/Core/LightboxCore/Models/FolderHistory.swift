import Foundation
import FilePaths

/// The folders a window went through, as a browser keeps pages: Back goes
/// to the one before, Forward returns; going somewhere new from the middle
/// drops the way forward.
public struct FolderHistory: Equatable, Sendable {
    public private(set) var back: [String] = []
    public private(set) var forward: [String] = []
    /// The folder shown now.
    public private(set) var current: String?

    public init() {}

    public var canGoBack: Bool { !back.isEmpty }
    public var canGoForward: Bool { !forward.isEmpty }

    /// A folder opened (not by Back or Forward). The same folder again
    /// (a reload) adds nothing.
    mutating func visit(_ path: String) {
        guard path != current else { return }
        if let current { back.append(current) }
        current = path
        forward = []
        if back.count > FolderHistory.limit { back.removeFirst(back.count - FolderHistory.limit) }
    }

    /// The folder Back goes to (it becomes the current one).
    mutating func goBack() -> String? {
        guard let previous = back.popLast() else { return nil }
        if let current { forward.append(current) }
        current = previous
        return previous
    }

    /// The folder Forward goes to.
    mutating func goForward() -> String? {
        guard let next = forward.popLast() else { return nil }
        if let current { back.append(current) }
        current = next
        return next
    }

    /// Folders kept behind: a day of browsing, not a leak.
    static let limit = 100
}

/// Where a main window is in the library, for its path bar, folder list
/// and Back and Forward.
public struct FolderNavigation: Equatable, Sendable {
    /// The folder shown (nil before one is opened).
    public var folder: String?
    /// The folders right inside it, in name order.
    public var subfolders: [String]
    public var canGoBack: Bool
    public var canGoForward: Bool
    /// Whether the photos of the folders inside show too.
    public var includesSubfolders: Bool
    /// Folders opened lately, the latest first (the one shown left out).
    public var recent: [String]

    public init(folder: String? = nil, subfolders: [String] = [], canGoBack: Bool = false, canGoForward: Bool = false,
                includesSubfolders: Bool = true, recent: [String] = []) {
        self.folder = folder
        self.subfolders = subfolders
        self.canGoBack = canGoBack
        self.canGoForward = canGoForward
        self.includesSubfolders = includesSubfolders
        self.recent = recent
    }

    /// The folders from the top down to the folder shown, for a path bar:
    /// from the home folder when it is inside it ("~", "Pictures",
    /// "2024"), else from "/".
    public func crumbs(home: String = NSHomeDirectory()) -> [(name: String, path: String)] {
        guard let folder else { return [] }
        let base = folder == home || folder.hasPrefix(home + "/") ? home : "/"
        var crumbs: [(String, String)] = [(base == "/" ? "/" : (home as NSString).lastPathComponent.displayablePath, base)]
        var path = base == "/" ? "" : base
        let rest = folder.dropFirst(base == "/" ? 1 : base.count).split(separator: "/")
        for part in rest {
            path += "/" + part
            crumbs.append((String(part).displayablePath, path))
        }
        return crumbs
    }
}
