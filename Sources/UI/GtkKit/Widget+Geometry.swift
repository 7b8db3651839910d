import CGtkShim

/// Where a widget is, and how much room it asks for.
extension Widget {
    /// The widget's bounds in `other`'s coordinates; nil when they cannot
    /// be known (not allocated yet, or not in the same window).
    public func frame(in other: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        guard lb_widget_bounds(gobject, other.gobject, &x, &y, &width, &height) != 0 else { return nil }
        return (x, y, width, height)
    }

    /// The width the widget would like, with all its text unshortened (0
    /// while it is hidden).
    public var naturalWidth: Int {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Int(natural)
    }
}
