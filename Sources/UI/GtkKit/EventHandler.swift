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
