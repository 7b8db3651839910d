import CGtkShim

/// A button showing an icon and a text: what it does is read, not guessed
/// from the icon. The text names it for screen readers; its tooltip and
/// accessible description give its keys, when it has any.
@MainActor
public final class LabelledButton: Button {
    private let text = Label()
    private let keys: String?

    public init(label: String, iconName: String, keys: String? = nil) {
        self.keys = keys
        super.init(lb_object(gtk_button_new()), transfer: .full)
        setChild(Box(.horizontal, spacing: 6, [Image(iconName: iconName), text]))
        self.text.text = label
        name(label)
    }

    /// The text shown, and the button's name ("Reject" or "Take Back
    /// Rejection", as what it would do changes).
    public var title: String {
        get { text.text }
        set {
            guard newValue != text.text else { return }
            text.text = newValue
            name(newValue)
        }
    }

    private func name(_ label: String) {
        setAccessibleLabel(label)
        // Named by the text alone: GTK 4.8 would add the label widget's
        // text again ("Reject Reject").
        gtk_accessible_reset_relation(lb_accessible(gobject), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        if let keys { setTooltip(label, keys: keys) } else { tooltip = nil; resetAccessibleDescription() }
    }
}

extension MenuButton {
    /// A menu button showing an icon, a text and the arrow that says a
    /// menu opens; the text names it and its menu for screen readers.
    public convenience init(label: String, iconName: String, menu: Menu) {
        self.init(iconName: iconName, accessibleLabel: label, menu: menu)
        let button = lb_menu_button(gobject)
        let content = Box(.horizontal, spacing: 6, [Image(iconName: iconName), Label(label)])
        // The button keeps the box: the wrapper may go once it has it.
        withExtendedLifetime(content) { gtk_menu_button_set_child(button, content.widget) }
        gtk_menu_button_set_always_show_arrow(button, 1)
        // The text shows what the tooltip would say.
        tooltip = nil
        resetAccessibleDescription()
    }
}
