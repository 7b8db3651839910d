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
        button.actionName = ActionNames.editProfile.detailed
        button.addCssClass("profile-button")
        render(.empty)
    }

    func render(_ profile: Profile) {
        avatar.render(profile)
        let name = profile.displayName
        let keys = Keyboard.keys(for: ActionNames.editProfile).map { " (\(Accelerator.label($0)))" } ?? ""
        button.tooltip = (name.isEmpty ? "" : "\(name)\n") + "Edit Profile…\(keys)"
        button.setAccessibleDescription(name)
    }
}
