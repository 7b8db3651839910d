import GtkKit
import LightboxCore

/// Binds the preferences window to its logic.
@MainActor
final class PreferencesWindowController {
    private let view: PreferencesWindowView
    private let logic: PreferencesLogic

    init(view: PreferencesWindowView, logic: PreferencesLogic, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        logic.bind(view) { [weak self] output in
            guard let self else { return }
            switch output {
            case .pairRawAndJPEGChanged(let on): send(.pairRawAndJPEGChanged(on))
            case .closed: send(.preferencesWindowClosed(self))
            }
        }
    }

    func present() { view.window.present() }
}
