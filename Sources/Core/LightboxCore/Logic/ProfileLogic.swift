import Foundation
import Localization

/// What the profile window shows, decided without GTK: `send` an intent;
/// `onState` hears every state, the intermediate ones of async work too,
/// and `onOutput` what the window does once.
@MainActor
public final class ProfileLogic: ScreenLogic {
    public enum Intent: Sendable, Equatable {
        /// Loads the profile (again, after Try Again).
        case load
        /// Edit: the editor, with the draft.
        case edit
        case nameChanged(String)
        case emailChanged(String)
        case aboutChanged(String)
        /// The photo chosen in the file chooser.
        case photoChosen(String)
        case removePhoto
        case save
        /// Cancel: the edits are dropped.
        case cancelEditing
        case dismissNotice
        /// "Set as Profile Photo" from a photo window: once the profile is
        /// there, the editor with the photo pending (Save keeps it).
        case setPhoto(String)
        /// The close button: closes, or asks first when edits would be lost.
        case closeRequested
        /// The answer to "Save the changes?".
        case closeAnswered(CloseAnswer)
        case close
    }

    public enum CloseAnswer: String, Sendable, Equatable {
        case save, discard, cancel
    }

    /// What the window does once.
    public enum Output: Sendable, Equatable {
        /// "Profile saved".
        case saved
        /// Unsaved edits: Save, Discard or Cancel is asked.
        case askToSaveChanges
        /// The window may close now.
        case close
        /// The window closed.
        case closed
    }

    /// Everything the profile window shows: the page, and with a
    /// presentation whether it is shown or edited (`ProfilePresentation.mode`)
    /// and whether there are edits a close would lose (`hasPendingEdits`).
    /// The window reads nothing else from the logic.
    public enum State: Equatable, Sendable {
        /// Reading the saved profile.
        case loading
        /// The profile, shown or being edited, the edits not saved yet and
        /// what is wrong with them.
        case presenting(ProfilePresentation)
        /// Writing the edits; the window waits.
        case saving(ProfilePresentation)
        /// Something the person must act on. When a save failed the
        /// presentation keeps the edits; when loading failed there is none.
        case failed(ProfileProblem, ProfilePresentation?)
    }

    public let screen = Screen<State, Output>(.loading)
    /// The last load started: "Set as Profile Photo" waits for it.
    private var loading: Task<Void, Never>?

    private let model: ProfileModel
    private let decodeAvatar: @Sendable (String) throws(AvatarError) -> AvatarImage
    private var presentation: ProfilePresentation?
    private var isSaving = false
    private var problem: ProfileProblem?
    private var photoRequest = 0
    private var observation: ObservationToken?

    /// - Parameter decodeAvatar: reads a chosen photo; runs off the main thread.
    public init(model: ProfileModel,
                decodeAvatar: @escaping @Sendable (String) throws(AvatarError) -> AvatarImage = AvatarImage.decode) {
        self.model = model
        self.decodeAvatar = decodeAvatar
    }

    public func send(_ intent: Intent) {
        switch intent {
        case .load: loading = tasks.start { [weak self] in _ = await self?.load() }
        case .edit: beginEditing()
        case .nameChanged(let name): changeDisplayName(name)
        case .emailChanged(let email): changeEmail(email)
        case .aboutChanged(let about): changeAbout(about)
        case .photoChosen(let path): tasks.start { [weak self] in _ = await self?.usePhoto(path: path) }
        case .removePhoto: removeAvatar()
        case .save: tasks.start { [weak self] in _ = await self?.saveAndTell() }
        case .cancelEditing: revert()
        case .dismissNotice: dismissNotice()
        case .setPhoto(let path):
            if loading == nil { send(.load) }
            tasks.start { [weak self, loading] in
                await loading?.value
                guard let self else { return }
                beginEditing()
                _ = await usePhoto(path: path)
            }
        case .closeRequested: emit(state.hasPendingEdits ? .askToSaveChanges : .close)
        case .closeAnswered(.cancel): break
        case .closeAnswered(.discard):
            revert()
            emit(.close)
        case .closeAnswered(.save):
            tasks.start { [weak self] in
                if await self?.saveAndTell() == true { self?.emit(.close) }
            }
        case .close:
            tasks.cancelAll()
            emit(.closed)
        }
    }

