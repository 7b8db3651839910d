import GtkKit
import LightboxCore
import Localization

/// A profile window's dialogs: choosing a photo, and asking before edits
/// are lost on closing.
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

    /// Closing with unsaved edits asks first (Save, Discard, Cancel); the
    /// answer comes back as `.closeAnswered`, and the window stays open
    /// until `close(asked:)` closes it.
    func closeRequested() -> Bool {
        guard hasPendingEdits, !closingAsked else {
            onIntent(.closed)
            return false
        }
        window.present()
        if let question {
            question.present()
            return true
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
            self?.onIntent(.closeAnswered(CloseAnswer(rawValue: id) ?? .cancel))
        }
        return true
    }

    /// Closes the window; with `asked`, without asking about edits (they
    /// were saved or discarded).
    func close(asked: Bool = false) {
        if asked { closingAsked = true }
        window.close()
    }
}
