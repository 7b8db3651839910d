import GtkKit
import LightboxCore

/// A main window's dialogs: choosing folders and applications, and the
/// questions asked before acting. Each answer comes back as an intent.
extension MainWindowView {
    /// The folder chooser, starting in `folder`; the choice comes back as
    /// `.folderChosen`.
    func chooseFolder(startingIn folder: String?) {
        chooseFolder(title: "Open Folder", acceptLabel: "_Open", startingIn: folder) { [weak self] path in
            self?.onIntent(.folderChosen(path))
        }
    }

    /// The folder chooser for a copy or a move of the selected photos.
    func chooseDestination(for mode: PhotoTransferMode, startingIn folder: String?) {
        let title = mode == .copy ? "Copy to Folder" : "Move to Folder"
        chooseFolder(title: title, acceptLabel: mode == .copy ? "_Copy" : "_Move", startingIn: folder) { [weak self] path in
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
            return show(notice: "No photo in this folder is rejected (X rejects a photo)")
        }
        let question = MessageWindow(
            title: "Move Rejected to Trash", heading: "Move \(count == 1 ? "the rejected photo" : "\(count) rejected photos") to the trash?",
            body: "Every photo of this folder rejected with X goes, shown or hidden. Undo puts them back.",
            choices: [.init("cancel", label: "_Cancel"), .init("trash", label: "_Move to Trash", style: .destructive)],
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
            title: "File Already Exists", heading: "Replace “\(name)”?",
            body: "A file with this name is already in “\(folder)”. Replacing it overwrites it; keeping both gives the new one a free name.",
            choices: [.init("stop", label: "_Stop"), .init("skip", label: "S_kip"),
                      .init("keepBoth", label: "_Keep Both", style: .suggested),
                      .init("replace", label: "_Replace", style: .destructive)],
            cancelID: "stop", option: others ? "_Apply to all" : nil, parent: window)
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
