import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// Intents compared by what they say (the logic's intents are not Equatable).
fileprivate func said(_ intents: [ProfileWindowView.Intent]) -> [String] { intents.map { String(describing: $0) } }

final class ProfileViewTests: DisplayTestCase {
    private static let profile = Profile(displayName: "Zoë Saldaña", email: "zoe@example.com", about: "Hello <b>")

    func testRendersLoadingAndFailure() { onMain {
        let view = ProfileWindowView(application: testApplication)
        defer { view.window.destroy() }
        XCTAssertEqual(view.window.title, "Profile")
        view.render(.loading)
        XCTAssertEqual(view.visiblePage, .loading)
        XCTAssertFalse(view.editButton.isVisible)
        XCTAssertFalse(view.saveButton.isVisible)

        view.render(.failed(.cannotLoad("The folder is gone."), nil))
        XCTAssertEqual(view.visiblePage, .failed)
        XCTAssertEqual(view.failedPage.titleLabel.text, "Profile Cannot Be Read")
        XCTAssertEqual(view.failedPage.descriptionLabel.text, "The folder is gone.")
        XCTAssertFalse(view.editButton.isVisible)
    } }

    func testRendersTheProfileAndSwitchesToEditingInTheSameWindow() { onMain {
        let view = ProfileWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.render(.presenting(ProfilePresentation(profile: Self.profile, notice: "Moved aside.")))
        XCTAssertEqual(view.visiblePage, .profile)
        XCTAssertEqual(view.summary.nameLabel.text, "Zoë Saldaña")
        XCTAssertEqual(view.summary.emailLabel.text, "zoe@example.com")
        XCTAssertEqual(view.summary.aboutLabel.text, "Hello <b>", "text, not markup")
        XCTAssertEqual(view.summary.avatar.showing, "initials")
        XCTAssertEqual(view.summary.avatar.initials, "ZS")
        XCTAssertEqual(view.noticeLabel.text, "Moved aside.")
        XCTAssertTrue(view.editButton.isVisible)
        XCTAssertFalse(view.saveButton.isVisible)
        XCTAssertFalse(view.cancelButton.isVisible)

        var intents: [ProfileWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        view.editButton.emit("clicked")
        XCTAssertEqual(said(intents), said([.edit]), "Edit is asked for; the state says when it is on")
        XCTAssertFalse(view.isEditing)
        view.render(.presenting(ProfilePresentation(profile: Self.profile, notice: "Moved aside.", mode: .editing)))
        XCTAssertTrue(view.isEditing)
        XCTAssertEqual(view.visiblePage, .editor)
        XCTAssertEqual(view.editor.nameEntry.text, "Zoë Saldaña")
        XCTAssertEqual(view.editor.emailEntry.text, "zoe@example.com")
        XCTAssertEqual(view.editor.aboutView.text, "Hello <b>")
        XCTAssertEqual(view.editor.aboutCounter.text, "9 / 500")
        XCTAssertTrue(view.saveButton.isVisible)
        XCTAssertTrue(view.saveButton.isSensitive)
        XCTAssertFalse(view.editButton.isVisible)
        XCTAssertFalse(view.editor.removePhotoButton.isSensitive, "no photo to remove")

        view.render(.presenting(ProfilePresentation(profile: Self.profile, notice: "Moved aside.")))
        XCTAssertEqual(view.visiblePage, .profile)
    } }

    func testShowsProblemsInlineAndRefusesToSave() { onMain {
        let view = ProfileWindowView(application: testApplication)
        defer { view.window.destroy() }
        var draft = Self.profile
        draft.displayName = " "
        draft.email = "nope"
        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft, mode: .editing)))
        XCTAssertTrue(view.editor.nameError.isVisible)
        XCTAssertEqual(view.editor.nameError.text, "Enter a display name.")
        XCTAssertTrue(view.editor.nameEntry.hasCssClass("error"))
        XCTAssertEqual(view.editor.emailError.text, "Enter an address like name@example.com, or leave it empty.")
        XCTAssertFalse(view.editor.aboutError.isVisible)
        // Save stays available: refused, it sends the focus to the first
        // field with a problem (a disabled button says nothing to a
        // screen reader).
        XCTAssertTrue(view.saveButton.isSensitive)
        var saves = 0
        view.onIntent = { intent in if case .save = intent { saves += 1 } }
        view.editor.emailEntry.grabFocus()
        view.window.activateAction("win.save")
        XCTAssertTrue(view.editor.nameEntry.containsFocus, "Ctrl+S goes to the first problem")
        view.editor.emailEntry.emit("activate")
        XCTAssertTrue(view.editor.nameEntry.containsFocus, "so does Enter")
        view.editor.aboutView.grabFocus()
        view.saveButton.emit("clicked")
        XCTAssertTrue(view.editor.nameEntry.containsFocus, "and the Save button")
        XCTAssertEqual(saves, 0, "nothing is saved while invalid")

