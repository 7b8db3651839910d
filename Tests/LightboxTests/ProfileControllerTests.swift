import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// The profile window's controller binds the view's edits to the logic,
/// and a save reaches every observer of the shared model.
final class ProfileControllerTests: DisplayTestCase {
    private static let saved = Profile(displayName: "Ada Lovelace", email: "ada@example.com")

    @MainActor
    private final class Fixture {
        let store: MemoryProfileStore
        let model: ProfileModel
        let view = ProfileWindowView(application: testApplication)
        let logic: ProfileLogic
        let controller: ProfileWindowController
        var actions: [String] = []

        init(_ profile: Profile? = ProfileControllerTests.saved) {
            store = MemoryProfileStore(profile)
            model = ProfileModel(store: store, account: ProfileFixtures.account)
            var sink: ((AppAction) -> Void)?
            logic = ProfileLogic(model: model)
            controller = ProfileWindowController(view: view, logic: logic) { sink?($0) }
            sink = { [unowned self] action in
                switch action {
                case .profileWindowClosed: self.actions.append("closing")
                default: self.actions.append("other")
                }
            }
            // GTK closes only realized windows: show it, as the flow does.
            controller.present()
            logic.send(.load)
            spin(until: { self.view.visiblePage == .profile }, "the profile to load")
        }

        var presentation: ProfilePresentation? {
            switch logic.state {
            case .presenting(let p), .saving(let p), .failed(_, let p?): p
            default: nil
            }
        }
    }

    func testEditsInTheViewReachTheLogic() { onMain {
        let fixture = Fixture()
        defer { fixture.view.window.destroy() }
        let view = fixture.view
        view.editButton.emit("clicked")
        view.editor.nameEntry.text = "   "
        XCTAssertEqual(fixture.presentation?.draft.displayName, "   ")
        XCTAssertEqual(view.editor.nameError.text, "Enter a display name.")
        view.editor.nameEntry.text = "Zoë 山田 👩‍💻 محمد"
        view.editor.emailEntry.text = "zoë@exämple.fr"
        view.editor.aboutView.text = "Line one\nLine two"
        XCTAssertEqual(fixture.presentation?.draft,
                       Profile(displayName: "Zoë 山田 👩‍💻 محمد", email: "zoë@exämple.fr", about: "Line one\nLine two"))
        XCTAssertTrue(view.saveButton.isSensitive)
        XCTAssertFalse(view.editor.nameError.isVisible)
        XCTAssertEqual(fixture.model.profile, Self.saved, "nothing saved yet")
    } }

    func testSavingUpdatesEveryWindowAndLeavesEditing() { onMain {
        let fixture = Fixture()
        defer { fixture.view.window.destroy() }
        // Two main windows' header bar buttons, observing the shared model.
        let buttons = [ProfileButtonView(), ProfileButtonView()]
        let tokens = buttons.map { button in fixture.model.observe { button.render($0) } }
        XCTAssertEqual(buttons.map(\.avatar.initials), ["AL", "AL"])

        let view = fixture.view
        view.editButton.emit("clicked")
        view.editor.nameEntry.text = "  Zoë Saldaña  "
        view.window.activateAction("win.save")      // what Ctrl+S does
        spin(until: { !fixture.store.saved.isEmpty }, "the save")
        spin(until: { !view.isEditing }, "editing to end")
        XCTAssertEqual(fixture.store.saved.last?.displayName, "Zoë Saldaña")
        XCTAssertEqual(fixture.model.profile.displayName, "Zoë Saldaña")
        XCTAssertEqual(buttons.map(\.avatar.initials), ["ZS", "ZS"])
        XCTAssertEqual(buttons[1].button.tooltip, "Zoë Saldaña\nEdit Profile…")
        XCTAssertEqual(view.summary.nameLabel.text, "Zoë Saldaña")
        XCTAssertEqual(view.visiblePage, .profile)
        tokens.forEach { $0.cancel() }
    } }

    func testEnterInTheNameSavesAndAFailedSaveKeepsTheEdits() { onMain {
        let fixture = Fixture()
        defer { fixture.view.window.destroy() }
        fixture.store.saveFailure = ProfileStoreError("Your profile could not be saved: the disk is read-only.")
        let view = fixture.view
        view.editButton.emit("clicked")
        view.editor.nameEntry.text = "Grace"
        view.editor.nameEntry.emit("activate")
        spin(until: { view.problemLabel.isVisible }, "the problem")
        XCTAssertEqual(view.problemLabel.text, "Profile Not Saved: Your profile could not be saved: the disk is read-only.")
        XCTAssertTrue(view.isEditing)
        XCTAssertEqual(view.editor.nameEntry.text, "Grace")
        XCTAssertEqual(fixture.model.profile, Self.saved)
    } }

    func testCancelAndEscapeRevert() { onMain {
        let fixture = Fixture()
        defer { fixture.view.window.destroy() }
        let view = fixture.view
        view.editButton.emit("clicked")
        view.editor.nameEntry.text = "Grace"
        view.window.activateAction("win.cancel-editing")   // what Escape does
        XCTAssertFalse(view.isEditing)
        XCTAssertEqual(fixture.presentation?.draft, Self.saved)
        view.editButton.emit("clicked")
        XCTAssertEqual(view.editor.nameEntry.text, "Ada Lovelace")
        view.editor.emailEntry.text = "x@example.org"
        view.cancelButton.emit("clicked")
        XCTAssertFalse(fixture.logic.state.hasPendingEdits)
    } }

