import GtkKit
import LightboxCore
import Localization

/// A round avatar: the profile photo, or the initials on a colour derived
/// from the name, or a generic person icon when there is no name yet.
@MainActor
final class AvatarView {
    let root = Box(.vertical)
    private let image: Image
    private let initialsLabel = Label()
    private var shownAvatar: AvatarImage?
    private var colorClass: String?

    init(size: Int) {
        ProfileStyle.load()
        image = Image(iconName: "avatar-default-symbolic", pixelSize: size)
        root.addCssClass("avatar")
        root.addCssClass("avatar-\(size)")
        root.clipsChildren = true
        root.setSizeRequest(width: size, height: size)
        root.halign = .center
        root.valign = .center
        initialsLabel.halign = .center
        initialsLabel.valign = .center
        initialsLabel.vexpand = true
        image.vexpand = true
        root.append(image)
        root.append(initialsLabel)
        initialsLabel.isVisible = false
    }

    /// What is on show, for tests: "photo", "initials" or "icon".
    private(set) var showing = "icon"
    var initials: String { initialsLabel.text }

    func render(_ profile: Profile) {
        if let avatar = profile.avatar {
            if avatar != shownAvatar {
                image.setTexture(Texture(rgba: avatar.squareRGBA, width: avatar.squareSide,
                                         height: avatar.squareSide, stride: avatar.squareSide * 4))
                shownAvatar = avatar
            }
            showing = "photo"
        } else {
            if shownAvatar != nil {
                image.setIconName("avatar-default-symbolic")
                shownAvatar = nil
            }
            initialsLabel.text = profile.initials
            showing = profile.initials.isEmpty ? "icon" : "initials"
        }
        image.setAccessibleLabel(showing == "photo" ? tr("Profile photo") : tr("No profile photo"))
        image.isVisible = showing != "initials"
        initialsLabel.isVisible = showing == "initials"
        setColor(showing == "initials" ? profile.colorIndex : nil)
    }

    private func setColor(_ index: Int?) {
        let name = index.map { "avatar-color-\($0)" }
        guard name != colorClass else { return }
        if let colorClass { root.removeCssClass(colorClass) }
        if let name { root.addCssClass(name) }
        colorClass = name
    }
}
