import CGtkShim

/// A GtkBox: children in a row or a column.
@MainActor
public final class Box: Widget {
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(lb_object(gtk_box_new(orientation.gtk, Int32(spacing))), transfer: .full)
    }

    /// Convenience: a box holding `children` in order.
    public convenience init(_ orientation: Orientation, spacing: Int = 0, _ children: [Widget]) {
        self.init(orientation, spacing: spacing)
        children.forEach(append)
    }

    private var box: UnsafeMutablePointer<GtkBox> { lb_box(gobject) }

    public func append(_ child: Widget) { gtk_box_append(box, child.widget) }

    /// Whether every child gets the same size along the box.
    public var homogeneous: Bool {
        get { gtk_box_get_homogeneous(box) != 0 }
        set { gtk_box_set_homogeneous(box, newValue ? 1 : 0) }
    }
    public func remove(_ child: Widget) { gtk_box_remove(box, child.widget) }
}
