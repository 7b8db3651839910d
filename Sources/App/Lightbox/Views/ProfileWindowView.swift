import GtkKit
import LightboxCore
import Localization

/// How the profile window looks: its header bar (Edit, or Cancel and
/// Save), a notice or problem bar, and the page for the state (loading,
/// failed, the profile, the editor). Showing versus editing is this
/// view's own state, and so is asking before edits are lost on closing;
/// everything else comes from `render`.
@MainActor
final class ProfileWindowView {
    enum Intent {
        case nameChanged(String), emailChanged(String), aboutChanged(String)
        /// A photo chosen in the file chooser.
        case photoChosen(String)
        case removePhoto
        /// Save (button, Ctrl+S, Enter) with no problem in the fields.
        case save
        /// Cancel (button, Escape): the edits are dropped.
        case cancel
        /// Try Again, after the profile could not be read.
        case reload
        case dismissNotice
        /// The answer to "Save changes?" when closing with unsaved edits.
        case closeAnswered(CloseAnswer)
        /// The window is closing (nothing would be lost, or it was asked).
        case closed
    }

    enum CloseAnswer: String { case save, discard, cancel }

    var onIntent: (Intent) -> Void = { _ in }

    /// The pages the window shows, one at a time.
    enum Page: String { case loading, failed, profile, editor }

    let window: ApplicationWindow
    let summary = ProfileSummaryView()
    let editor = ProfileEditorView()
    // Translators: a header bar button of the profile window.
    let editButton = Button(label: tr("Edit"))
    let cancelButton = Button(label: tr("Cancel"))
    let saveButton = Button(label: tr("Save"))
    let savingSpinner = Spinner()
    let problemLabel = Label()
    let failedPage = StatusPageView(iconName: "dialog-warning-symbolic", buttonLabel: tr("Try Again"),
                                            buttonAction: ActionNames.reload)
    let noticeLabel = Label()
    private let noticeBar: Box
    private let pages = Stack()
    private var saveAction: Action!
    private var cancelAction: Action!
    var chooser: FileChooser?
    /// The open "Save changes?" question, if any.
    var question: MessageWindow?
    private var canSave = false
    /// Whether closing now would lose edits (from the last state shown).
    private(set) var hasPendingEdits = false
    /// Set once closing was asked about (or forced): the next close goes.
    var closingAsked = false

    /// What Edit says of the profile (set when it changes).
    private var editDescription: String?