    /// Saves; one that goes through leaves editing (the state says so) and
    /// is told. Answers whether the profile was saved.
    private func saveAndTell() async -> Bool {
        guard case .presenting(let presentation) = await save(), presentation.mode == .showing else { return false }
        emit(.saved)
        return true
    }

    // MARK: Actions

    /// Shows the profile, loading it first unless the model has it already
    /// (then the state goes straight to presenting).
    @discardableResult
    func load() async -> State {
        if model.status != .loaded {
            problem = nil
            presentation = nil
            publish()
            await model.load()
        }
        if case .failed(let message) = model.status {
            problem = .cannotLoad(message)
            return publish()
        }
        problem = nil
        presentation = ProfilePresentation(profile: model.profile, notice: model.notice)
        observation = observation ?? model.observe { [weak self] profile in self?.modelChanged(profile) }
        return publish()
    }

    /// Edit: the window shows the editor, with the draft. Nothing to edit
    /// before the profile is there.
    @discardableResult
    func beginEditing() -> State {
        guard var presentation, presentation.mode != .editing else { return state }
        presentation.mode = .editing
        self.presentation = presentation
        return publish()
    }

    @discardableResult
    func changeDisplayName(_ name: String) -> State { edit { $0.displayName = name } }

    @discardableResult
    func changeEmail(_ email: String) -> State { edit { $0.email = email } }

    @discardableResult
    func changeAbout(_ about: String) -> State { edit { $0.about = about } }

    /// Makes the photo at `path` the pending one (chosen in the file
    /// chooser, or "Set as Profile Photo" from a photo window), decoding it
    /// off the main thread; like any edit it waits for Save. A file that
    /// cannot be used leaves the photo as it was and says why.
    @discardableResult
    func usePhoto(path: String) async -> State {
        guard presentation != nil, !isSaving else { return state }
        photoRequest += 1
        let request = photoRequest
        presentation?.isDecodingPhoto = true
        publish()
        let decode = decodeAvatar
        let result = await Task.detached {
            Result { () throws(AvatarError) -> AvatarImage in try decode(path) }
        }.value
        // A later choice, a revert or a save overtook this one.
        guard request == photoRequest, var presentation else { return state }
        presentation.isDecodingPhoto = false
        switch result {
        case .success(let avatar):
            presentation.draft.avatar = avatar
            presentation.photoProblem = nil
        case .failure(let error):
            presentation.photoProblem = error.message
        }
        self.presentation = presentation
        return publish()
    }

    @discardableResult
    func removeAvatar() -> State {
        edit {
            $0.avatar = nil
        }
    }

    /// Writes the edits (off the main thread). On success every window
    /// shows the new profile and this one leaves editing; on failure the
    /// edits stay, still being edited, and the state says why.
    @discardableResult
    func save() async -> State {
        guard var presentation, !isSaving, presentation.canSave else { return state }
        let draft = ProfileValidation.normalized(presentation.draft)
        isSaving = true
        problem = nil
        publish()
        let store = model.store
        let result = await Task.detached {
            Result { () throws(ProfileStoreError) -> Profile in try store.save(draft) }
        }.value
        isSaving = false
        switch result {
        case .success(let saved):
            presentation.profile = saved
            presentation.draft = saved
            presentation.validation = ProfileValidation.check(saved)
            presentation.photoProblem = nil
            presentation.mode = .showing
            self.presentation = presentation
            model.commit(saved)
        case .failure(let error):
            problem = .cannotSave(error.message)
        }
        return publish()
    }

    /// Cancel (or Discard on closing): drops the edits, so the draft is
    /// the saved profile again, and goes back to showing it. Not while
    /// saving: the save decides what is kept.
    @discardableResult
    func revert() -> State {
        guard var presentation, !isSaving else { return state }
        photoRequest += 1
        presentation.mode = .showing
        presentation.draft = presentation.profile
        presentation.validation = ProfileValidation.check(presentation.profile)
        presentation.photoProblem = nil
        presentation.isDecodingPhoto = false
        self.presentation = presentation
        problem = nil
        return publish()
    }

