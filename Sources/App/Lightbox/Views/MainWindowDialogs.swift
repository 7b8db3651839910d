import GtkKit
import LightboxCore
import Localization

/// A main window's dialogs: choosing folders and applications, and the
/// questions asked before acting. Each answer comes back as one of the
/// window's intents; each dialog is kept while it is on show.
@MainActor
final class MainWindowDialogs {
    private let window: ApplicationWindow
    private let send: (MainWindowView.Intent) -> Void
    private var chooser: FileChooser?
    /// The question on show (its wrapper must live until it is answered).
    private var question: MessageWindow?

    init(window: ApplicationWindow, send: @escaping (MainWindowView.Intent) -> Void) {
        self.window = window
        self.send = send
    }

    /// The folder chooser of Open Folder, starting in `folder`; the choice
    /// comes back as `.folderChosen`.
    func chooseFolder(startingIn folder: String?) {
        chooseFolder(title: tr("Open Folder"),
                     // Translators: the accept button of the folder chooser opened by Open Folder.
                     acceptLabel: tr("_Open"), startingIn: folder) { [send] path in send(.folderChosen(path)) }
    }

    /// The folder chooser for a copy or a move of the selected photos.
    func chooseDestination(for mode: PhotoTransferMode, startingIn folder: String?) {
        let title = mode == .copy ? tr("Copy to Folder") : tr("Move to Folder")
        let acceptLabel = mode == .copy
            // Translators: the accept button of the folder chooser for copying the selected photos there.
            ? tr("_Copy")
            // Translators: the accept button of the folder chooser for moving the selected photos there.
            : tr("_Move")
        chooseFolder(title: title, acceptLabel: acceptLabel, startingIn: folder) { [send] path in
            send(.transferDestinationChosen(mode, path))
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
            if answer == "trash" { self?.send(.trashRejectedConfirmed) }
        }
    }

    /// Asks what to do about a file sent to a folder that has one of its
    /// name; with more files still to go, offers "apply to all". The
    /// answer comes back as `.clashAnswered`.
    func ask(about clash: NameClash) {
        let question = MessageWindow(
            title: tr("File Already Exists"),
            // Translators: {name} is the name of a file being copied or moved.
            heading: tr("Replace “{name}”?", ["name": clash.fileName]),
            // Translators: {folder} is the name of the folder the photos are copied or moved to.
            body: tr("A file with this name is already in “{folder}”. Replacing it overwrites it; keeping both gives the new one a free name.",
                     ["folder": clash.folderName]),
            // Translators: the buttons of the question asked when a copied or moved file's name is taken.
            choices: [.init("stop", label: tr("_Stop")), .init("skip", label: tr("S_kip")),
                      .init("keepBoth", label: tr("_Keep Both"), style: .suggested),
                      .init("replace", label: tr("_Replace"), style: .destructive)],
            // Translators: a check box: the same answer for the other files whose names are taken.
            cancelID: "stop", option: clash.othersFollow ? tr("_Apply to all") : nil, parent: window)
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
            self?.send(.clashAnswered(answer, forAll: forAll))
        }
    }

    /// The Open With dialog for the type of the first of `paths`; the
    /// application chosen opens them all. Why it could not comes back as
    /// `.openWithFailed`.
    func openWith(_ paths: [String]) {
        guard let first = paths.first else { return }
        OpenWithDialog(path: first, parent: window).present { [weak self] app in
            guard let self, let app else { return }
            do throws(GtkError) {
                try app.launch(paths, on: self.window)
            } catch {
                self.send(.openWithFailed(app: app.name, error: error.message))
            }
        }
    }
}
