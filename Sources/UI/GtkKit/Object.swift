import CGtkShim

/// How a wrapper receives the object a C constructor or getter returned.
public enum Transfer: Sendable {
    /// The caller owns the returned reference (or a floating one, which is sunk).
    case full
    /// The reference belongs to someone else; the wrapper takes its own.
    case none
}

/// A Swift wrapper over one GObject. The wrapper holds exactly one strong
/// reference, taken in `init` (floating references are sunk) and released
/// when the wrapper is deinitialized.
@MainActor
public class Object {
    /// The wrapped instance. Only GtkKit and the shim use it.
    package let gobject: UnsafeMutablePointer<GObject>

    package init(_ gobject: UnsafeMutablePointer<GObject>, transfer: Transfer) {
        self.gobject = gobject
        switch transfer {
        case .full:
            // A floating reference becomes ours; a full one already is.
            if lb_object_is_floating(gobject) != 0 { g_object_ref_sink(gobject) }
        case .none:
            g_object_ref_sink(gobject)
        }
    }

    isolated deinit {
        g_object_unref(gobject)
    }

    /// The GType name of the wrapped instance, e.g. "GtkButton".
    public var typeName: String { String(cString: lb_object_type_name(gobject)) }

    /// Runs `handler` once, when the wrapped object is finalized. Tests use
    /// it to prove that nothing outlives its window.
    public func onFinalize(_ handler: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(FinalizeBox(handler)).toOpaque()
        lb_object_on_finalize(gobject, { data in
            guard let data else { return }
            let box = Unmanaged<FinalizeBox>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { box.handler() }
        }, box)
    }

}

private final class FinalizeBox {
    let handler: @MainActor () -> Void
    init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }
}
