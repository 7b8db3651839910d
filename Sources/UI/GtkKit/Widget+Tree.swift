import CGtkShim

/// The widgets inside a widget, and which of them can be seen: what tests
/// count (the buttons a window shows) without a view exposing each one.
extension Widget {
    /// The widgets directly inside this one, in GTK's order.
    public var children: [Widget] {
        var found: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found.append(Widget(lb_object(current), transfer: .none))
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// Every widget inside this one, at any depth, parents before children.
    public var descendants: [Widget] {
        children.flatMap { [$0] + $0.descendants }
    }

    /// Whether the widget is drawn where one can see it: shown, on screen
    /// (mapped: its window is shown, and no revealer, stack or hidden
    /// parent keeps it away), and neither it nor a parent faded out.
    public var isSeen: Bool {
        guard gtk_widget_is_drawable(widget) != 0 else { return false }
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let shown = current {
            if gtk_widget_get_opacity(shown) <= 0 { return false }
            current = gtk_widget_get_parent(shown)
        }
        return true
    }

    /// Whether the widget is a `typeName` ("GtkButton") or of a class
    /// derived from it (a toggle button, a menu button's inner button).
    public func isA(_ typeName: String) -> Bool { lb_object_is_a(gobject, typeName) != 0 }
}

extension Label {
    /// Whether the text is cut short with "…" as laid out now (false until
    /// the label is laid out, and for a label that does not ellipsize).
    public var isEllipsized: Bool {
        pango_layout_is_ellipsized(gtk_label_get_layout(lb_label(gobject))) != 0
    }
}

extension Gtk {
    /// Which buttons title bars show, and on which side
    /// ("appmenu:close", GNOME's, puts a close button at the end); nil
    /// without a display. Set by tests to count what GNOME would show.
    public static var decorationLayout: String? {
        get {
            guard let settings = Appearance.gtkSettings else { return nil }
            guard let value = lb_object_dup_string(settings.gobject, "gtk-decoration-layout") else { return nil }
            defer { g_free(value) }
            return String(cString: value)
        }
        set {
            guard let settings = Appearance.gtkSettings, let newValue else { return }
            lb_object_set_string(settings.gobject, "gtk-decoration-layout", newValue)
        }
    }
}
