/// What a main window shows, decided without GTK: no folder yet, a folder,
/// or a folder that could not be opened.
@MainActor
public final class BrowserLogic {
    public enum State: Equatable, Sendable {
        /// No folder chosen yet.
        case empty
        /// A folder is open.
        case presenting(Folder)
        /// The folder could not be opened; the reason says why.
        case failed(FolderProblem)
    }

    public private(set) var state: State = .empty

    public init() {}

    /// The person chose a folder (from the chooser or the command line).
    @discardableResult
    public func open(path: String) -> State {
        switch Folder.open(path: path) {
        case .success(let folder): state = .presenting(folder)
        case .failure(let problem): state = .failed(problem)
        }
        return state
    }

    /// The folder the window shows, if any.
    public var folder: Folder? {
        if case .presenting(let folder) = state { return folder }
        return nil
    }
}
