import GtkKit
import LightboxCore
import Localization

/// A main window's dialogs: choosing folders and applications, and the
/// questions asked before acting. Each answer comes back as an intent.
extension MainWindowView {
    /// The folder chooser, starting in `folder`; the choice comes back as
    /// `.folderChosen`.
    func chooseFolder(startingIn folder: String?) {
        chooseFolder(title: tr("Open Folder"),
                     // Translators: the accept button of the folder chooser opened by Open Folder.
                     acceptLabel: tr("_Open"), startingIn: folder) { [weak self] path in
            self?.onIntent(.folderChosen(path))
        }
    }

    /// The folder chooser for a copy or a move of the selected photos.
    func chooseDestination(for mode: PhotoTransferMode, startingIn folder: String?) {
        let title = mode == .copy ? tr("Copy to Folder") : tr("Move to Folder")
        let acceptLabel = mode == .copy
            // Translators: the accept button of the folder chooser for copying the selected photos there.
            ? tr("_Copy")
            // Translators: the accept button of the folder chooser for moving the selected photos there.
            : tr("_Move")
        chooseFolder(title: title, acceptLabel: acceptLabel, startingIn: folder) { [weak self] path in
            self?.onIntent(.transferDestinationChosen(mode, path))
        }
    }

    private func chooseFolder(title: String, acceptLabel: String, startingIn folder: String?,
                              then chosen: @escaping (String) -> Void) {
        chooser?.cancel()
        let chooser = FileChooser(title: title, parent: window, mode: .selectFolder, acceptLabel: acceptLabel)
        if let folder { chooser.setCurrentFolder(path: folder) }
        self.chooser = chooser
        chooser.show { [weak self] path in
            self?.chooser = nil
            if let path { chosen(path) }
        }
    }

    /// Asks whether to trash the `count` rejected photos.
    func confirmTrashingRejected(count: Int) {
        guard count > 0 else {
            // Translators: X is the key that rejects a photo.
            return show(notice: tr("No photo in this folder is rejected (X rejects a photo)"))
        }
        let question = MessageWindow(
            title: tr("Move Rejected to Trash"),
            heading: trn("Move the rejected photo to the trash?", "Move {count} rejected photos to the trash?", count: count),
            // Translators: X is the key that rejects a photo; Undo is the button of the notice shown afterwards.
            body: tr("Every photo of this folder rejected with X goes, shown or hidden. Undo puts them back."),
            choices: [.init("cancel", label: tr("_Cancel")), .init("trash", label: tr("_Move to Trash"), style: .destructive)],
            cancelID: "cancel", parent: window)
        self.question = question
        question.present { [weak self] answer in
            self?.question = nil
            if answer == "trash" { self?.onIntent(.trashRejectedConfirmed) }
        }
    }

    /// Asks what to do about `name`, which the folder `folder` already
    /// has; `others`: whether more files are still to go (offers "apply
    /// to all"). The answer comes back as `.clashAnswered`.
    func askAboutClash(name: String, folder: String, others: Bool) {
        let question = MessageWindow(
            title: tr("File Already Exists"),
            // Translators: {name} is the name of a file being copied or moved.
            heading: tr("Replace “{name}”?", ["name": name]),
            // Translators: {folder} is the name of the folder the photos are copied or moved to.
            body: tr("A file with this name is already in “{folder}”. Replacing it overwrites it; keeping both gives the new one a free name.",
                     ["folder": folder]),
            // Translators: the buttons of the question asked when a copied or moved file's name is taken.
            choices: [.init("stop", label: tr("_Stop")), .init("skip", label: tr("S_kip")),
                      .init("keepBoth", label: tr("_Keep Both"), style: .suggested),
                      .init("replace", label: tr("_Replace"), style: .destructive)],
            // Translators: a check box: the same answer for the other files whose names are taken.
            cancelID: "stop", option: others ? tr("_Apply to all") : nil, parent: window)
        self.question = question
        question.present { [weak self, weak question] id in
            let forAll = question?.option?.isActive ?? false
            self?.question = nil
            let answer: NameClashAnswer? = switch id {
            case "replace": .replace
            case "keepBoth": .keepBoth
            case "skip": .skip
            default: nil
            }
            self?.onIntent(.clashAnswered(answer, forAll: forAll))
        }
    }

    /// The Open With dialog for the type of the photo at `path`.
    func chooseApplication(for path: String) {
        OpenWithDialog(path: path, parent: window).present { [weak self] app in
            if let app { self?.onIntent(.openWithChosen(app)) }
        }
    }

}
