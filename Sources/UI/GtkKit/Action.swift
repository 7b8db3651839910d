import CGtkShim

/// An action's name and whose it is: "app." actions belong to the
/// application, "win." actions to each window that adds one of that name.
/// One value names an action where it is added, and where buttons, menus
/// and accelerators refer to it.
public struct ActionID: Hashable, Sendable {
    public enum Scope: String, Sendable { case app, win }

    public let scope: Scope
    public let name: String

    public static func app(_ name: String) -> ActionID { ActionID(scope: .app, name: name) }
    public static func window(_ name: String) -> ActionID { ActionID(scope: .win, name: name) }

    /// "win.open-folder".
    public var detailed: String { "\(scope.rawValue).\(name)" }

    /// "win.sort-key::name": the action with a string parameter.
    public func detailed(_ target: String) -> String { "\(detailed)::\(target)" }
}

/// A GSimpleAction: something the person can do, reachable from buttons,
/// menus and keyboard accelerators by its name.
@MainActor
public final class Action: Object {
    public let name: String

    /// An action without a parameter.
    public init(_ id: ActionID, _ activate: @escaping @MainActor () -> Void) {
        name = id.name
        super.init(lb_simple_action_new(id.name, nil), transfer: .full)
        connect("activate") { _ in activate() }
    }

    /// An action with a string parameter ("win.rate::4").
    public init(_ id: ActionID, stringParameter activate: @escaping @MainActor (String) -> Void) {
        name = id.name
        super.init(lb_simple_action_new(id.name, "s"), transfer: .full)
        connect("activate") { args in
            if let value = lb_variant_get_string(lb_param_variant(args.params, 1)) {
                activate(String(cString: value))
            }
        }
    }

    /// A stateful radio-style action whose state is a string ("sort" with
    /// state "name"); menus show the current choice.
    public init(_ id: ActionID, state: String, _ change: @escaping @MainActor (String) -> Void) {
        name = id.name
        super.init(lb_stateful_action_new(id.name, "s", state), transfer: .full)
        // The action map keeps the GSimpleAction; this wrapper may be gone
        // by the time it is activated, so the handler holds neither: the
        // emitting instance comes with the signal.
        connect("activate") { args in
            guard let action = args.object(0),
                  let value = lb_variant_get_string(lb_param_variant(args.params, 1)) else { return }
            let choice = String(cString: value)
            lb_action_set_state_string(action, choice)
            change(choice)
        }
    }

    /// An on/off action (a check item in menus), starting `isOn`;
    /// `change` hears each new state.
    public init(_ id: ActionID, isOn: Bool, _ change: @escaping @MainActor (Bool) -> Void) {
        name = id.name
        super.init(lb_toggle_action_new(id.name, isOn ? 1 : 0), transfer: .full)
        connect("activate") { args in
            guard let action = args.object(0) else { return }
            change(lb_toggle_action_flip(action) != 0)
        }
    }

    public var isEnabled: Bool {
        get { g_action_get_enabled(lb_action(gobject)) != 0 }
        set { g_simple_action_set_enabled(lb_simple_action(gobject), newValue ? 1 : 0) }
    }

    /// The state of a stateful string action.
    public var state: String? {
        get {
            guard let variant = g_action_get_state(lb_action(gobject)) else { return nil }
            defer { g_variant_unref(variant) }
            return lb_variant_get_string(variant).map { String(cString: $0) }
        }
        set { if let newValue { lb_action_set_state_string(gobject, newValue) } }
    }

    /// The state of an on/off action.
    public var boolState: Bool? {
        get {
            guard let variant = g_action_get_state(lb_action(gobject)) else { return nil }
            defer { g_variant_unref(variant) }
            return g_variant_is_of_type(variant, lb_variant_type_boolean()) != 0 ? g_variant_get_boolean(variant) != 0 : nil
        }
        set {
            if let newValue { g_simple_action_set_state(lb_simple_action(gobject), g_variant_new_boolean(newValue ? 1 : 0)) }
        }
    }

    public func activate() { g_action_activate(lb_action(gobject), nil) }
}

/// Something actions can be added to: the application ("app.") or an
/// application window ("win.").
@MainActor
public protocol ActionMap: Object {}

extension ActionMap {
    public func addAction(_ action: Action) {
        g_action_map_add_action(lb_action_map(gobject), lb_action(action.gobject))
    }

}