    /// Editing mode (view state): the editor instead of the profile.
    private(set) var isEditing = false

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.title = tr("Profile")
        window.defaultSize = (460, 620)
        // Translators: the button that closes a notice.
        let dismiss = Button(iconName: "window-close-symbolic", accessibleLabel: tr("Dismiss"))
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
        let loading = Box(.vertical, spacing: 12, [Spinner(), Label(tr("Loading your profile…"))])
        loading.valign = .center
        pages.add(loading, name: Page.loading.rawValue)
        pages.add(failedPage.root, name: Page.failed.rawValue)
        pages.add(summary.root, name: Page.profile.rawValue)
        pages.add(editor.root, name: Page.editor.rawValue)
        window.setTitlebar(makeHeaderBar())
        window.setChild(Box(.vertical, [noticeBar, problemLabel, pages]))
        installActions()
        dismiss.onClicked { [weak self] in self?.onIntent(.dismissNotice) }
        editButton.onClicked { [weak self] in self?.beginEditing() }
        cancelButton.onClicked { [weak self] in self?.onIntent(.cancel) }
        saveButton.onClicked { [weak self] in self?.save() }
        editor.onIntent = { [weak self] intent in self?.handle(intent) }
        window.onCloseRequest { [weak self] in self?.closeRequested() ?? false }
        refocusWhenActivated()
        render(.loading)
    }

    private func makeHeaderBar() -> HeaderBar {
        let header = HeaderBar()
        saveButton.addCssClass("suggested-action")
        saveButton.setTooltip(tr("Save"), keys: "<Control>s")
        cancelButton.setTooltip(tr("Cancel"), keys: "Escape")
        header.packStart(cancelButton)
        header.packEnd(editButton)
        header.packEnd(saveButton)
        header.packEnd(savingSpinner)
        return header
    }

    private func installActions() {
        saveAction = Action(ActionNames.save) { [weak self] in self?.save() }
        cancelAction = Action(ActionNames.cancelEditing) { [weak self] in self?.onIntent(.cancel) }
        window.addAction(saveAction)
        window.addAction(cancelAction)
        window.addAction(Action(ActionNames.reload) { [weak self] in self?.onIntent(.reload) })
        window.addAction(Action(ActionNames.closeWindow) { [weak self] in self?.window.close() })
    }

    private func handle(_ intent: ProfileEditorView.Intent) {
        switch intent {
        case .nameChanged(let name): onIntent(.nameChanged(name))
        case .emailChanged(let email): onIntent(.emailChanged(email))
        case .aboutChanged(let about): onIntent(.aboutChanged(about))
        case .choosePhoto: choosePhoto()
        case .removePhoto: onIntent(.removePhoto)
        case .submit: save()
        }
    }

    /// Save (button, Ctrl+S, Enter in a field). A profile with problems
    /// is not saved: the focus goes to the first field with one, whose
    /// problem a screen reader then reads; a disabled Save would say
    /// nothing.
    private func save() {
        if canSave {
            onIntent(.save)
        } else if isEditing {
            editor.showFirstProblem()
        }
    }

    var visiblePage: Page? { pages.visibleChildName.flatMap(Page.init(rawValue:)) }

    // MARK: Editing mode

    private var lastState: ProfileLogic.State = .loading

    /// Switches to the editor (the Edit button, or a photo set from a
    /// photo window).
    func beginEditing() {
        isEditing = true
        render(lastState)
        editor.nameEntry.grabFocus()
    }

    /// Back to showing the profile (after Save, Cancel or Discard). The
    /// editor's fields go away: Edit takes the focus, and says `notice`
    /// ("Profile saved") when there is one.
    func endEditing(notice: String? = nil) {
        isEditing = false
        render(lastState)
        editButton.grabFocus()
        if let notice {
            editButton.announce(notice)
            editDescription = notice
        }
    }

    // MARK: Rendering

    func render(_ state: ProfileLogic.State) {
        lastState = state
        switch state {
        case .loading:
            show(page: .loading, presentation: nil)
        case .failed(let problem, nil):
            failedPage.render(title: problem.title, description: problem.message)
            show(page: .failed, presentation: nil)
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
        let whose = Self.whose(presentation.profile)
        if whose != editDescription {
            editDescription = whose
            editButton.setAccessibleDescription(whose)
        }
        editor.render(presentation, isSaving: saving)
        // Translators: a problem shown above the profile: its title (such as "Profile Not Saved"), then why.
        problemLabel.text = problem.map { tr("{title}: {message}", ["title": $0.title, "message": $0.message]) } ?? ""
        problemLabel.isVisible = problem != nil
        show(page: isEditing ? .editor : .profile, presentation: presentation)
        canSave = isEditing && presentation.canSave && !saving
        // Problems in fields do not disable Save (see `save()`); a photo
        // still being read does.
        saveButton.isSensitive = isEditing && !saving && !presentation.isDecodingPhoto
        saveAction.isEnabled = isEditing && !saving
        savingSpinner.isSpinning = saving
        savingSpinner.isVisible = saving
        saveButton.setAccessibleDescription(saving ? tr("Saving…") : "")
    }

    /// Whose profile it is, as Edit describes it: "Zoë, zoe@example.com".
    private static func whose(_ profile: Profile) -> String {
        if profile.displayName.isEmpty || profile.email.isEmpty {
            return profile.displayName.isEmpty ? profile.email : profile.displayName
        }
        // Translators: the Edit button's description: the person's name and email address.
        return tr("{name}, {email}", ["name": profile.displayName, "email": profile.email])
    }

    private func show(page: Page, presentation: ProfilePresentation?) {
        pages.visibleChildName = page.rawValue
        hasPendingEdits = presentation?.hasPendingEdits ?? false
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
        // Something must have the focus for a screen reader to read the
        // window: once the profile shows, Edit, which says whose it is.
        if page == .profile, window.focusedWidget == nil { editButton.grabFocus() }
    }

    /// GTK 4.8 focuses Edit while the window is being activated, and Orca
    /// misses that focus change (it says only "Profile frame."; opened from
    /// a menu, the menu's button then takes Orca's attention as the menu
    /// gives its focus back): once the activated window has drawn, the
    /// focus is given to Edit once more, where Orca hears it.
    private func refocusWhenActivated() {
        window.onActivated { [weak self] in
            self?.window.onNextPaint { [weak self] in
                guard let self, self.window.isActive, self.editButton.isFocus else { return }
                self.window.clearFocus()
                self.editButton.grabFocus()
            }
        }
    }
}
