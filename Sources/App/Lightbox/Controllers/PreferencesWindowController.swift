import GtkKit
import LightboxCore

/// Binds the preferences window to its logic.
@MainActor
final class PreferencesWindowController {
    private let view: PreferencesWindowView
    private let logic: PreferencesLogic
    private let send: (AppAction) -> Void

    init(view: PreferencesWindowView, logic: PreferencesLogic, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        self.send = send
        logic.onChange = { [weak view] state in view?.render(state) }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        view.render(logic.state)
    }

    private func handle(_ intent: PreferencesWindowView.Intent) {
        switch intent {
        case .ratingStorage(let storage): logic.chooseRatingStorage(storage)
        case .pairRawAndJPEG(let on):
            logic.pairRawAndJPEG(on)
            send(.pairRawAndJPEGChanged(on))
        case .closed: send(.preferencesWindowClosed(self))
        }
    }

    func present() { view.window.present() }
}
