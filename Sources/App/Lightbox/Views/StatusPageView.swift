import GtkKit

/// A centred icon, title, description and optional action button: what a
/// window shows when it has nothing else to show (empty, failed, …).
@MainActor
final class StatusPageView {
    let root = Box(.vertical, spacing: 12)
    private let icon: Image
    let titleLabel = Label()
    let descriptionLabel = Label()
    private let button: Button?

    /// - Parameter buttonLabel: the action button's label; nil for none.
    init(iconName: String, buttonLabel: String?, buttonAction: ActionID?) {
        icon = Image(iconName: iconName, pixelSize: 96)
        icon.addCssClass("dim-label")
        root.valign = .center
        root.halign = .center
        root.vexpand = true
        root.setMargins(36)
        titleLabel.addCssClass("title-1")
        titleLabel.wraps = true
        titleLabel.justifyCenter = true
        descriptionLabel.wraps = true
        descriptionLabel.justifyCenter = true
        descriptionLabel.maxWidthChars = 60
        descriptionLabel.isSelectable = false
        [icon, titleLabel, descriptionLabel].forEach(root.append)
        if let buttonLabel {
            let button = Button(label: buttonLabel)
            button.actionName = buttonAction?.detailed
            button.halign = .center
            button.addCssClass("pill")
            button.addCssClass("suggested-action")
            root.append(button)
            self.button = button
        } else {
            button = nil
        }
    }

    func render(iconName: String? = nil, title: String, description: String) {
        if let iconName { icon.setIconName(iconName) }
        titleLabel.text = title
        descriptionLabel.text = description
        descriptionLabel.isVisible = !description.isEmpty
    }
}
