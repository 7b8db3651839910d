import GtkKit
import LightboxCore

/// Binds the profile window to the profile logic. Saving updates the
/// shared `ProfileModel`, which every main window observes on its own.
/// One thing more than the other screens: quitting waits for this window
/// when it has unsaved edits (`allowsQuit`), and goes on once it closed.
@MainActor
final class ProfileWindowController {
    private let view: ProfileWindowView
    private let logic: ProfileLogic
    /// What to do once the window has closed (quitting goes on).
    private var afterClose: (() -> Void)?

    init(view: ProfileWindowView, logic: ProfileLogic, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        // The state is all the window shows, showing or editing included.
        logic.bind(view, intents: { [weak self] intent in
            // Cancel in "Save changes?" keeps the window: quitting stops.
            if case .closeAnswered(.cancel) = intent { self?.afterClose = nil }
            return intent
        }, outputs: { [weak self] output in
            guard let self else { return }
            switch output {
            case .saved: view.perform(.saved)
            case .askToSaveChanges: view.perform(.askToSaveChanges)
            case .close: view.perform(.close)
            case .closed:
                send(.profileWindowClosed(self))
                let afterClose = self.afterClose
                self.afterClose = nil
                afterClose?()
            }
        })
    }

    /// The flow's intents for this window (load, "Set as Profile Photo").
    func send(_ intent: ProfileLogic.Intent) { logic.send(intent) }

    func present() { view.perform(.present) }

    /// Whether quitting may go on now. With unsaved edits the window asks
    /// first (Save, Discard, Cancel), and `then` runs once it has closed
    /// (not when the person keeps it).
    func allowsQuit(then: @escaping () -> Void) -> Bool {
        guard logic.state.hasPendingEdits else { return true }
        afterClose = then
        logic.send(.closeRequested)
        return false
    }
}
