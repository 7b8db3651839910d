import CGtkShim

/// A GtkGridView: a scrolling grid of recycled cells.
@MainActor
public final class GridView: Widget {
    public let selection: MultiSelection

    public init<Content>(selection: MultiSelection, factory: ListCellFactory<Content>) {
        self.selection = selection
        // The view takes ownership of what it is given: hand it references.
        super.init(lb_grid_view_new(selection.gobject, factory.gobject), transfer: .full)
    }

    public var maxColumns: Int {
        get { Int(gtk_grid_view_get_max_columns(lb_grid_view(gobject))) }
        set { gtk_grid_view_set_max_columns(lb_grid_view(gobject), UInt32(newValue)) }
    }

    public var minColumns: Int {
        get { Int(gtk_grid_view_get_min_columns(lb_grid_view(gobject))) }
        set { gtk_grid_view_set_min_columns(lb_grid_view(gobject), UInt32(newValue)) }
    }

    /// Whether dragging from empty space selects the cells it spans.
    public var enableRubberband: Bool {
        get { gtk_grid_view_get_enable_rubberband(lb_grid_view(gobject)) != 0 }
        set { gtk_grid_view_set_enable_rubberband(lb_grid_view(gobject), newValue ? 1 : 0) }
    }

    /// `body(position)` runs when a cell is activated.
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connect("activate") { args in body(Int(args.uint(1))) }
    }

    /// Scrolls so `position` is visible, and optionally focuses/selects it.
    public func scroll(to position: Int, select: Bool) {
        lb_grid_view_scroll_to(gobject, UInt32(position), select ? 1 : 0)
    }
}
