import GtkKit
import LightboxCore

/// The flow's part in the profile: one shared `ProfileModel` (every main
/// window's header bar observes it) and at most one profile window.
extension AppFlow {
    func makeProfileModel(directories: XDGDirectories) -> ProfileModel {
        let account = SystemAccount(realName: UserAccount.realName, userName: UserAccount.userName,
                                    faceImagePath: directories.home.appendingPathComponent(".face").path)
        return ProfileModel(store: FileProfileStore(directories: directories), account: account)
    }

    /// Loads the profile at start-up, off the main thread; header bars
    /// show it as soon as it is there.
    func loadProfile() {
        let profile = profile
        tasks.start { await profile.load() }
    }

    /// "Edit Profile…": presents the profile window, creating it the first
    /// time (its load is its own task, ended when it closes).
    @discardableResult
    func editProfile() -> ProfileWindowController {
        if let profileWindow {
            profileWindow.present()
            return profileWindow
        }
        let controller = ProfileWindowController(view: ProfileWindowView(application: application),
                                                 logic: ProfileLogic(model: profile)) { [weak self] action in
            self?.handle(action)
        }
        profileWindow = controller
        controller.present()
        controller.send(.load)
        return controller
    }

    /// "Set as Profile Photo": the profile window, in editing, with the
    /// photo as the pending avatar.
    func setProfilePhoto(path: String) {
        editProfile().send(.setPhoto(path))
    }

    /// Whether quitting may go on now. With unsaved profile edits the
    /// window asks Save / Discard / Cancel first, and `then` runs once it
    /// has closed.
    func profileAllowsQuit(then: @escaping () -> Void) -> Bool {
        profileWindow?.allowsQuit(then: then) ?? true
    }
}
