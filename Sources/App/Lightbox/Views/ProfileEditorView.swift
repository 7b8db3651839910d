import Foundation
import GtkKit
import LightboxCore
import Localization

/// The profile window's editing mode: the photo with Choose and Remove,
/// and the three fields, each with its problem shown inline and given to
/// assistive technology.
@MainActor
final class ProfileEditorView {
    let root = ScrolledWindow()
    let avatar = AvatarView(size: 96)
    let choosePhotoButton = Button(label: tr("Choose Photo…"))
    let removePhotoButton = Button(label: tr("Remove Photo"))
    let photoSpinner = Spinner()
    let photoProblemLabel = Label()
    let nameEntry = Entry(accessibleLabel: tr("Display name"))
    let nameError = Label()
    let emailEntry = Entry(accessibleLabel: tr("Email"),
                           // Translators: the email field's placeholder, an example of an address.
                           placeholder: tr("name@example.com"))
    let emailError = Label()
    // Translators: a profile field: a few words about the person.
    let aboutView = TextView(accessibleLabel: tr("About"))
    let aboutError = Label()
    let aboutCounter = Label()

    /// The problem each field shows, so unchanged ones are not re-announced.
    private var shownProblems: [ObjectIdentifier: String?] = [:]

    enum Intent {
        case nameChanged(String), emailChanged(String), aboutChanged(String)
        case choosePhoto, removePhoto
        /// Enter in the name or email entry.
        case submit
    }

    var onIntent: (Intent) -> Void = { _ in }

    init() {
        let form = Box(.vertical, spacing: 6)
        form.setMargins(24)
        form.append(makePhotoRow())
        form.append(field(tr("Display name"), nameEntry, error: nameError, hint: Self.nameHint))
        emailEntry.setEmailPurpose()
        form.append(field(tr("Email"), emailEntry, error: emailError, hint: Self.emailHint))
        aboutView.setTextMargins(8)
        aboutView.setSizeRequest(width: -1, height: 96)
        let aboutFrame = ScrolledWindow(child: aboutView)
        aboutFrame.disableHorizontalScrolling()
        aboutFrame.addCssClass("profile-about-frame")
        aboutFrame.setSizeRequest(width: -1, height: 100)
        aboutCounter.addCssClass("field-counter")
        aboutCounter.addCssClass("dim-label")
        aboutCounter.halign = .end
        // Translators: a profile field: a few words about the person.
        let aboutBox = field(tr("About"), aboutFrame, accessible: aboutView, error: aboutError, hint: Self.aboutHint)
        aboutBox.append(aboutCounter)
        form.append(aboutBox)
        root.setChild(form)
        root.disableHorizontalScrolling()
        root.vexpand = true

        nameEntry.onChanged { [weak self] text in self?.onIntent(.nameChanged(text)) }
        emailEntry.onChanged { [weak self] text in self?.onIntent(.emailChanged(text)) }
        aboutView.onChanged { [weak self] text in self?.onIntent(.aboutChanged(text)) }
        nameEntry.onActivate { [weak self] in self?.onIntent(.submit) }
        emailEntry.onActivate { [weak self] in self?.onIntent(.submit) }
        choosePhotoButton.onClicked { [weak self] in self?.onIntent(.choosePhoto) }
        removePhotoButton.onClicked { [weak self] in self?.onIntent(.removePhoto) }
    }

    private func makePhotoRow() -> Widget {
        let buttons = Box(.vertical, spacing: 6)
        buttons.valign = .center
        [choosePhotoButton, removePhotoButton, photoSpinner].forEach(buttons.append)
        let row = Box(.horizontal, spacing: 18)
        row.halign = .center
        row.append(avatar.root)
        row.append(buttons)
        photoProblemLabel.addCssClass("field-error")
        photoProblemLabel.wraps = true
        photoProblemLabel.maxWidthChars = 40
        photoProblemLabel.justifyCenter = true
        photoProblemLabel.isVisible = false
        let box = Box(.vertical, spacing: 6, [row, photoProblemLabel])
        box.setMargins(top: 0, bottom: 12, start: 0, end: 0)
        return box
    }

