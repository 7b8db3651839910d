import GtkKit
import LightboxCore

/// Binds the profile window to the profile logic: the view's intents go
/// to the logic, the logic's states to the view's `render`, and what
/// happens once (a dialog, "Profile saved") to its `perform`. Saving
/// updates the shared `ProfileModel`, which every main window observes on
/// its own. Every task it starts ends when the window closes.
@MainActor
final class ProfileWindowController {
    private let view: ProfileWindowView
    private let logic: ProfileLogic
    private let send: (AppAction) -> Void
    /// Every task the window starts, cancelled when it closes.
    private let tasks = OwnedTasks()
    /// The last load started: "Set as Profile Photo" waits for it.
    private var loading: Task<Void, Never>?
    /// What to do once the window has closed (quitting goes on).
    private var afterClose: (() -> Void)?

    init(view: ProfileWindowView, logic: ProfileLogic, send: @escaping (AppAction) -> Void) {
        self.view = view
        self.logic = logic
        self.send = send
        // The state is all the window shows, showing or editing included.
        logic.onChange = { [weak view] state in view?.render(state) }
        view.onIntent = { [weak self] intent in self?.handle(intent) }
        view.render(logic.state)
    }

    private func handle(_ intent: ProfileWindowView.Intent) {
        switch intent {
        case .edit: logic.beginEditing()
        case .nameChanged(let name): logic.changeDisplayName(name)
        case .emailChanged(let email): logic.changeEmail(email)
        case .aboutChanged(let about): logic.changeAbout(about)
        case .choosePhoto: view.perform(.choosePhoto)
        case .photoChosen(let path): tasks.start { [logic] in _ = await logic.usePhoto(path: path) }
        case .removePhoto: logic.removeAvatar()
        case .save: tasks.start { [weak self] in _ = await self?.save() }
        case .cancel: logic.revert()
        case .reload: load()
        case .dismissNotice: logic.dismissNotice()
        case .closeRequested: closeRequested()
        case .closeAnswered(let answer): closeAnswered(answer)
        case .closed:
            tasks.cancelAll()
            send(.profileWindowClosed(self))
            let afterClose = self.afterClose
            self.afterClose = nil
            afterClose?()
        }
    }

    /// Saves; one that goes through leaves editing (the state says so) and
    /// is told. Returns whether the profile was saved.
    private func save() async -> Bool {
        guard case .presenting(let presentation) = await logic.save(), presentation.mode == .showing
        else { return false }
        view.perform(.saved)
        return true
    }

    /// Closing loses nothing, or asks first: the state knows whether there
    /// are unsaved edits.
    private func closeRequested() {
        view.perform(logic.state.hasPendingEdits ? .askToSaveChanges : .close)
    }

    private func closeAnswered(_ answer: ProfileWindowView.CloseAnswer) {
        switch answer {
        case .cancel:
            afterClose = nil
        case .discard:
            logic.revert()
            view.perform(.close)
        case .save:
            tasks.start { [weak self] in
                guard let self else { return }
                if await save() { view.perform(.close) } else { afterClose = nil }
            }
        }
    }

    // MARK: Asked by the flow

    /// Loads the profile into the window (again, after Try Again).
    func load() {
        loading = tasks.start { [logic] in _ = await logic.load() }
    }

    func present() { view.perform(.present) }

    /// "Set as Profile Photo" from a photo window: once the profile is
    /// there, the editor opens with the photo as the pending one; Save
    /// keeps it, Cancel drops it.
    func setPhoto(path: String) {
        if loading == nil { load() }
        tasks.start { [logic, loading] in
            await loading?.value
            logic.beginEditing()
            _ = await logic.usePhoto(path: path)
        }
    }

    /// Whether quitting may go on now. With unsaved edits the window asks
    /// first (Save, Discard, Cancel), and `then` runs once it has closed
    /// (not when the person keeps it).
    func allowsQuit(then: @escaping () -> Void) -> Bool {
        guard logic.state.hasPendingEdits else { return true }
        afterClose = then
        closeRequested()
        return false
    }
}
