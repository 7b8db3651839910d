import GtkKit
import LightboxCore
import Localization

/// Binds the profile window to the profile logic: the view's intents go
/// to the logic, the logic's states to the view. Saving updates the shared
/// `ProfileModel`, which every main window observes on its own.
@MainActor
final class ProfileWindowController {
    private let view: ProfileWindowView
    private let logic: ProfileLogic
    private let send: (AppAction) -> Void
    /// What to do once the window has closed (quitting goes on).
    private var afterClose: (() -> Void)?

    init(view: ProfileWindowView, logic: ProfileLogic, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        self.send = send
        logic.onChange = { [weak view] state in view?.render(state) }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        view.render(logic.state)
    }

    private func handle(_ intent: ProfileWindowView.Intent) {
        switch intent {
        case .nameChanged(let name): logic.changeDisplayName(name)
        case .emailChanged(let email): logic.changeEmail(email)
        case .aboutChanged(let about): logic.changeAbout(about)
        case .photoChosen(let path): Task { await logic.usePhoto(path: path) }
        case .removePhoto: logic.removeAvatar()
        case .save: Task { await save() }
        case .cancel:
            logic.revert()
            view.endEditing()
        case .reload: Task { await logic.load() }
        case .dismissNotice: logic.dismissNotice()
        case .closeAnswered(let answer): closeAnswered(answer)
        case .closed:
            send(.profileWindowClosed(self))
            let afterClose = self.afterClose
            self.afterClose = nil
            afterClose?()
        }
    }

    /// Saves; on success the window leaves editing mode. Returns whether
    /// the profile was saved.
    @discardableResult
    private func save() async -> Bool {
        let state = await logic.save()
        guard case .presenting(let presentation) = state, !presentation.hasPendingEdits else { return false }
        view.endEditing(notice: tr("Profile saved"))
        return true
    }

    private func closeAnswered(_ answer: ProfileWindowView.CloseAnswer) {
        switch answer {
        case .cancel:
            afterClose = nil
        case .discard:
            logic.revert()
            view.close(asked: true)
        case .save:
            Task {
                if await save() { view.close(asked: true) } else { afterClose = nil }
            }
        }
    }

    // MARK: Asked by the flow

    /// Loads the profile into the window.
    func load() async { await logic.load() }

    func present() { view.window.present() }

    /// Whether closing now would lose edits.
    var hasPendingEdits: Bool { logic.hasPendingEdits }

    /// "Set as Profile Photo" from a photo window: the editor opens with
    /// the photo as the pending one; Save keeps it, Cancel drops it.
    func setPhoto(path: String) async {
        if case .loading = logic.state { await logic.load() }
        view.beginEditing()
        await logic.usePhoto(path: path)
    }

    /// Closes the window, asking first when edits would be lost. Calls
    /// `then` once the window has closed (not when the person keeps it).
    func close(then: @escaping () -> Void) {
        afterClose = then
        view.close()
    }
}
