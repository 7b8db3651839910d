import GtkKit
import LightboxCore

/// Binds the profile window to the profile logic: the view's intents go
/// to the logic, the logic's states to the view. Saving updates the shared
/// `ProfileModel`, which every main window observes on its own.
@MainActor
final class ProfileWindowController {
    let view: ProfileWindowView
    let logic: ProfileLogic
    private let send: (AppFlow.Action) -> Void
    /// What to do once the window has closed after a "Save changes?"
    /// answer (quitting goes on).
    private var afterClose: (() -> Void)?
    private var isClosing = false

    init(view: ProfileWindowView, logic: ProfileLogic, send: @escaping (AppFlow.Action) -> Void) {
        self.view = view
        self.logic = logic
        self.send = send
        logic.onChange = { [weak view] state in view?.render(state) }
        bindView()
        view.render(logic.state)
    }

    private func bindView() {
        let editor = view.editor
        editor.onNameChanged = { [weak self] name in self?.logic.changeDisplayName(name) }
        editor.onEmailChanged = { [weak self] email in self?.logic.changeEmail(email) }
        editor.onAboutChanged = { [weak self] about in self?.logic.changeAbout(about) }
        editor.onRemovePhoto = { [weak self] in self?.logic.removeAvatar() }
        view.onPhotoChosen = { [weak self] path in
            guard let self else { return }
            Task { await self.logic.chooseAvatar(path: path) }
        }
        view.onSave = { [weak self] in
            guard let self else { return }
            Task { await self.save() }
        }
        view.onCancel = { [weak self] in
            guard let self else { return }
            self.logic.revert()
            self.view.endEditing()
        }
        view.onReload = { [weak self] in
            guard let self else { return }
            Task { await self.logic.load() }
        }
        view.onDismissNotice = { [weak self] in self?.logic.dismissNotice() }
        view.onCloseRequest = { [weak self] in self?.closeRequested() ?? false }
    }

    /// Loads the profile into the window.
    func load() async { await logic.load() }

    func present() { view.window.present() }

    /// "Set as Profile Photo" from a photo window: the editor opens with
    /// the photo as the pending one; Save keeps it, Cancel drops it.
    func setPhoto(path: String) async {
        if case .loading = logic.state { await logic.load() }
        view.beginEditing()
        await logic.setAvatarFromPhoto(path: path)
    }

    /// Saves; on success the window leaves editing mode. Returns whether
    /// the profile was saved.
    @discardableResult
    func save() async -> Bool {
        let state = await logic.save()
        guard case .presenting(let presentation) = state, !presentation.hasPendingEdits else { return false }
        view.endEditing()
        return true
    }

    /// Closes the window, asking first when edits would be lost. Calls
    /// `then` once the window has closed (not when the person keeps it).
    func close(then: @escaping () -> Void) {
        afterClose = then
        view.window.close()
    }

    private func closeRequested() -> Bool {
        if isClosing || !logic.hasPendingEdits {
            finishClosing()
            return false
        }
        view.window.present()
        view.askToSaveChanges { [weak self] answer in self?.answered(answer) }
        return true
    }

    private func answered(_ answer: ProfileWindowView.CloseAnswer) {
        switch answer {
        case .cancel:
            afterClose = nil
        case .discard:
            logic.revert()
            closeNow()
        case .save:
            Task { [weak self] in
                guard let self else { return }
                if await self.save() { self.closeNow() } else { self.afterClose = nil }
            }
        }
    }

    private func closeNow() {
        isClosing = true
        view.window.close()
    }

    private func finishClosing() {
        send(.profileWindowClosing(self))
        let afterClose = self.afterClose
        self.afterClose = nil
        afterClose?()
    }
}
