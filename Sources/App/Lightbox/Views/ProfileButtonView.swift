import GtkKit
import LightboxCore
import Localization

/// The header bar's profile button: the avatar, named "Edit Profile" for
/// assistive technology, with the person's name as its description. It
/// opens the profile window through the app.edit-profile action.
@MainActor
final class ProfileButtonView {
    let avatar = AvatarView(size: 24)
    let button: Button

    init() {
        button = Button(child: avatar.root, accessibleLabel: tr("Edit Profile"))
        button.actionName = ActionNames.editProfile.detailed
        button.addCssClass("profile-button")
        render(.empty)
    }

    func render(_ profile: Profile) {
        avatar.render(profile)
        let name = profile.displayName
        let edit = Keyboard.keys(for: ActionNames.editProfile).map {
            // Translators: the profile button's tooltip; {shortcut} is its keyboard shortcut, such as "Ctrl+E".
            tr("Edit Profile… ({shortcut})", ["shortcut": Accelerator.label($0)])
        } ?? tr("Edit Profile…")
        button.tooltip = name.isEmpty ? edit : "\(name)\n\(edit)"
        button.setAccessibleDescription(name)
    }
}
