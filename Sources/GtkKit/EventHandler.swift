import CGtkShim

/// An input handler: a GtkEventController attached to a widget with
/// `Widget.addHandler`.
@MainActor
public class EventHandler: Object {}

/// Key presses on a widget (GtkEventControllerKey).
@MainActor
public final class KeyPressHandler: EventHandler {
    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
        public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
        public static let alt = Modifiers(rawValue: GDK_ALT_MASK.rawValue)
    }

    public init() {
        super.init(lb_key_controller_new(), transfer: .full)
    }

    /// `body(keyName, modifiers)` returns whether it handled the key.
    /// Key names are GDK's ("Left", "Return", "plus", "1", …).
    public func onKeyPressed(_ body: @escaping @MainActor (String, Modifiers) -> Bool) {
        connect("key-pressed") { args in
            let name = gdk_keyval_name(UInt32(args.uint(1))).map { String(cString: $0) } ?? ""
            let modifiers = Modifiers(rawValue: args.flags(3))
                .intersection([.shift, .control, .alt])
            args.setReturn(body(name, modifiers))
        }
    }
}

/// Keyboard shortcuts that activate named actions while focus is inside a
/// widget (GtkShortcutController, local scope).
@MainActor
public final class ShortcutHandler: EventHandler {
    public init() { super.init(lb_shortcut_controller_new(), transfer: .full) }

    /// `trigger` is GTK's syntax ("<Control>f", "Delete", "F11").
    public func add(_ trigger: String, action: String) {
        lb_shortcut_controller_add(gobject, trigger, action)
    }
}

/// Clicks on a widget (GtkGestureClick).
@MainActor
public final class ClickHandler: EventHandler {
    public init() {
        super.init(lb_click_gesture_new(), transfer: .full)
    }

    /// `body(count)` runs on each press; count is 2 on a double click.
    public func onPressed(_ body: @escaping @MainActor (Int) -> Void) {
        connect("pressed") { args in body(args.int(1)) }
    }
}