    /// What each field asks for, said with it while it has no problem.
    private static var nameHint: String {
        // Translators: the display name field's description.
        trn("Required, at most {count} character", "Required, at most {count} characters", count: ProfileValidation.maxNameLength)
    }

    private static var emailHint: String {
        // Translators: the email field's description: it may be left empty.
        tr("Optional")
    }

    private static var aboutHint: String {
        // Translators: the About field's description.
        trn("Optional, at most {count} character", "Optional, at most {count} characters", count: ProfileValidation.maxAboutLength)
    }

    private func field(_ title: String, _ input: Widget, accessible: Widget? = nil, error: Label,
                       hint: String) -> Box {
        let label = Label(title)
        label.xalign = 0
        label.addCssClass("heading")
        error.addCssClass("field-error")
        error.xalign = 0
        error.wraps = true
        error.isVisible = false
        (accessible ?? input).setAccessibleDescription(hint)
        let box = Box(.vertical, spacing: 6, [label, input, error])
        box.setMargins(top: 6, bottom: 6, start: 0, end: 0)
        return box
    }

    /// Shows the draft. Fields are only written when they differ, so typing
    /// is never disturbed.
    func render(_ presentation: ProfilePresentation, isSaving: Bool) {
        let draft = presentation.draft
        avatar.render(draft)
        nameEntry.text = draft.displayName
        emailEntry.text = draft.email
        aboutView.text = draft.about
        let validation = presentation.validation
        show(validation.displayName, on: nameEntry, in: nameError, hint: Self.nameHint)
        show(validation.email, on: emailEntry, in: emailError, hint: Self.emailHint)
        show(validation.about, on: aboutView, in: aboutError, hint: Self.aboutHint)
        let aboutLength = draft.about.trimmingCharacters(in: .whitespacesAndNewlines).count
        // Translators: under the About field: how many characters it has, of the most it may have ("9 / 500").
        aboutCounter.text = tr("{length} / {maximum}", ["length": aboutLength, "maximum": ProfileValidation.maxAboutLength])
        photoProblemLabel.text = presentation.photoProblem ?? ""
        photoProblemLabel.isVisible = presentation.photoProblem != nil
        photoSpinner.isSpinning = presentation.isDecodingPhoto
        photoSpinner.isVisible = presentation.isDecodingPhoto
        removePhotoButton.isSensitive = draft.avatar != nil && !isSaving
        choosePhotoButton.isSensitive = !isSaving
        for widget in [nameEntry, emailEntry] as [Widget] + [aboutView] { widget.isSensitive = !isSaving }
    }

    private func show(_ problem: String?, on input: Widget, in label: Label, hint: String) {
        if let shown = shownProblems[ObjectIdentifier(label)], shown == problem { return }
        shownProblems[ObjectIdentifier(label)] = .some(problem)
        label.text = problem ?? ""
        label.isVisible = problem != nil
        input.setCssClass("error", problem != nil)
        // The problem is the field's description, not GTK's "invalid"
        // state: Orca 43 stops reading a field marked invalid at all.
        input.setAccessibleDescription(problem ?? hint)
    }

    /// Moves the focus to the first field with a problem, where a screen
    /// reader reads the field and its problem; one that had the focus
    /// already says its problem again. False if all are valid.
    @discardableResult
    func showFirstProblem() -> Bool {
        let fields: [(Label, Widget)] = [(nameError, nameEntry), (emailError, emailEntry), (aboutError, aboutView)]
        guard let (error, field) = fields.first(where: { error, _ in error.isVisible }) else { return false }
        if field.containsFocus { field.announce(error.text) } else { field.grabFocus() }
        return true
    }
}
