import GtkKit
import LightboxCore

/// Binds one main window to its browser logic: forwards the view's
/// intents, renders the logic's state, and asks the flow for anything
/// beyond its window.
@MainActor
final class MainWindowController {
    let view: MainWindowView
    private let logic = BrowserLogic()
    private let send: (AppFlow.Action) -> Void

    init(view: MainWindowView, send: @escaping (AppFlow.Action) -> Void) {
        self.view = view
        self.send = send
        view.onOpenFolder = { [weak self] in
            guard let self else { return }
            self.send(.chooseFolder(for: self))
        }
        view.onCloseRequest = { [weak self] in
            guard let self else { return false }
            self.send(.windowClosing(self))
            return false
        }
        view.render(logic.state)
    }

    /// The folder this window shows, if any.
    var folder: Folder? { logic.folder }

    /// Opens `path` in this window and returns the resulting state.
    @discardableResult
    func open(path: String) -> BrowserLogic.State {
        let state = logic.open(path: path)
        view.render(state)
        return state
    }

    func present() { view.window.present() }
}