    /// The load notice was read: hide it.
    @discardableResult
    func dismissNotice() -> State {
        model.dismissNotice()
        presentation?.notice = nil
        return publish()
    }

    // MARK: Plumbing

    private func edit(_ change: (inout Profile) -> Void) -> State {
        guard var presentation, !isSaving else { return state }
        change(&presentation.draft)
        presentation.validation = ProfileValidation.check(presentation.draft)
        self.presentation = presentation
        return publish()
    }

    /// The saved profile changed elsewhere: show it, and take it as the
    /// draft too unless the person is editing.
    private func modelChanged(_ profile: Profile) {
        guard var presentation, presentation.profile != profile else { return }
        if !presentation.hasPendingEdits {
            presentation.draft = profile
            presentation.validation = ProfileValidation.check(profile)
        }
        presentation.profile = profile
        self.presentation = presentation
        publish()
    }

    /// The state for what is known now, told to `onChange`.
    @discardableResult
    private func publish() -> State {
        let newState: State
        if let presentation {
            if isSaving {
                newState = .saving(presentation)
            } else if let problem {
                newState = .failed(problem, presentation)
            } else {
                newState = .presenting(presentation)
            }
        } else if let problem {
            newState = .failed(problem, nil)
        } else {
            newState = .loading
        }
        return publish(newState)
    }
}

extension ProfileLogic.State {
    /// The presentation on show, in whichever state (none while loading,
    /// nor when loading failed).
    public var presentation: ProfilePresentation? {
        switch self {
        case .presenting(let presentation), .saving(let presentation), .failed(_, let presentation?): presentation
        case .loading, .failed(_, nil): nil
        }
    }

    /// Whether there are edits a close would lose: the presentation's
    /// answer, the one place that knows.
    public var hasPendingEdits: Bool { presentation?.hasPendingEdits ?? false }
}

/// The profile as the window shows it.
public struct ProfilePresentation: Equatable, Sendable {
    /// Whether the window shows the saved profile or the editor.
    public enum Mode: Equatable, Sendable {
        /// The saved profile, with Edit.
        case showing
        /// The draft in the editor, with Cancel and Save.
        case editing
    }

    /// The saved profile.
    public var profile: Profile
    /// The pending edits: the fields as the person typed them.
    public var draft: Profile
    public var validation: ProfileValidation
    /// Something to know about the saved data (moved aside, photo lost).
    public var notice: String?
    /// Why the last chosen photo was refused.
    public var photoProblem: String?
    /// A chosen photo is being decoded.
    public var isDecodingPhoto: Bool
    /// Shown or being edited: Edit starts editing; Cancel, Discard and a
    /// save that goes through end it.
    public var mode: Mode

    package init(profile: Profile, draft: Profile? = nil, notice: String? = nil,
                photoProblem: String? = nil, isDecodingPhoto: Bool = false, mode: Mode = .showing) {
        self.profile = profile
        self.draft = draft ?? profile
        validation = ProfileValidation.check(draft ?? profile)
        self.notice = notice
        self.photoProblem = photoProblem
        self.isDecodingPhoto = isDecodingPhoto
        self.mode = mode
    }

    /// Whether the draft differs from the saved profile (beyond white space
    /// that saving trims).
    public var hasPendingEdits: Bool { ProfileValidation.normalized(draft) != profile }

    public var canSave: Bool { validation.isValid && !isDecodingPhoto }
}

/// Something went wrong that the person can act on.
public enum ProfileProblem: Equatable, Sendable {
    case cannotLoad(String)
    case cannotSave(String)

    public var title: String {
        switch self {
        case .cannotLoad: tr("Profile Cannot Be Read")
        case .cannotSave: tr("Profile Not Saved")
        }
    }

    public var message: String {
        switch self {
        case .cannotLoad(let message), .cannotSave(let message): message
        }
    }
}