    func testChoosingAndRemovingAPhoto() { onMain {
        let fixture = Fixture()
        defer { fixture.view.window.destroy() }
        let view = fixture.view
        view.editButton.emit("clicked")
        view.onIntent(.photoChosen(ProfileFixtures.image("me.ppm", width: 900, height: 900)))   // the file chooser's answer
        spin(until: { fixture.presentation?.draft.avatar != nil }, "the photo")
        XCTAssertEqual(fixture.presentation?.draft.avatar?.width, 512)
        XCTAssertEqual(view.editor.avatar.showing, "photo")
        XCTAssertEqual(view.summary.avatar.showing, "initials", "pending until saved")

        let notes = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: notes.path, contents: Data("hi".utf8))
        view.onIntent(.photoChosen(notes.path))
        spin(until: { view.editor.photoProblemLabel.isVisible }, "the refusal")
        XCTAssertEqual(view.editor.avatar.showing, "photo", "the chosen photo stays")

        view.editor.removePhotoButton.emit("clicked")
        XCTAssertNil(fixture.presentation?.draft.avatar)
        XCTAssertEqual(view.editor.avatar.showing, "initials")
    } }

    func testSetAsProfilePhotoOpensTheEditorWithThePhotoPending() { onMain {
        let fixture = Fixture()
        defer { fixture.view.window.destroy() }
        let path = ProfileFixtures.image("photo.ppm", rgb: [10, 200, 10])
        fixture.logic.send(.setPhoto(path))
        spin(until: { fixture.presentation?.draft.avatar != nil }, "the photo")
        XCTAssertTrue(fixture.view.isEditing)
        XCTAssertEqual(fixture.presentation?.draft.avatar?.rgba(x: 1, y: 1), [10, 200, 10, 255])
        XCTAssertTrue(fixture.logic.state.hasPendingEdits)
    } }

    func testClosingWithUnsavedEditsAsksFirst() { onMain {
        let fixture = Fixture()
        let view = fixture.view
        view.editButton.emit("clicked")
        view.editor.nameEntry.text = "Grace"

        view.window.close()
        let question = try? XCTUnwrap(view.question)
        XCTAssertEqual(question?.title, "Save Changes?")
        XCTAssertEqual(Set(question?.buttons.keys.map { $0 } ?? []), ["save", "discard", "cancel"])
        question?.answer("cancel")
        XCTAssertNil(view.question)
        XCTAssertEqual(fixture.actions, [], "Cancel keeps the window and the edits")
        XCTAssertEqual(view.editor.nameEntry.text, "Grace")

        view.window.close()
        view.question?.answer("save")
        spin(until: { fixture.actions == ["closing"] }, "the window to close after saving")
        XCTAssertEqual(fixture.store.saved.last?.displayName, "Grace")
    } }

    func testDiscardClosesWithoutSaving() { onMain {
        let fixture = Fixture()
        let view = fixture.view
        view.editButton.emit("clicked")
        view.editor.nameEntry.text = "Grace"
        view.window.close()
        view.question?.answer("discard")
        XCTAssertEqual(fixture.actions, ["closing"])
        XCTAssertTrue(fixture.store.saved.isEmpty)
        XCTAssertEqual(fixture.model.profile, Self.saved)
    } }

    func testAClosedWindowIsFinalized() { onMain {
        var finalized = false
        do {
            let fixture = Fixture()
            fixture.view.window.onFinalize { finalized = true }
            fixture.view.editButton.emit("clicked")
            fixture.view.editor.nameEntry.text = "Grace"
            fixture.view.window.close()
            fixture.view.question?.answer("discard")
        }
        spin(until: { finalized }, "the profile window to be finalized")
    } }

    func testTheModeAndUnsavedEditsComeFromTheState() { onMain {
        let fixture = Fixture()
        let view = fixture.view
        // The logic alone changes: the view hears of it only through the
        // state it renders, and the controller reads the same state.
        fixture.logic.send(.edit)
        XCTAssertTrue(view.isEditing)
        XCTAssertEqual(view.visiblePage, .editor)
        fixture.logic.send(.emailChanged("grace@example.com"))
        XCTAssertEqual(view.editor.emailEntry.text, "grace@example.com")

        view.window.close()
        XCTAssertEqual(view.question?.title, "Save Changes?", "asked as an effect, from the state's unsaved edits")
        view.question?.answer("cancel")
        XCTAssertEqual(fixture.actions, [])

        // Quitting asks the same question; it goes on once the window has closed.
        var quitting = false
        XCTAssertFalse(fixture.controller.allowsQuit(then: { quitting = true }))
        XCTAssertEqual(view.question?.title, "Save Changes?")
        view.question?.answer("discard")
        XCTAssertEqual(fixture.actions, ["closing"])
        XCTAssertTrue(quitting)
        XCTAssertTrue(fixture.store.saved.isEmpty)
    } }

    func testWithoutUnsavedEditsQuittingGoesOnAndEditingAloneIsNoEdit() { onMain {
        let fixture = Fixture()
        defer { fixture.view.window.destroy() }
        fixture.view.editButton.emit("clicked")
        XCTAssertTrue(fixture.view.isEditing)
        XCTAssertTrue(fixture.controller.allowsQuit(then: { XCTFail("nothing to wait for") }))
        XCTAssertNil(fixture.view.question)
    } }

    func testClosingWithoutEditsDoesNotAsk() { onMain {
        let fixture = Fixture()
        fixture.view.window.close()
        XCTAssertNil(fixture.view.question)
        XCTAssertEqual(fixture.actions, ["closing"])
    } }
}
