import CGtkShim

public enum Align: Sendable {
    case fill, start, end, center

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

public enum Orientation: Sendable {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// A GtkWidget. Subclasses add what their widget type can do.
@MainActor
public class Widget: Object {
    var widget: UnsafeMutablePointer<GtkWidget> { lb_widget(gobject) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// The allocated width (0 before the widget is shown).
    public var width: Int { Int(gtk_widget_get_width(widget)) }
    public var height: Int { Int(gtk_widget_get_height(widget)) }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// A tooltip whose text is asked for when GTK is about to show it.
    /// Setting `tooltip` makes GTK query the pointer at once (an X round
    /// trip), which adds up over the cells of a grid; this costs nothing
    /// until the pointer rests on the widget. nil shows no tooltip.
    public func setTooltipProvider(_ text: @escaping @MainActor () -> String?) {
        gtk_widget_set_has_tooltip(widget, 1)
        connect("query-tooltip") { args in
            guard let text = text(), let tooltip = args.object(4) else { return args.setReturn(false) }
            gtk_tooltip_set_text(lb_tooltip(tooltip), text)
            args.setReturn(true)
        }
    }

    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    public var halign: Align {
        get { Align(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    public var valign: Align {
        get { Align(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }

    public var focusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    /// Sets all four margins.
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }

    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, Int32(top))
        gtk_widget_set_margin_bottom(widget, Int32(bottom))
        gtk_widget_set_margin_start(widget, Int32(start))
        gtk_widget_set_margin_end(widget, Int32(end))
    }

    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, Int32(width), Int32(height))
    }

    public func addCssClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCssClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func hasCssClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    public func setCssClass(_ name: String, _ enabled: Bool) {
        enabled ? addCssClass(name) : removeCssClass(name)
    }

    /// Whether any part of this widget lies inside `other`'s allocation
    /// (e.g. a cell inside the visible part of its scrolled window), or
    /// within `margin` pixels above or below it.
    public func isShown(within other: Widget, margin: Double = 0) -> Bool {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        guard gtk_widget_get_mapped(widget) != 0,
              lb_widget_bounds(gobject, other.gobject, &x, &y, &width, &height) != 0 else { return false }
        let outerWidth = Double(gtk_widget_get_width(other.widget))
        let outerHeight = Double(gtk_widget_get_height(other.widget))
        return x + width > 0 && y + height > -margin && x < outerWidth && y < outerHeight + margin
    }

    /// Activates the widget as a key press would ("clicked" on a button).
    @discardableResult
    public func activate() -> Bool { gtk_widget_activate(widget) != 0 }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// Adds a GtkEventController (key, click, shortcut, …); the widget takes
    /// its own reference.
    public func addHandler(_ controller: EventHandler) {
        lb_widget_add_controller(gobject, controller.gobject)
    }

    /// Activates an action by its detailed name, looking it up from this
    /// widget outwards (its window, then the application).
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        gtk_widget_activate_action_variant(widget, name, nil) != 0
    }

    /// Activates an action that takes a string ("win.rate" with "4").
    @discardableResult
    public func activateAction(_ name: String, target: String) -> Bool {
        gtk_widget_activate_action_variant(widget, name, g_variant_new_string(target)) != 0
    }
}
