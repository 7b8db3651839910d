import GtkKit
import LightboxCore

/// Binds a compare window to two viewer logics, one a side, stepping
/// nowhere: ratings go through the main window's list like a photo
/// window's; closing is told to the flow.
@MainActor
final class CompareWindowController {
    private let view: CompareWindowView
    private let logics: [PhotoViewerLogic]
    private let send: (AppAction) -> Void

    init(view: CompareWindowView, left: PhotoViewerLogic, right: PhotoViewerLogic,
         send: @escaping (AppAction) -> Void) {
        self.view = view
        logics = [left, right]
        self.send = send
        for logic in logics { logic.onChange = { [weak self] _ in self?.render() } }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        render()
        for logic in logics { Task.immediate { await logic.load() } }
    }

    private func handle(_ intent: CompareWindowView.Intent) {
        switch intent {
        case .rate(let stars, let side): logics[side.rawValue].rate(stars)
        case .toggleRejected(let side): logics[side.rawValue].toggleRejected()
        case .wantsFullResolution(let side):
            let logic = logics[side.rawValue]
            Task { await logic.loadFullResolution() }
        case .closed: send(.compareWindowClosed(self))
        }
    }

    private func render() { view.render(logics.map(\.state)) }

    // MARK: Asked by the flow

    /// The photos compared, left then right.
    var paths: [String] { logics.map(\.photo.path) }

    func present() { view.window.present() }

    /// Files changed on disk: a photo shown may have a new rating.
    func photosChanged() { logics.forEach { $0.photoChanged() } }

    /// A photo compared left the folder: there is nothing to compare.
    func photoRemoved() { view.window.close() }
}
