import GtkKit
import LightboxCore

/// The header bar's profile button: the avatar, named "Edit Profile" for
/// assistive technology, with the person's name as its description. It
/// opens the profile window through the app.edit-profile action.
@MainActor
final class ProfileButtonView {
    let avatar = AvatarView(size: 24)
    let button: Button

    init() {
        button = Button(child: avatar.root, accessibleLabel: "Edit Profile")
        button.actionName = ActionName.editProfile
        button.addCssClass("profile-button")
        render(.empty)
    }

    func render(_ profile: Profile) {
        avatar.render(profile)
        let name = profile.displayName
        button.tooltip = name.isEmpty ? "Edit Profile… (Ctrl+,)" : "\(name)\nEdit Profile… (Ctrl+,)"
        button.setAccessibleDescription(name)
    }
}
