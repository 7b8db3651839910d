import CGtkShim

extension Widget {
    /// Whether children are clipped to the widget's bounds, rounded
    /// corners included (GtkWidget:overflow). Round avatars need it.
    public var clipsChildren: Bool {
        get { gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN }
        set { gtk_widget_set_overflow(widget, newValue ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE) }
    }
}
