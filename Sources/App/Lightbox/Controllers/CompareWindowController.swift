import GtkKit
import LightboxCore

/// Binds a compare window to two viewer logics, one a side, stepping
/// nowhere: ratings go through the main window's list like a photo
/// window's; closing is told to the flow.
@MainActor
final class CompareWindowController {
    private typealias Side = CompareWindowView.Side

    private let view: CompareWindowView
    private let logics: [PhotoViewerLogic]
    private let send: (AppAction) -> Void
    /// Every task the window starts, cancelled when it closes.
    private let tasks = OwnedTasks()
    /// What each side shows: the last state its logic published, left
    /// then right. Each logic tells only its own; the window shows both.
    private var states: [PhotoViewerLogic.State]

    init(view: CompareWindowView, left: PhotoViewerLogic, right: PhotoViewerLogic,
         send: @escaping (AppAction) -> Void) {
        self.view = view
        logics = [left, right]
        states = [left.state, right.state]
        self.send = send
        for side in Side.allCases {
            logics[side.rawValue].onChange = { [weak self] state in self?.render(state, on: side) }
        }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        view.render(states[0], states[1])
        for logic in logics { tasks.start { _ = await logic.load() } }
    }

    private func handle(_ intent: CompareWindowView.Intent) {
        switch intent {
        case .rate(let stars, let side): logics[side.rawValue].rate(stars)
        case .toggleRejected(let side): logics[side.rawValue].toggleRejected()
        case .wantsFullResolution(let side):
            let logic = logics[side.rawValue]
            tasks.start { _ = await logic.loadFullResolution() }
        case .closed:
            tasks.cancelAll()
            send(.compareWindowClosed(self))
        }
    }

    private func render(_ state: PhotoViewerLogic.State, on side: Side) {
        states[side.rawValue] = state
        view.render(states[0], states[1])
    }

    // MARK: Asked by the flow

    /// The photos compared, left then right.
    var paths: [String] { logics.map(\.photo.path) }

    func present() { view.window.present() }

    /// Files changed on disk: a photo shown may have a new rating.
    func photosChanged() { logics.forEach { $0.photoChanged() } }

    /// A photo compared left the folder: there is nothing to compare.
    func photoRemoved() { view.window.close() }
}