        draft.displayName = "山田 👩‍💻"
        draft.email = ""
        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft, mode: .editing)))
        XCTAssertFalse(view.editor.nameError.isVisible)
        XCTAssertFalse(view.editor.nameEntry.hasCssClass("error"))
        XCTAssertTrue(view.saveButton.isSensitive)
        XCTAssertEqual(view.editor.avatar.initials, "山👩‍💻", "the editor shows the draft")
        view.window.activateAction("win.save")
        view.editor.nameEntry.emit("activate")
        XCTAssertEqual(saves, 2, "Ctrl+S (win.save) and Enter in the name save")
        XCTAssertEqual(view.summary.nameLabel.text, "Zoë Saldaña", "the summary shows what is saved")
    } }

    func testRendersSavingAndAFailedSave() { onMain {
        let view = ProfileWindowView(application: testApplication)
        defer { view.window.destroy() }
        var draft = Self.profile
        draft.displayName = "New"
        let presentation = ProfilePresentation(profile: Self.profile, draft: draft, mode: .editing)
        view.render(.presenting(presentation))
        view.render(.saving(presentation))
        XCTAssertEqual(view.visiblePage, .editor)
        XCTAssertFalse(view.saveButton.isSensitive)
        XCTAssertTrue(view.savingSpinner.isVisible)
        XCTAssertFalse(view.editor.nameEntry.isSensitive)

        view.render(.failed(.cannotSave("Your profile could not be saved: the disk is full."), presentation))
        XCTAssertEqual(view.visiblePage, .editor, "the edits stay on show")
        XCTAssertEqual(view.editor.nameEntry.text, "New")
        XCTAssertTrue(view.problemLabel.isVisible)
        XCTAssertEqual(view.problemLabel.text, "Profile Not Saved: Your profile could not be saved: the disk is full.")
        XCTAssertTrue(view.saveButton.isSensitive, "saving again is possible")
        XCTAssertTrue(view.editor.nameEntry.isSensitive)
        XCTAssertFalse(view.savingSpinner.isVisible)
    } }

    func testRendersPhotosAndPhotoProblems() throws { try onMain {
        let view = ProfileWindowView(application: testApplication)
        defer { view.window.destroy() }
        var draft = Self.profile
        draft.avatar = try ProfileFixtures.avatar()
        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft, isDecodingPhoto: true,
                                                    mode: .editing)))
        XCTAssertEqual(view.editor.avatar.showing, "photo")
        XCTAssertEqual(view.summary.avatar.showing, "initials")
        XCTAssertTrue(view.editor.photoSpinner.isVisible)
        XCTAssertFalse(view.saveButton.isSensitive, "no saving while a photo is read")
        XCTAssertTrue(view.editor.removePhotoButton.isSensitive)

        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft,
                                                    photoProblem: "“x.txt” cannot be used as your photo.",
                                                    mode: .editing)))
        XCTAssertFalse(view.editor.photoSpinner.isVisible)
        XCTAssertTrue(view.editor.photoProblemLabel.isVisible)
        XCTAssertEqual(view.editor.photoProblemLabel.text, "“x.txt” cannot be used as your photo.")
    } }

    func testTheModeComesFromTheStateAndRenderingItAgainChangesNothing() { onMain {
        let view = ProfileWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.window.present()
        var draft = Self.profile
        draft.displayName = "Zoë"
        let editing = ProfileLogic.State.presenting(ProfilePresentation(profile: Self.profile, draft: draft, mode: .editing))
        view.render(editing)
        XCTAssertEqual(view.visiblePage, .editor)
        XCTAssertTrue(view.editor.nameEntry.containsFocus, "editing starts in the name")
        XCTAssertTrue(view.saveButton.isVisible)
        XCTAssertTrue(view.cancelButton.isVisible)
        XCTAssertFalse(view.editButton.isVisible)

        // The person moves on to the email, and the same state comes again
        // (as every keystroke's does): nothing moves, nothing is retyped.
        view.editor.emailEntry.grabFocus()
        var intents: [ProfileWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        view.render(editing)
        XCTAssertTrue(view.editor.emailEntry.containsFocus, "the focus stays where the person put it")
        XCTAssertEqual(view.visiblePage, .editor)
        XCTAssertEqual(view.editor.nameEntry.text, "Zoë")
        XCTAssertTrue(view.saveButton.isVisible)
        XCTAssertFalse(view.editButton.isVisible)
        XCTAssertEqual(said(intents), said([]), "rendering reports nothing")

        // Showing again (after Save or Cancel): Edit takes the focus, once.
        let showing = ProfileLogic.State.presenting(ProfilePresentation(profile: Self.profile))
        view.render(showing)
        XCTAssertEqual(view.visiblePage, .profile)
        XCTAssertFalse(view.isEditing)
        XCTAssertTrue(view.editButton.isFocus)
        XCTAssertFalse(view.saveButton.isVisible)
        intents = []   // (the editor's fields, written back to the saved profile, report it)
        view.render(showing)
        XCTAssertTrue(view.editButton.isFocus)
        XCTAssertEqual(said(intents), said([]))
    } }

    func testClosingIsAskedAndTheQuestionIsAnEffect() { onMain {
        let view = ProfileWindowView(application: testApplication)
        var draft = Self.profile
        draft.displayName = "Zoë"
        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft, mode: .editing)))
        view.perform(.present)   // GTK closes only realized windows
        var intents: [ProfileWindowView.Intent] = []
        view.onIntent = { intents.append($0) }

        // The view does not know about unsaved edits: closing is asked for,
        // and until the answer the window stays.
        view.window.close()
        XCTAssertEqual(said(intents), said([.closeRequested]))
        XCTAssertNil(view.question, "no question the controller did not ask")
        XCTAssertTrue(view.window.isVisible)

        view.perform(.askToSaveChanges)
        XCTAssertEqual(view.question?.title, "Save Changes?")
        view.question?.answer("discard")
        XCTAssertEqual(said(intents), said([.closeRequested, .closeAnswered(.discard)]))
        XCTAssertNil(view.question)

        view.perform(.close)
        XCTAssertEqual(said(intents), said([.closeRequested, .closeAnswered(.discard), .close]), "closed without asking again")
        XCTAssertFalse(view.window.isVisible)
    } }

    func testTheHeaderBarButtonShowsTheProfile() throws { try onMain {
        let button = ProfileButtonView()
        XCTAssertEqual(button.avatar.showing, "icon")
        button.render(Profile(displayName: "محمد علي"))
        XCTAssertEqual(button.avatar.showing, "initials")
        XCTAssertEqual(button.avatar.initials, "مع")
        XCTAssertEqual(button.button.tooltip, "محمد علي\nEdit Profile…")
        XCTAssertEqual(button.button.actionName, "app.edit-profile")
        button.render(Profile(displayName: "محمد علي", avatar: try ProfileFixtures.avatar()))
        XCTAssertEqual(button.avatar.showing, "photo")
    } }
}
