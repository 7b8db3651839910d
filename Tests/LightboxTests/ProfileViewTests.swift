import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

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

        view.editButton.emit("clicked")
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

        view.endEditing()
        XCTAssertEqual(view.visiblePage, .profile)
    } }

    func testShowsProblemsInlineAndRefusesToSave() { onMain {
        let view = ProfileWindowView(application: testApplication)
        defer { view.window.destroy() }
        var draft = Self.profile
        draft.displayName = " "
        draft.email = "nope"
        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft)))
        view.beginEditing()
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
        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft)))
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
        let presentation = ProfilePresentation(profile: Self.profile, draft: draft)
        view.render(.presenting(presentation))
        view.beginEditing()
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
        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft, isDecodingPhoto: true)))
        view.beginEditing()
        XCTAssertEqual(view.editor.avatar.showing, "photo")
        XCTAssertEqual(view.summary.avatar.showing, "initials")
        XCTAssertTrue(view.editor.photoSpinner.isVisible)
        XCTAssertFalse(view.saveButton.isSensitive, "no saving while a photo is read")
        XCTAssertTrue(view.editor.removePhotoButton.isSensitive)

        view.render(.presenting(ProfilePresentation(profile: Self.profile, draft: draft,
                                                    photoProblem: "“x.txt” cannot be used as your photo.")))
        XCTAssertFalse(view.editor.photoSpinner.isVisible)
        XCTAssertTrue(view.editor.photoProblemLabel.isVisible)
        XCTAssertEqual(view.editor.photoProblemLabel.text, "“x.txt” cannot be used as your photo.")
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
