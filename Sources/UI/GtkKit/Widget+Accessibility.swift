import CGtkShim
import Localization

/// What assistive technology (Orca, through AT-SPI) reads of a widget.
extension Widget {
    /// The accessible name (ARIA label) read by screen readers.
    public func setAccessibleLabel(_ label: String) { lb_accessible_set_label(gobject, label) }

    /// The accessible description read after the name.
    public func setAccessibleDescription(_ text: String) { lb_accessible_set_description(gobject, text) }

    /// Removes the description, so that none is read (GTK 4.8 makes a
    /// tooltip the description).
    public func resetAccessibleDescription() {
        gtk_accessible_reset_property(lb_accessible(gobject), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
    }

    public func setAccessibleLabelledBy(_ label: Widget) {
        lb_accessible_set_labelled_by(gobject, label.gobject)
    }

    /// A tooltip naming the action and, when it has one, its keys:
    /// "Open Folder (Ctrl+O)". Screen readers get the keys alone as the
    /// description: GTK 4.8 would make the whole tooltip the description,
    /// and Orca would read the name twice ("Search push button Search").
    /// - Parameter keys: an accelerator in GTK's syntax ("<Control>o",
    ///   "F9"), shown as the person's keyboard names it.
    public func setTooltip(_ title: String, keys: String? = nil) {
        let shortcut = keys.map(Accelerator.label)
        // Translators: a button's tooltip: what it does, and its keyboard shortcut ("Open Folder (Ctrl+O)").
        tooltip = shortcut.map { tr("{action} ({keys})", ["action": title, "keys": $0]) } ?? title
        if let shortcut { setAccessibleDescription(shortcut) } else { resetAccessibleDescription() }
    }

    /// Makes `text` heard now, while this widget has the keyboard focus: a
    /// screen reader reads a change to the focused widget's description.
    /// GTK 4.8 has no other way to announce (gtk_accessible_announce is
    /// 4.14). Emptied first, so that the same text twice is said twice.
    public func announce(_ text: String) {
        setAccessibleDescription("")
        setAccessibleDescription(text)
    }
}

/// Keyboard shortcuts as people read them.
public enum Accelerator {
    /// "<Control>o" → "Ctrl+O", in the person's language and keyboard
    /// conventions (GTK's own labels); the trigger itself when GTK cannot
    /// parse it.
    public static func label(_ trigger: String) -> String {
        trigger.split(separator: " ").map { part in
            guard let label = lb_accelerator_label(String(part)) else { return String(part) }
            defer { g_free(label) }
            return String(cString: label)
        }.joined(separator: " ")
    }
}
