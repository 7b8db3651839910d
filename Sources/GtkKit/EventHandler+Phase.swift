import CGtkShim

extension EventHandler {
    /// Handles events on their way down to the focused widget (capture
    /// phase) instead of on their way back up, so that a focused entry
    /// cannot swallow a window's Escape first.
    public func handleBeforeChildren() {
        gtk_event_controller_set_propagation_phase(lb_event_controller(gobject), GTK_PHASE_CAPTURE)
    }
}
