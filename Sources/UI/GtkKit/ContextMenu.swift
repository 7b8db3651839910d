import CGtkShim

/// A menu that opens over a widget where the person asks for it: a
/// context menu (a GtkPopoverMenu of a `Menu`, without an arrow). Its
/// items name actions, found from the widget outwards (its window's, the
/// application's). It lives as long as the widget it opens over, which
/// keeps it; the keyboard focus is inside it while it is open.
@MainActor
public final class PopoverMenu: Widget {
    /// - Parameters:
    ///   - accessibleLabel: what screen readers call the menu ("Photos"
    ///     is read "Photos menu").
    ///   - parent: the widget it opens over, in whose coordinates it is placed.
    public init(menu: Menu, accessibleLabel: String, over parent: Widget) {
        super.init(lb_popover_menu_new(menu.gobject, parent.gobject, accessibleLabel), transfer: .full)
    }

    /// Shows `menu` from now on (a menu whose items depend on what it
    /// acts on is set as it opens).
    public func setMenu(_ menu: Menu) { lb_popover_menu_set_menu(gobject, menu.gobject) }

    /// Opens the menu pointing at the rectangle (the point a pointer
    /// pressed, or the item the keyboard is on), in its parent's coordinates.
    public func popup(pointingAt x: Double, _ y: Double, width: Double = 1, height: Double = 1) {
        lb_popover_popup_at(gobject, x, y, width, height)
    }

    public func popdown() { gtk_popover_popdown(lb_popover(gobject)) }

    /// Whether the menu is open.
    public var isOpen: Bool { isVisible }

    /// Called each time the menu closes: an item was chosen, or Escape or
    /// a click elsewhere closed it.
    @discardableResult
    public func onClosed(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("closed") { _ in body() }
    }
}

/// Presses of the secondary button: a right click (GtkGestureClick).
@MainActor
public final class SecondaryClickHandler: EventHandler {
    public init() { super.init(lb_secondary_click_gesture_new(), transfer: .full) }

    /// `body(x, y)`, relative to the widget, as the button goes down (as
    /// GNOME's file browsers open their context menus): it opens a menu
    /// there. The press goes to no other handler.
    public func onPress(_ body: @escaping @MainActor (Double, Double) -> Void) {
        // The wrapper may be gone while the gesture lives on in its
        // widget: the gesture is the signal's first argument.
        connect("pressed") { args in
            body(args.double(2), args.double(3))
            if let gesture = args.object(0) { lb_gesture_finish(gesture) }
        }
    }
}

/// A finger held in place on a touch screen (GtkGestureLongPress), the
/// touch screen's right click. A held mouse button is left to drags.
@MainActor
public final class LongPressHandler: EventHandler {
    public init() { super.init(lb_long_press_gesture_new(), transfer: .full) }

    /// `body(x, y)`, relative to the widget, once the finger has been
    /// held long enough, opens a menu there.
    public func onPress(_ body: @escaping @MainActor (Double, Double) -> Void) {
        connect("pressed") { args in
            body(args.double(1), args.double(2))
            if let gesture = args.object(0) { lb_gesture_finish(gesture) }
        }
    }
}

extension KeyPressHandler {
    /// Whether a key opens the context menu of what has the focus: the
    /// Menu key, or Shift+F10 on keyboards without one (as in every GTK
    /// and GNOME application).
    nonisolated public static func opensContextMenu(_ key: String, _ modifiers: Modifiers) -> Bool {
        (key == "Menu" && modifiers.isEmpty) || (key == "F10" && modifiers == .shift)
    }
}
