import GtkKit
import LightboxCore

/// The profile window's showing mode: the large avatar, the name, the
/// email and the about text.
@MainActor
final class ProfileSummaryView {
    let root = Box(.vertical, spacing: 12)
    let avatar = AvatarView(size: 128)
    let nameLabel = Label()
    let emailLabel = Label()
    let aboutLabel = Label()

    init() {
        root.setMargins(24)
        root.valign = .center
        root.vexpand = true
        avatar.root.setMargins(top: 0, bottom: 12, start: 0, end: 0)
        nameLabel.addCssClass("title-1")
        emailLabel.addCssClass("dim-label")
        for label in [nameLabel, emailLabel, aboutLabel] {
            label.wraps = true
            label.justifyCenter = true
            label.maxWidthChars = 40
            label.isSelectable = true
            // Selectable, GTK 4.8's label still takes every Tab (and
            // keeps it): the keyboard could not reach Edit.
            label.canFocus = false
        }
        [avatar.root, nameLabel, emailLabel, aboutLabel].forEach(root.append)
    }

    func render(_ profile: Profile) {
        avatar.render(profile)
        nameLabel.text = profile.displayName
        emailLabel.text = profile.email
        emailLabel.isVisible = !profile.email.isEmpty
        aboutLabel.text = profile.about
        aboutLabel.isVisible = !profile.about.isEmpty
    }
}
