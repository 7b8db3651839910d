import Foundation
@testable import LightboxCore
import XCTest

/// The profile logic's answers, state by state.
final class ProfileLogicTests: XCTestCase {
    /// A logic over a fake store, recording every state it announces.
    @MainActor
    private final class Harness {
        let store: FakeProfileStore
        let model: ProfileModel
        let logic: ProfileLogic
        var states: [ProfileLogic.State] = []

        init(_ store: FakeProfileStore = FakeProfileStore(), account: SystemAccount = testAccount) {
            self.store = store
            model = ProfileModel(store: store, account: account)
            logic = ProfileLogic(model: model)
            logic.onState = { [unowned self] state in self.states.append(state) }
        }

        /// Sends `intent`; answers the state on return (what shows at once).
        @discardableResult
        func send(_ intent: ProfileLogic.Intent) -> ProfileLogic.State {
            logic.send(intent)
            return logic.state
        }

        /// Sends `intent`; answers the state once its work has ended.
        @discardableResult
        func settle(_ intent: ProfileLogic.Intent) async -> ProfileLogic.State {
            await logic.sendAndSettle(intent)
            return logic.state
        }

        /// The presentation of the current state, whatever its case.
        var presentation: ProfilePresentation? {
            switch logic.state {
            case .presenting(let p), .saving(let p), .failed(_, let p?): p
            default: nil
            }
        }

        /// A harness whose stored profile has `avatar`, already loaded.
        static func loaded(withAvatar avatar: AvatarImage) async -> Harness {
            var saved = ProfileLogicTests.saved
            saved.avatar = avatar
            let harness = Harness(FakeProfileStore(.success(.loaded(saved, notice: nil))))
            await harness.settle(.load)
            return harness
        }

        func takeStates() -> [ProfileLogic.State] {
            defer { states = [] }
            return states
        }
    }

    private static let saved = Profile(displayName: "Ada Lovelace", email: "ada@example.com", about: "Numbers.")

    // MARK: Load

