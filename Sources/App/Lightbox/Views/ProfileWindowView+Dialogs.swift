import GtkKit
import LightboxCore
import Localization

/// A profile window's dialogs, each performed as an effect: choosing a
/// photo, and asking before edits are lost on closing. Closing itself is
/// asked of the controller.
extension ProfileWindowView {
    func choosePhoto() {
        chooser?.cancel()
        let chooser = FileChooser(title: tr("Choose a Profile Photo"), parent: window, mode: .openFile,
                                  // Translators: the accept button of the file chooser for a profile photo.
                                  acceptLabel: tr("_Choose"))
        // Translators: the name of a file chooser's filter that shows image files only.
        chooser.addImageFilter(name: tr("Images"))
        self.chooser = chooser
        chooser.show { [weak self] path in
            self?.chooser = nil
            if let path { self?.onIntent(.photoChosen(path)) }
        }
    }

    /// "Save changes?" (Save, Discard, Cancel), the window brought forward
    /// first; asked again, the question already open comes forward. The
    /// answer comes back as `.closeAnswered`.
    func askToSaveChanges() {
        window.present()
        if let question {
            question.present()
            return
        }
        let question = MessageWindow(
            title: tr("Save Changes?"), heading: tr("Save changes to your profile?"),
            body: tr("If you discard them, your edits are lost."),
            choices: [MessageWindow.Choice("cancel", label: tr("Cancel")),
                      MessageWindow.Choice("discard", label: tr("Discard"), style: .destructive),
                      MessageWindow.Choice("save", label: tr("Save"), style: .suggested)],
            cancelID: "cancel", parent: window)
        self.question = question
        question.present { [weak self] id in
            self?.question = nil
            self?.onIntent(.closeAnswered(ProfileLogic.CloseAnswer(rawValue: id) ?? .cancel))
        }
    }

    /// "close-request": the controller answers `.closeRequested` at once,
    /// with `.close` (the window goes) or `.askToSaveChanges` (it stays
    /// until the answer). Once `.close` was performed, requests go through.
    func closeRequested() -> Bool {
        if !closeAllowed {
            answeringCloseRequest = true
            onIntent(.closeRequested)
            answeringCloseRequest = false
        }
        guard closeAllowed else { return true }
        onIntent(.close)
        return false
    }
}
