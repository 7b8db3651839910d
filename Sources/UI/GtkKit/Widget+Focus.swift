import CGtkShim

/// Where the keyboard focus is, and moving it.
extension Widget {
    /// The widget this one is a child of. GTK lists and grids put each
    /// cell's content inside a widget of their own, and that one takes the
    /// focus: screen readers read its name, not the content's.
    public var parent: Widget? {
        gtk_widget_get_parent(widget).map { Widget(lb_object($0), transfer: .none) }
    }

    /// Whether the keyboard focus is on this widget or inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget),
              let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Whether the keyboard focus is on this widget itself.
    public var isFocus: Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        return gtk_root_get_focus(root) == widget
    }

    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    /// Moves the focus to the first widget inside this one that takes it
    /// (as Tab would); false if none does.
    @discardableResult
    public func focusFirstChild() -> Bool {
        gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0
    }

    /// Called each time the widget is mapped (about to be drawn): a widget
    /// focused before it is mapped takes the focus without telling screen
    /// readers, so focus that must be heard waits for this.
    @discardableResult
    public func onMap(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("map") { _ in body() }
    }
}
