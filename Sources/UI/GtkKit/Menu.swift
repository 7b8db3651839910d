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

    /// Adds an item that opens `submenu`.
    public func appendSubmenu(_ submenu: Menu, label: String) {
        g_menu_append_submenu(lb_menu(gobject), label, lb_menu_model(submenu.gobject))
    }

    /// Takes every item out; a menu on show follows at once.
    public func removeAll() {
        g_menu_remove_all(lb_menu(gobject))
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

    /// Called as the menu opens (by click, key or `popup()`): a menu whose
    /// items depend on what is shown can be filled then, not on every change.
    /// (GTK 4.8 has no "active" property: the popover, made when the menu
    /// first opens, says when it is mapped.)
    public func onOpened(_ body: @escaping @MainActor () -> Void) {
        onNotify("popover") { [weak self] in
            guard let self, let popover = gtk_menu_button_get_popover(self.button),
                  self.popover?.gobject != lb_object(popover) else { return }
            let wrapper = Object(lb_object(popover), transfer: .none)
            wrapper.connect("map") { _ in body() }
            self.popover = wrapper
        }
    }

    /// The popover, once made, kept to hear it open.
    private var popover: Object?

    /// The primary menu opens with F10.
    public var isPrimary: Bool {
        get { lb_object_get_boolean(gobject, "primary") != 0 }
        set { lb_object_set_boolean(gobject, "primary", newValue ? 1 : 0) }
    }

}
