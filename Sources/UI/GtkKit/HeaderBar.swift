import CGtkShim

/// A GtkHeaderBar: the title bar with controls at its start and end.
@MainActor
public final class HeaderBar: Widget {
    public init() { super.init(lb_object(gtk_header_bar_new()), transfer: .full) }

    private var bar: OpaquePointer { lb_header_bar(gobject) }

    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child.widget) }
    public func setTitleWidget(_ child: Widget?) { gtk_header_bar_set_title_widget(bar, child?.widget) }

    /// Whether the bar shows the window's close (and other) buttons.
    public var showsTitleButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(bar) != 0 }
        set { gtk_header_bar_set_show_title_buttons(bar, newValue ? 1 : 0) }
    }
}

/// A title with an optional subtitle, as GNOME apps show in header bars.
@MainActor
public final class WindowTitle {
    public let root = Box(.vertical)
    private let titleLabel = Label()
    private let subtitleLabel = Label()

    public init(title: String, subtitle: String = "") {
        root.valign = .center
        titleLabel.addCssClass("title")
        subtitleLabel.addCssClass("subtitle")
        for label in [titleLabel, subtitleLabel] {
            label.ellipsizes = true
            root.append(label)
        }
        self.title = title
        self.subtitle = subtitle
    }

    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    /// Whether the title is cut short with "…" as laid out now.
    public var isTitleEllipsized: Bool { titleLabel.isEllipsized }

    public var subtitle: String {
        get { subtitleLabel.text }
        set {
            subtitleLabel.text = newValue
            subtitleLabel.isVisible = !newValue.isEmpty
        }
    }
}
