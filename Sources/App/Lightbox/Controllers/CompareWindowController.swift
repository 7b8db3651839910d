import GtkKit
import LightboxCore

/// Binds a compare window to its logic; ratings go to the main window's
/// list through the flow, like a photo window's.
@MainActor
final class CompareWindowController {
    private let view: CompareWindowView
    private let logic: CompareLogic

    init(view: CompareWindowView, logic: CompareLogic, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        logic.bind(view) { [weak self] output in
            guard let self else { return }
            switch output {
            case .edit(let edit): send(.editPhoto(edit, from: .compare(self)))
            case .showsFocusPointsChanged(let on): send(.showsFocusPointsChanged(on))
            case .closed: send(.compareWindowClosed(self))
            }
        }
        logic.send(.load)
    }

    /// The flow's intents for this window (photos removed or changed).
    func send(_ intent: CompareLogic.Intent) { logic.send(intent) }

    /// The photos compared, in pane order.
    var paths: [String] { logic.state.panes.compactMap(\.picture.photo?.path) }

    func present() { view.window.present() }
}
