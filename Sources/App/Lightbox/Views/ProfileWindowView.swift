import GtkKit
import LightboxCore
import Localization

/// How the profile window looks: its header bar (Edit, or Cancel and
/// Save), a notice or problem bar, and the page for the state (loading,
/// failed, the profile, the editor). All that lasts, showing versus
/// editing included, comes from `render`; dialogs and what is said once
/// come from `perform`. It decides nothing: even closing is asked of its
/// controller, which knows from the state whether edits would be lost.
@MainActor
final class ProfileWindowView {
    /// The window speaks its logic's intents (ProfileLogic.Intent); Choose
    /// Photo… is its own (the file chooser), answered by `.photoChosen`.
    typealias Intent = ProfileLogic.Intent

    /// What the window does once, when told.
    enum Effect: Equatable {
        case present
        /// Closes the window without asking (nothing would be lost, or the
        /// edits were saved or discarded); `.closed` follows.
        case close
        /// "Save changes?" with Save, Discard and Cancel, the window
        /// brought forward; answered by `.closeAnswered`.
        case askToSaveChanges
        /// The edits were saved: Edit, which has the focus, says so.
        case saved
    }

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
                                            buttonAction: ActionNames.load)
    let noticeLabel = Label()
    private let noticeBar: Box
    private let pages = Stack()
    private var saveAction: Action!
    private var cancelAction: Action!
    var chooser: FileChooser?
    /// The open "Save changes?" question, if any.
    var question: MessageWindow?
    /// Set by `.close`: the close request under way, or the next, goes
    /// through without asking the controller.
    var closeAllowed = false
    /// A close request is being answered (`.close` then needs no second
    /// `window.close()`: the request under way is let through).
    var answeringCloseRequest = false
    /// What the state shown lets Save do (rendered, like the buttons).
    private var canSave = false

    /// What Edit says of the profile (set when it changes).
    private var editDescription: String?

    /// The mode shown: the presentation's, none while there is none. Focus
    /// moves only when it changes, so rendering a state again moves nothing.
    private var shownMode: ProfilePresentation.Mode?
    /// Whether the editor is on show (from the state rendered).
    var isEditing: Bool { shownMode == .editing }

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
        editButton.onClicked { [weak self] in self?.onIntent(.edit) }
        cancelButton.onClicked { [weak self] in self?.onIntent(.cancelEditing) }
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
        cancelAction = Action(ActionNames.cancelEditing) { [weak self] in self?.onIntent(.cancelEditing) }
        window.addAction(saveAction)
        window.addAction(cancelAction)
        window.addAction(Action(ActionNames.load) { [weak self] in self?.onIntent(.load) })
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

    // MARK: Effects

    func perform(_ effect: Effect) {
        switch effect {
        case .present: window.present()
        case .close:
            closeAllowed = true
            // Inside "close-request" GTK ignores a second close: the
            // request under way is let through instead (`closeRequested`).
            if !answeringCloseRequest { window.close() }
        case .askToSaveChanges: askToSaveChanges()
        case .saved:
            let notice = tr("Profile saved")
            editButton.announce(notice)
            // Edit's description is the notice now: the next render puts
            // whose profile it is back.
            editDescription = notice
        }
    }

    // MARK: Rendering

    func render(_ state: ProfileLogic.State) {
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
        let isEditing = presentation.mode == .editing
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
        let modeBefore = shownMode
        shownMode = presentation?.mode
        let editing = shownMode == .editing
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
        moveFocus(from: modeBefore, page: page)
    }

    /// The focus follows a change of mode, once the page is on show: into
    /// the name when editing starts; to Edit when it ends, as the editor's
    /// fields go away. Something must have the focus for a screen reader
    /// to read the window: once the profile shows, Edit, which says whose
    /// it is.
    private func moveFocus(from modeBefore: ProfilePresentation.Mode?, page: Page) {
        if shownMode == .editing, modeBefore != .editing {
            editor.nameEntry.grabFocus()
        } else if shownMode == .showing, modeBefore == .editing {
            editButton.grabFocus()
        } else if page == .profile, window.focusedWidget == nil {
            editButton.grabFocus()
        }
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
