import CGtkShim

/// The parameters of one signal emission. Index 0 is the emitting instance.
/// Read by position only inside GtkKit: the app gets typed signal methods
/// (`onClicked`, `onActivate { position in }`, …).
@MainActor
package struct SignalArguments {
    let count: UInt32
    let params: UnsafePointer<GValue>
    let returnValue: UnsafeMutablePointer<GValue>?

    package func object(_ index: UInt32) -> UnsafeMutablePointer<GObject>? {
        index < count ? lb_param_object(params, index) : nil
    }

    package func string(_ index: UInt32) -> String? {
        guard index < count, let text = lb_param_string(params, index) else { return nil }
        return String(cString: text)
    }

    package func int(_ index: UInt32) -> Int { index < count ? Int(lb_param_int(params, index)) : 0 }
    package func uint(_ index: UInt32) -> UInt { index < count ? UInt(lb_param_uint(params, index)) : 0 }
    package func double(_ index: UInt32) -> Double { index < count ? lb_param_double(params, index) : 0 }
    package func bool(_ index: UInt32) -> Bool { index < count && lb_param_boolean(params, index) != 0 }
    package func flags(_ index: UInt32) -> UInt32 { index < count ? lb_param_flags(params, index) : 0 }

    /// Sets the handler's return value for signals that return a boolean.
    package func setReturn(_ value: Bool) { lb_return_boolean(returnValue, value ? 1 : 0) }
}

/// A connected signal handler. `disconnect()` removes it; otherwise it lives
/// as long as the object emitting the signal.
@MainActor
public final class SignalConnection {
    private weak var owner: Object?
    private var handlerID: UInt

    init(owner: Object, handlerID: UInt) {
        self.owner = owner
        self.handlerID = handlerID
    }

    public var isConnected: Bool { owner != nil && handlerID != 0 }

    public func disconnect() {
        guard let owner, handlerID != 0 else { return }
        lb_signal_disconnect(owner.gobject, gulong(handlerID))
        handlerID = 0
    }
}

private final class SignalBox {
    let body: @MainActor (SignalArguments) -> Void
    init(_ body: @escaping @MainActor (SignalArguments) -> Void) { self.body = body }
}

extension Object {
    /// Connects `body` to `signal` ("clicked", "notify::label", …). The closure
    /// is released by GLib's destroy notify when the handler is disconnected
    /// or the object is disposed.
    @discardableResult
    package func connect(
        _ signal: String, after: Bool = false,
        _ body: @escaping @MainActor (SignalArguments) -> Void
    ) -> SignalConnection {
        let box = Unmanaged.passRetained(SignalBox(body)).toOpaque()
        let id = lb_signal_connect(gobject, signal, { data, count, params, returnValue in
            guard let data, let params else { return }
            let box = Unmanaged<SignalBox>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated {
                box.body(SignalArguments(count: count, params: params, returnValue: returnValue))
            }
        }, box, { data in
            guard let data else { return }
            Unmanaged<SignalBox>.fromOpaque(data).release()
        }, after ? 1 : 0)
        precondition(id != 0, "\(typeName) has no signal \"\(signal)\"") // untranslated: a programming error
        return SignalConnection(owner: self, handlerID: UInt(id))
    }

    /// Emits a signal that takes no arguments and returns nothing
    /// ("clicked", "activate"), as if the person had done it.
    package func emit(_ signal: String) { lb_signal_emit(gobject, signal) }

    /// Calls `body` whenever the GObject property `property` changes.
    @discardableResult
    package func onNotify(_ property: String, _ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("notify::\(property)") { _ in body() }
    }
}
