import CGtkShim

/// A GMenu: the model of a menu, whose items name actions.
@MainActor
public final class Menu: Object {
    public init() { super.init(lb_menu_new(), transfer: .full) }

    /// Adds an item that activates `action` ("app.quit", "win.sort::name").
    public func append(_ label: String, action: String) {
        g_menu_append(lb_menu(gobject), label, action)
    }

    /// Adds a section; sections are separated by lines.
    public func appendSection(_ section: Menu, label: String? = nil) {
        lb_menu_append_section(gobject, label, section.gobject)
    }

    /// A menu built from sections of (label, action) items.
    public convenience init(sections: [[(label: String, action: String)]]) {
        self.init()
        for items in sections {
            let section = Menu()
            for item in items { section.append(item.label, action: item.action) }
            appendSection(section)
        }
    }
}

/// A GtkMenuButton that pops up a menu.
@MainActor
public final class MenuButton: Widget {
    public init(iconName: String, accessibleLabel: String, menu: Menu) {
        super.init(lb_object(gtk_menu_button_new()), transfer: .full)
        gtk_menu_button_set_icon_name(button, iconName)
        // The popover is built when the menu first opens (by click, key or
        // `popup()`), not with the window.
        lb_menu_button_set_menu_on_demand(gobject, menu.gobject)
        setAccessibleLabel(accessibleLabel)
        lb_menu_button_name_popover(gobject, accessibleLabel)
        setTooltip(accessibleLabel)
    }

    private var button: OpaquePointer { lb_menu_button(gobject) }

    /// The primary menu opens with F10.
    public var isPrimary: Bool {
        get { lb_object_get_boolean(gobject, "primary") != 0 }
        set { lb_object_set_boolean(gobject, "primary", newValue ? 1 : 0) }
    }

}
