import Foundation

/// The XDG base directories (and the user's Pictures folder), honouring
/// the XDG_* environment variables as the specification says: a variable
/// that is unset, empty or not absolute falls back to the default.
public struct XDGDirectories: Sendable, Equatable {
    public let home: URL
    package let configHome: URL
    public let dataHome: URL
    package let cacheHome: URL
    let stateHome: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? NSHomeDirectory(), isDirectory: true)
        func directory(_ variable: String, default relative: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return home.appendingPathComponent(relative, isDirectory: true)
        }
        self.home = home
        configHome = directory("XDG_CONFIG_HOME", default: ".config")
        dataHome = directory("XDG_DATA_HOME", default: ".local/share")
        cacheHome = directory("XDG_CACHE_HOME", default: ".cache")
        stateHome = directory("XDG_STATE_HOME", default: ".local/state")
    }

    /// Lightbox's own folder inside a base directory.
    public func lightbox(_ base: KeyPath<XDGDirectories, URL>) -> URL {
        self[keyPath: base].appendingPathComponent("lightbox", isDirectory: true)
    }
}
