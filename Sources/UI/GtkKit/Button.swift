import CGtkShim

/// A GtkButton with a text label, an icon, or both through a child.
@MainActor
public class Button: Widget {
    public init(label: String) {
        super.init(lb_object(gtk_button_new_with_mnemonic(label)), transfer: .full)
        nameFromLabelOnly()
    }

    /// GTK 4.8 gives a text button both the raw label as its accessible
    /// label and its label widget as labelled-by, and joins the two: "_Save
    /// Save", even "Edit Edit", read out twice. The label widget alone
    /// names it ("Save").
    private func nameFromLabelOnly() {
        gtk_accessible_reset_property(lb_accessible(gobject), GTK_ACCESSIBLE_PROPERTY_LABEL)
    }

    /// An icon button. Icon-only buttons need an accessible name: pass it.
    /// Its tooltip is the name and `keys`, the shortcut that does the same
    /// (see `setTooltip`).
    public init(iconName: String, accessibleLabel: String, keys: String? = nil) {
        super.init(lb_object(gtk_button_new_from_icon_name(iconName)), transfer: .full)
        setAccessibleLabel(accessibleLabel)
        nameFromLabelProperty()
        setTooltip(accessibleLabel, keys: keys)
    }

    /// GTK 4.8 points an icon button's labelled-by relation at its image,
    /// whose name is its class: Orca says "GtkImage Open Folder push
    /// button". The accessible label alone names it. GTK sets the relation
    /// again whenever the icon changes.
    private func nameFromLabelProperty() {
        gtk_accessible_reset_relation(lb_accessible(gobject), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }

    /// A button whose content is an arbitrary widget.
    public init(child: Widget, accessibleLabel: String) {
        super.init(lb_object(gtk_button_new()), transfer: .full)
        gtk_button_set_child(button, child.widget)
        setAccessibleLabel(accessibleLabel)
    }

    package override init(_ gobject: UnsafeMutablePointer<GObject>, transfer: Transfer) {
        super.init(gobject, transfer: transfer)
    }

    private var button: UnsafeMutablePointer<GtkButton> { lb_button(gobject) }

    public var label: String? {
        get { gtk_button_get_label(button).map { String(cString: $0) } }
        set {
            gtk_button_set_label(button, newValue)
            nameFromLabelOnly()
        }
    }

    public var iconName: String? {
        get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
        set {
            gtk_button_set_icon_name(button, newValue)
            nameFromLabelProperty()
        }
    }

    public func setChild(_ child: Widget) { gtk_button_set_child(button, child.widget) }

    /// Clicking the button activates the action `name` ("app.quit", …).
    public var actionName: String? {
        get { gtk_actionable_get_action_name(lb_actionable(gobject)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(lb_actionable(gobject), newValue) }
    }

    public var hasFrame: Bool {
        get { gtk_button_get_has_frame(button) != 0 }
        set { gtk_button_set_has_frame(button, newValue ? 1 : 0) }
    }

    @discardableResult
    public func onClicked(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked") { _ in body() }
    }
}

/// A GtkToggleButton: screen readers hear whether it is pressed.
@MainActor
public final class ToggleButton: Button {
    public override init(iconName: String, accessibleLabel: String, keys: String? = nil) {
        super.init(lb_object(gtk_toggle_button_new()), transfer: .full)
        self.iconName = iconName
        setAccessibleLabel(accessibleLabel)
        setTooltip(accessibleLabel, keys: keys)
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(lb_toggle_button(gobject)) != 0 }
        set { gtk_toggle_button_set_active(lb_toggle_button(gobject), newValue ? 1 : 0) }
    }

}

/// A GtkCheckButton; grouped with others, a radio button (one of the group
/// is on).
@MainActor
public final class CheckButton: Widget {
    public init(label: String) {
        super.init(lb_object(gtk_check_button_new_with_label(label)), transfer: .full)
    }

    /// With an underlined access key: "Do this for _all".
    public init(mnemonic: String) {
        super.init(lb_object(gtk_check_button_new_with_mnemonic(mnemonic)), transfer: .full)
        // GTK 4.8 names it with the underline marker ("_Apply to all"),
        // which screen readers would read out.
        setAccessibleLabel(mnemonic.replacingOccurrences(of: "_", with: ""))
    }

    private var check: UnsafeMutablePointer<GtkCheckButton> { lb_check_button(gobject) }

    /// Makes this button one of `first`'s group: turning one on turns the
    /// others off.
    public func join(_ first: CheckButton) { gtk_check_button_set_group(check, first.check) }

    public var isActive: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        set { gtk_check_button_set_active(check, newValue ? 1 : 0) }
    }

    /// The person turned it on (not when `isActive` is set).
    @discardableResult
    public func onChosen(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("toggled") { [weak self] _ in
            guard let self, self.isActive, !self.isRendering else { return }
            body()
        }
    }

    /// The person turned it on or off (not when `show(active:)` sets it).
    @discardableResult
    public func onToggled(_ body: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        connect("toggled") { [weak self] _ in
            guard let self, !self.isRendering else { return }
            body(self.isActive)
        }
    }

    /// Sets `isActive` without reporting it as the person's choice.
    public func show(active: Bool) {
        isRendering = true
        isActive = active
        isRendering = false
    }

    private var isRendering = false
}
