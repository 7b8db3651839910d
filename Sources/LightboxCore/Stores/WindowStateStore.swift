import Foundation

/// Keeps `WindowState` in `$XDG_STATE_HOME/lightbox/window-state.json`.
public struct WindowStateStore: Sendable {
    public let url: URL

    public init(directories: XDGDirectories = XDGDirectories()) {
        url = directories.lightbox(\.stateHome).appendingPathComponent("window-state.json")
    }

    /// The saved state, or the standard one when nothing valid is saved.
    public func load() -> WindowState {
        guard let data = try? Data(contentsOf: url),
              let state = try? JSONDecoder().decode(WindowState.self, from: data)
        else { return .standard }
        return state.sanitized
    }

    public func save(_ state: WindowState) throws(AtomicFile.WriteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding three plain fields cannot fail.
        let data = (try? encoder.encode(state)) ?? Data()
        try AtomicFile.write(data, to: url)
    }
}
