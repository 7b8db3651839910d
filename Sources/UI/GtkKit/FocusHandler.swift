import CGtkShim

/// The keyboard focus leaving a widget and everything inside it
/// (GtkEventControllerFocus): a form field commits what was typed when
/// the person moves on, as a field without an OK button must.
@MainActor
public final class FocusHandler: EventHandler {
    public init() {
        super.init(lb_focus_controller_new(), transfer: .full)
    }

    /// Called when the focus leaves the widget, or its window stops being
    /// the one the keyboard types into (GTK tells both the same way).
    public func onLeave(_ body: @escaping @MainActor () -> Void) {
        connect("leave") { _ in body() }
    }
}

extension EventHandler {
    /// Makes the handler see events before the widget it is added to: a
    /// text view's own key handling would otherwise take Ctrl+Enter for a
    /// new line before a handler added after it hears of the key.
    public func handleBeforeWidget() {
        gtk_event_controller_set_propagation_phase(lb_event_controller(gobject), GTK_PHASE_CAPTURE)
    }
}