    func testLoadingPresentsTheSavedProfile() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            let final = await harness.settle(.load)
            XCTAssertEqual(harness.takeStates(), [.loading, .presenting(ProfilePresentation(profile: Self.saved))])
            XCTAssertEqual(final, harness.logic.state)
            XCTAssertEqual(harness.model.profile, Self.saved)
            XCTAssertEqual(harness.model.status, .loaded)
            XCTAssertFalse(harness.logic.state.hasPendingEdits)
        }
    }

    func testALoadedProfileIsPresentedAtOnceWithoutReading() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            await harness.model.load()
            XCTAssertEqual(harness.store.loads, 1)
            await harness.settle(.load)
            XCTAssertEqual(harness.takeStates(), [.presenting(ProfilePresentation(profile: Self.saved))],
                           "cached: no loading state")
            // A second window's logic over the same model: no read either.
            let second = ProfileLogic(model: harness.model)
            await second.sendAndSettle(.load)
            let secondState = second.state
            XCTAssertEqual(secondState, .presenting(ProfilePresentation(profile: Self.saved)))
            XCTAssertEqual(harness.store.loads, 1)
        }
    }

    func testAFirstRunStartsFromTheSystemAccount() async throws {
        let scratch = Scratch()
        let face = ProfileImages.ppm(scratch.path(".face"), width: 64, height: 64, rgb: [9, 99, 199])
        try await onMainActor {
            let account = SystemAccount(realName: "Unknown", userName: "zoe", faceImagePath: face.path)
            let harness = Harness(account: account)
            await harness.settle(.load)
            let profile = try XCTUnwrap(harness.presentation?.profile)
            XCTAssertEqual(profile.displayName, "zoe")
            XCTAssertEqual(profile.avatar?.rgba(x: 0, y: 0), [9, 99, 199, 255], "~/.face is the avatar")
            XCTAssertNil(harness.presentation?.notice, "no questionnaire, no notice")
        }
    }

    func testRecoveredDataStartsFromDefaultsAndSaysSo() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.recovered(notice: "Moved aside to X."))))
            await harness.settle(.load)
            XCTAssertEqual(harness.presentation?.profile, Profile(displayName: "Zoë Saldaña"))
            XCTAssertEqual(harness.presentation?.notice, "Moved aside to X.")
            XCTAssertEqual(harness.send(.dismissNotice), .presenting(ProfilePresentation(profile: Profile(displayName: "Zoë Saldaña"))))
            XCTAssertNil(harness.model.notice)
        }
    }

    func testALoadFailureSaysWhyAndCanBeRetried() async {
        await onMainActor {
            let store = FakeProfileStore(.failure(ProfileStoreError("The disk is on fire.")))
            let harness = Harness(store)
            await harness.settle(.load)
            XCTAssertEqual(harness.takeStates(), [.loading, .failed(.cannotLoad("The disk is on fire."), nil)])
            XCTAssertEqual(harness.model.status, .failed("The disk is on fire."))
            XCTAssertEqual(harness.send(.nameChanged("x")), harness.logic.state, "nothing to edit")

            store.loadResult = .success(.loaded(Self.saved, notice: nil))
            await harness.settle(.load)
            XCTAssertEqual(harness.takeStates(), [.loading, .presenting(ProfilePresentation(profile: Self.saved))])
        }
    }

    // MARK: Edits

    func testEachEditChangesTheDraftOnly() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            await harness.settle(.load)
            _ = harness.takeStates()
            harness.send(.nameChanged("Zoë 山田"))
            harness.send(.emailChanged("zoe@example.org"))
            let state = harness.send(.aboutChanged("Hi 👋"))
            var draft = Self.saved
            draft.displayName = "Zoë 山田"
            XCTAssertEqual(harness.states.count, 3, "one state per edit")
            draft.email = "zoe@example.org"
            draft.about = "Hi 👋"
            XCTAssertEqual(state, .presenting(ProfilePresentation(profile: Self.saved, draft: draft)))
            XCTAssertTrue(harness.logic.state.hasPendingEdits)
            XCTAssertEqual(harness.model.profile, Self.saved, "nothing saved until Save")

            harness.send(.nameChanged("  Zoë 山田  "))
            harness.send(.nameChanged("Ada Lovelace "))
            harness.send(.emailChanged("ada@example.com"))
            harness.send(.aboutChanged("Numbers."))
            XCTAssertFalse(harness.logic.state.hasPendingEdits, "white space that saving trims is no edit")
        }
    }

    func testValidationFollowsTheDraft() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            await harness.settle(.load)
            harness.send(.nameChanged("   "))
            XCTAssertEqual(harness.presentation?.validation.displayName, "Enter a display name.")
            XCTAssertEqual(harness.presentation?.canSave, false)
            harness.send(.emailChanged("nope"))
            XCTAssertNotNil(harness.presentation?.validation.email)
            harness.send(.nameChanged(String(repeating: "😀", count: 64)))
            harness.send(.emailChanged(""))
            XCTAssertEqual(harness.presentation?.validation, ProfileValidation())
            XCTAssertEqual(harness.presentation?.canSave, true)
            harness.send(.aboutChanged(String(repeating: "a", count: 501)))
            XCTAssertEqual(harness.presentation?.canSave, false)
        }
    }

    func testSaveIsRefusedWhileInvalid() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            await harness.settle(.load)
            let invalid = harness.send(.nameChanged(""))
            let afterSave = await harness.settle(.save)
            XCTAssertEqual(afterSave, invalid)
            XCTAssertTrue(harness.store.saved.isEmpty)
        }
    }

    // MARK: Photos

    func testChoosingAPhotoDecodesItOffTheMainThreadAsAPendingEdit() async throws {
        let scratch = Scratch()
        let photo = ProfileImages.ppm(scratch.path("me.ppm"), width: 1024, height: 2048, rgb: [1, 2, 3])
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            await harness.settle(.load)
            _ = harness.takeStates()
            await harness.settle(.photoChosen(photo.path))
            let states = harness.takeStates()
            XCTAssertEqual(states.count, 2)
            guard case .presenting(let decoding) = states.first, case .presenting(let chosen) = states.last else {
                return XCTFail("\(states)")
            }
            XCTAssertTrue(decoding.isDecodingPhoto)
            XCTAssertFalse(decoding.canSave, "no saving while a photo is being read")
            XCTAssertFalse(chosen.isDecodingPhoto)
            XCTAssertEqual(chosen.draft.avatar.map { [$0.width, $0.height] }, [256, 512])
            XCTAssertNil(chosen.profile.avatar, "pending until saved")
            XCTAssertTrue(harness.logic.state.hasPendingEdits)
        }
    }

    func testARefusedPhotoKeepsTheOldOneAndSaysWhy() async throws {
        let scratch = Scratch()
        let notes = scratch.file("notes.txt", "hello")
        let old = try ProfileImages.avatar(in: scratch)
        await onMainActor {
            let harness = await Harness.loaded(withAvatar: old)
            let state = await harness.settle(.photoChosen(notes.path))
            guard case .presenting(let presentation) = state else { return XCTFail("\(state)") }
            XCTAssertEqual(presentation.draft.avatar, old)
            XCTAssertEqual(presentation.photoProblem,
                           "“notes.txt” cannot be used as your photo. The file is not an image Lightbox can read.")
            XCTAssertFalse(harness.logic.state.hasPendingEdits)
        }
    }

    func testRemovingThePhotoGoesBackToInitials() async throws {
        let scratch = Scratch()
        let old = try ProfileImages.avatar(in: scratch)
        await onMainActor {
            let harness = await Harness.loaded(withAvatar: old)
            guard case .presenting(let presentation) = harness.send(.removePhoto) else { return XCTFail() }
            XCTAssertNil(presentation.draft.avatar)
            XCTAssertEqual(presentation.draft.initials, "AL")
            XCTAssertTrue(harness.logic.state.hasPendingEdits)
        }
    }

    // MARK: Save and revert

    func testSavingWritesTheTrimmedDraftAndUpdatesEveryObserver() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            var seen: [String] = []
            let token = harness.model.observe { seen.append($0.displayName) }
            await harness.settle(.load)
            harness.send(.nameChanged("  Zoë 山田 👩‍💻  "))
            _ = harness.takeStates()
            let final = await harness.settle(.save)
            var expected = Self.saved
            expected.displayName = "Zoë 山田 👩‍💻"
            let states = harness.takeStates()
            guard states.count == 2, case .saving(let during) = states[0] else { return XCTFail("\(states)") }
            XCTAssertEqual(during.draft.displayName, "  Zoë 山田 👩‍💻  ")
            XCTAssertEqual(states[1], .presenting(ProfilePresentation(profile: expected)))
            XCTAssertEqual(final, states[1])
            XCTAssertEqual(harness.store.saved, [expected])
            XCTAssertEqual(harness.model.profile, expected)
            XCTAssertEqual(seen, ["", "Ada Lovelace", "Zoë 山田 👩‍💻"])
            XCTAssertFalse(harness.logic.state.hasPendingEdits)
            token.cancel()
        }
    }

    func testAFailedSaveKeepsTheEditsAndSaysWhy() async {
        await onMainActor {
            let store = FakeProfileStore(.success(.loaded(Self.saved, notice: nil)))
            store.saveError = ProfileStoreError("Your profile could not be saved: the disk is full.")
            let harness = Harness(store)
            await harness.settle(.load)
            harness.send(.nameChanged("Zoë"))
            _ = harness.takeStates()
            await harness.settle(.save)
            var draft = Self.saved
            draft.displayName = "Zoë"
            let kept = ProfilePresentation(profile: Self.saved, draft: draft)
            XCTAssertEqual(harness.takeStates(), [
                .saving(kept), .failed(.cannotSave("Your profile could not be saved: the disk is full."), kept),
            ])
            XCTAssertEqual(harness.model.profile, Self.saved, "nothing changed elsewhere")
            XCTAssertTrue(harness.logic.state.hasPendingEdits)

            // Editing goes on with the message in place; a later save works.
            XCTAssertEqual(harness.send(.aboutChanged("x")), .failed(
                .cannotSave("Your profile could not be saved: the disk is full."),
                ProfilePresentation(profile: Self.saved, draft: Profile(displayName: "Zoë", email: draft.email, about: "x"))))
            store.saveError = nil
            guard case .presenting(let presentation) = await harness.settle(.save) else { return XCTFail() }
            XCTAssertEqual(presentation.profile.displayName, "Zoë")
        }
    }

    // MARK: Editing mode

    func testTheEditingModeIsPartOfTheState() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.success(.loaded(Self.saved, notice: nil))))
            await harness.settle(.load)
            XCTAssertEqual(harness.presentation?.mode, .showing, "the profile shows first")
            _ = harness.takeStates()

            let editing = ProfilePresentation(profile: Self.saved, mode: .editing)
            XCTAssertEqual(harness.send(.edit), .presenting(editing))
            XCTAssertEqual(harness.send(.edit), .presenting(editing))
            XCTAssertEqual(harness.takeStates(), [.presenting(editing)], "editing again changes nothing")
            XCTAssertFalse(harness.logic.state.hasPendingEdits, "editing is no edit")

            harness.send(.nameChanged("Zoë"))
            XCTAssertEqual(harness.presentation?.mode, .editing, "edits keep editing")
            XCTAssertTrue(harness.logic.state.hasPendingEdits)
            XCTAssertEqual(harness.send(.cancelEditing), .presenting(ProfilePresentation(profile: Self.saved)),
                           "Cancel drops the edits and leaves editing")

            harness.send(.edit)
            harness.send(.nameChanged("Zoë"))
            harness.store.saveError = ProfileStoreError("nope")
            await harness.settle(.save)
            XCTAssertEqual(harness.presentation?.mode, .editing, "a failed save keeps editing")
            XCTAssertTrue(harness.logic.state.hasPendingEdits)
            harness.store.saveError = nil
            await harness.settle(.save)
            XCTAssertEqual(harness.presentation?.mode, .showing, "a save that goes through leaves editing")
            XCTAssertFalse(harness.logic.state.hasPendingEdits)
        }
    }

    func testNothingToEditBeforeTheProfileIsThere() async {
        await onMainActor {
            let harness = Harness(FakeProfileStore(.failure(ProfileStoreError("The disk is on fire."))))
            XCTAssertEqual(harness.send(.edit), .loading)
            await harness.settle(.load)
            XCTAssertEqual(harness.send(.edit), .failed(.cannotLoad("The disk is on fire."), nil))
            XCTAssertNil(harness.logic.state.presentation)
            XCTAssertFalse(harness.logic.state.hasPendingEdits)
        }
    }

    func testRevertDropsTheEdits() async throws {
        let scratch = Scratch()
        let avatar = try ProfileImages.avatar(in: scratch)
        await onMainActor {
            let store = FakeProfileStore(.success(.loaded(Self.saved, notice: nil)))
            let harness = Harness(store)
            await harness.settle(.load)
            harness.send(.nameChanged(""))
            harness.send(.emailChanged("bad"))
            store.saveError = ProfileStoreError("nope")
            await harness.settle(.photoChosen(scratch.path("face.ppm").path))
            XCTAssertEqual(harness.presentation?.draft.avatar, avatar)
            harness.send(.nameChanged("Zoë"))
            await harness.settle(.save)
            XCTAssertEqual(harness.send(.cancelEditing), .presenting(ProfilePresentation(profile: Self.saved)))
            XCTAssertFalse(harness.logic.state.hasPendingEdits)
        }
    }
}
