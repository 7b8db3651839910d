import GtkKit
import LightboxCore

/// How the profile window looks: its header bar (Edit, or Cancel and
/// Save), a notice or problem bar, and the page for the state (loading,
/// failed, the profile, the editor). Showing versus editing is this
/// view's own state; everything else comes from `render`.
@MainActor
final class ProfileWindowView {
    let window: ApplicationWindow
    let summary = ProfileSummaryView()
    let editor = ProfileEditorView()
    let failedPage = StatusPageView(iconName: "dialog-warning-symbolic", buttonLabel: "Try Again",
                                    buttonAction: "win.reload")
    let editButton = Button(label: "Edit")
    let cancelButton = Button(label: "Cancel")
    let saveButton = Button(label: "Save")
    let savingSpinner = Spinner()
    let noticeLabel = Label()
    let problemLabel = Label()
    private let noticeBar: Box
    private let pages = Stack()
    private var saveAction: Action!
    private var cancelAction: Action!
    private var chooser: FileChooser?
    /// The open "Save changes?" question, if any.
    private(set) var question: MessageWindow?
    private var canSave = false

    /// Editing mode (view state): the editor instead of the profile.
    private(set) var isEditing = false

    var onSave: () -> Void = {}
    var onCancel: () -> Void = {}
    var onReload: () -> Void = {}
    var onDismissNotice: () -> Void = {}
    /// A photo was chosen in the file chooser.
    var onPhotoChosen: (String) -> Void = { _ in }
    /// The person asked to close the window; return true to keep it open.
    var onCloseRequest: () -> Bool = { false }

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.title = "Profile"
        window.defaultSize = (460, 620)
        let dismiss = Button(iconName: "window-close-symbolic", accessibleLabel: "Dismiss")
        dismiss.hasFrame = false
        noticeLabel.wraps = true
        noticeLabel.xalign = 0
        noticeLabel.hexpand = true
        noticeBar = Box(.horizontal, spacing: 6, [noticeLabel, dismiss])
        noticeBar.addCssClass("profile-notice")
        noticeBar.setMargins(top: 12, bottom: 0, start: 12, end: 12)
        problemLabel.wraps = true
        problemLabel.xalign = 0
        problemLabel.addCssClass("profile-problem")
        problemLabel.setMargins(top: 12, bottom: 0, start: 12, end: 12)
        let loading = Box(.vertical, spacing: 12, [Spinner(), Label("Loading your profile…")])
        loading.valign = .center
        pages.add(loading, name: "loading")
        pages.add(failedPage.root, name: "failed")
        pages.add(summary.root, name: "profile")
        pages.add(editor.root, name: "editor")
        window.setTitlebar(makeHeaderBar())
        window.setChild(Box(.vertical, [noticeBar, problemLabel, pages]))
        installActions()
        dismiss.onClicked { [weak self] in self?.onDismissNotice() }
        editButton.onClicked { [weak self] in self?.beginEditing() }
        cancelButton.onClicked { [weak self] in self?.onCancel() }
        saveButton.onClicked { [weak self] in self?.save() }
        editor.onSubmit = { [weak self] in self?.save() }
        editor.onChoosePhoto = { [weak self] in self?.choosePhoto() }
        window.onCloseRequest { [weak self] in self?.onCloseRequest() ?? false }
        render(.loading)
    }

    private func makeHeaderBar() -> HeaderBar {
        let header = HeaderBar()
        saveButton.addCssClass("suggested-action")
        saveButton.setTooltip("Save", keys: "<Control>s")
        cancelButton.setTooltip("Cancel", keys: "Escape")
        header.packStart(cancelButton)
        header.packEnd(editButton)
        header.packEnd(saveButton)
        header.packEnd(savingSpinner)
        return header
    }

    private func installActions() {
        saveAction = Action("save") { [weak self] in self?.save() }
        cancelAction = Action("cancel-editing") { [weak self] in self?.onCancel() }
        window.addAction(saveAction)
        window.addAction(cancelAction)
        window.addAction(Action("reload") { [weak self] in self?.onReload() })
        window.addAction(Action("close") { [weak self] in self?.window.close() })
        let shortcuts = ShortcutHandler()
        shortcuts.add("<Control>s", action: "win.save")
        shortcuts.add("Escape", action: "win.cancel-editing")
        shortcuts.add("<Control>w", action: "win.close")
        // Before the focused entry, which would swallow Escape; a disabled
        // action lets the key through.
        shortcuts.handleBeforeChildren()
        window.addHandler(shortcuts)
    }

    /// "loading", "failed", "profile" or "editor": the page on show.
    var visiblePage: String? { pages.visibleChildName }

    /// Save (button, Ctrl+S, Enter in a field). A profile with problems
    /// is not saved: the focus goes to the first field with one, whose
    /// problem a screen reader then reads; a disabled Save would say
    /// nothing.
    private func save() {
        if canSave {
            onSave()
        } else if isEditing {
            editor.focusFirstProblem()
        }
    }

    // MARK: Editing mode

    private var lastState: ProfileLogic.State = .loading

    /// Switches to the editor (the Edit button, or a photo set from a
    /// photo window).
    func beginEditing() {
        isEditing = true
        render(lastState)
        editor.nameEntry.grabFocus()
    }

    /// Back to showing the profile (after Save, Cancel or Discard).
    func endEditing() {
        isEditing = false
        render(lastState)
    }

    // MARK: Rendering

    func render(_ state: ProfileLogic.State) {
        lastState = state
        switch state {
        case .loading:
            show(page: "loading", presentation: nil)
        case .failed(let problem, nil):
            failedPage.render(title: problem.title, description: problem.message)
            show(page: "failed", presentation: nil)
        case .presenting(let presentation):
            show(presentation, saving: false, problem: nil)
        case .saving(let presentation):
            show(presentation, saving: true, problem: nil)
        case .failed(let problem, let presentation?):
            show(presentation, saving: false, problem: problem)
        }
    }

    private func show(_ presentation: ProfilePresentation, saving: Bool, problem: ProfileProblem?) {
        summary.render(presentation.profile)
        editor.render(presentation, isSaving: saving)
        problemLabel.text = problem.map { "\($0.title): \($0.message)" } ?? ""
        problemLabel.isVisible = problem != nil
        show(page: isEditing ? "editor" : "profile", presentation: presentation)
        canSave = isEditing && presentation.canSave && !saving
        // Problems in fields do not disable Save (see `save()`); a photo
        // still being read does.
        saveButton.isSensitive = isEditing && !saving && !presentation.isDecodingPhoto
        saveAction.isEnabled = isEditing && !saving
        savingSpinner.isSpinning = saving
        savingSpinner.isVisible = saving
        saveButton.setAccessibleDescription(saving ? "Saving…" : "")
    }

    private func show(page: String, presentation: ProfilePresentation?) {
        pages.visibleChildName = page
        let editing = isEditing && presentation != nil
        editButton.isVisible = presentation != nil && !editing
        cancelButton.isVisible = editing
        saveButton.isVisible = editing
        cancelAction.isEnabled = editing
        if presentation == nil {
            canSave = false
            saveAction.isEnabled = false
            problemLabel.isVisible = false
            savingSpinner.isVisible = false
        }
        noticeLabel.text = presentation?.notice ?? ""
        noticeBar.isVisible = presentation?.notice != nil
    }

    // MARK: Dialogs

    private func choosePhoto() {
        chooser?.cancel()
        let chooser = FileChooser(title: "Choose a Profile Photo", parent: window, mode: .openFile,
                                  acceptLabel: "_Choose")
        chooser.addImageFilter(name: "Images")
        self.chooser = chooser
        chooser.show { [weak self] path in
            self?.chooser = nil
            if let path { self?.onPhotoChosen(path) }
        }
    }

    enum CloseAnswer: String { case save, discard, cancel }

    /// Asks whether to save the edits before closing: Save, Discard or
    /// Cancel (which keeps the window open and the edits).
    func askToSaveChanges(_ answer: @escaping (CloseAnswer) -> Void) {
        if let question {
            question.present()
            return
        }
        let question = MessageWindow(
            title: "Save Changes?", heading: "Save changes to your profile?",
            body: "If you discard them, your edits are lost.",
            choices: [MessageWindow.Choice("cancel", label: "Cancel"),
                      MessageWindow.Choice("discard", label: "Discard", style: .destructive),
                      MessageWindow.Choice("save", label: "Save", style: .suggested)],
            cancelID: "cancel", parent: window)
        self.question = question
        question.present { [weak self] id in
            self?.question = nil
            answer(CloseAnswer(rawValue: id) ?? .cancel)
        }
    }
}
