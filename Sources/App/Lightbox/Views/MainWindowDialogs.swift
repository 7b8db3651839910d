import GtkKit
import LightboxCore
import Localization

/// A main window's dialogs: choosing folders and applications, and the
/// questions asked before acting. Each answer comes back as one of the
/// window's intents; each dialog is kept while it is on show.
@MainActor
final class MainWindowDialogs {
    private let window: ApplicationWindow
    private let send: (PhotoListLogic.Intent) -> Void
    private var chooser: FileChooser?
    /// The question on show (its wrapper must live until it is answered).
    private var question: MessageWindow?

    init(window: ApplicationWindow, send: @escaping (PhotoListLogic.Intent) -> Void) {
        self.window = window
        self.send = send
    }

    /// The folder chooser of Open Folder, starting in `folder`; the choice
    /// comes back as `.answer(.folder)`.
    func chooseFolder(startingIn folder: String?) {
        chooseFolder(title: tr("Open Folder"),
                     // Translators: the accept button of the folder chooser opened by Open Folder.
                     acceptLabel: tr("_Open"), startingIn: folder) { [send] path in send(.answer(.folder(path))) }
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
            send(.answer(.destination(mode, path)))
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
            if let path { chosen(path) } else { self?.send(.answer(.dismissed)) }
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
            self?.send(.answer(answer == "trash" ? .confirmed : .dismissed))
        }
    }

    /// Asks for a keyword to add to `count` selected photos: an entry, and
    /// under it the known keywords that contain what is typed (the last
    /// used first), each a button that fills the entry. Enter or Add
    /// answers with `.keywordChosen`.
    func askKeyword(for count: Int, suggestions: [Keyword]) {
        // Translators: the entry of the Add Keyword dialog.
        let entry = Entry(accessibleLabel: tr("Keyword"), placeholder: tr("A keyword, or Places|Brittany|Finistère"))
        let offered = Box(.vertical, spacing: 2)
        // Translators: the name of the list of keywords offered under the Add Keyword dialog's entry.
        offered.setAccessibleLabel(tr("Known Keywords"))
        let content = Box(.vertical, spacing: 8, [entry, offered])
        let question = MessageWindow(
            title: tr("Add Keyword"),
            heading: trn("Add a keyword to the selected photo", "Add a keyword to {count} selected photos", count: count),
            // Translators: how to type a keyword with its parents, in the Add Keyword dialog.
            body: tr("A vertical bar separates the levels of a keyword from its parents."),
            choices: [.init("cancel", label: tr("_Cancel")), .init("add", label: tr("_Add"), style: .suggested)],
            cancelID: "cancel", extra: content, parent: window)
        self.question = question
        var buttons: [Button] = []
        func offer(_ text: String) {
            buttons.forEach(offered.remove)
            let typed = text.trimmingCharacters(in: .whitespaces).lowercased()
            let matching = suggestions.filter { typed.isEmpty || $0.path.lowercased().contains(typed) }.prefix(8)
            buttons = matching.map { keyword in
                let button = Button(label: keyword.path.replacingOccurrences(of: "|", with: " › "))
                button.addCssClass("flat")
                button.onClicked { [weak entry] in
                    entry?.text = keyword.path
                    entry?.grabFocus()
                }
                return button
            }
            buttons.forEach(offered.append)
        }
        offer("")
        entry.onChanged { offer($0) }
        entry.onActivate { [weak question] in question?.answer("add") }
        // The entry is kept by this closure until the answer: the window
        // is gone by then, and its text with it otherwise.
        question.present { [weak self, entry] answer in
            self?.question = nil
            let typed = answer == "add" && Keyword(entry.text) != nil
            self?.send(.answer(typed ? .keyword(entry.text) : .dismissed))
        }
        entry.grabFocus()
    }

    /// Asks which keyword to take away from the selected photos: one
    /// button a keyword (those most of them have first), each its own
    /// answer, sent as `.keywordToRemoveChosen`.
    func askKeywordToRemove(among keywords: [Keyword]) {
        let list = Box(.vertical, spacing: 2)
        // Translators: the name of the list of keywords in the Remove Keyword dialog.
        list.setAccessibleLabel(tr("Keywords of the Selected Photos"))
        let scrolled = ScrolledWindow(child: list)
        scrolled.disableHorizontalScrolling()
        scrolled.setSizeRequest(width: -1, height: min(320, 40 * keywords.count))
        let question = MessageWindow(
            title: tr("Remove Keyword"),
            // Translators: the question of the Remove Keyword dialog.
            heading: tr("Which keyword should the selected photos lose?"),
            body: "", choices: [.init("cancel", label: tr("_Cancel"))], cancelID: "cancel",
            extra: scrolled, parent: window)
        self.question = question
        for (index, keyword) in keywords.enumerated() {
            let button = Button(label: keyword.path.replacingOccurrences(of: "|", with: " › "))
            button.addCssClass("flat")
            button.onClicked { [weak question] in question?.answer("\(index)") }
            list.append(button)
        }
        question.present { [weak self] answer in
            self?.question = nil
            if let index = Int(answer), keywords.indices.contains(index) {
                self?.send(.answer(.keywordToRemove(keywords[index])))
            } else {
                self?.send(.answer(.dismissed))
            }
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
            self?.send(.answer(.clash(answer, forAll: forAll)))
        }
    }

    /// The Open With dialog for the type of the first of `paths`; the
    /// application chosen opens them all. Why it could not comes back as
    /// `.applicationFailed`.
    func openWith(_ paths: [String]) {
        guard let first = paths.first else { return send(.answer(.dismissed)) }
        OpenWithDialog(path: first, parent: window).present { [weak self] app in
            guard let self else { return }
            guard let app else { return self.send(.answer(.dismissed)) }
            do throws(GtkError) {
                try app.launch(paths, on: self.window)
                self.send(.answer(.applicationOpened))
            } catch {
                self.send(.answer(.applicationFailed(app: app.name, error: error.message)))
            }
        }
    }
}
