import CGtkShim

/// Widgets that fade in and out over what is beneath them, as a photo
/// viewer's controls do over the photo.
extension Widget {
    /// How opaque the widget is drawn, its children with it: 0 (not seen)
    /// to 1. A transparent widget keeps its place, still takes the keyboard
    /// focus and is still in the accessibility tree.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    /// Fades the widget to `opacity` over `duration` seconds (at once when
    /// it is not on screen or the desktop turned animations off).
    public func fade(to opacity: Double, duration: Double = 0.2) {
        lb_widget_fade(gobject, opacity, UInt32(max(0, duration) * 1000))
    }

    /// Whether the pointer acts on the widget and what is inside it; when
    /// false, clicks, scrolling and hovering go to what is beneath it.
    public var takesPointer: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }
}

extension Overlay {
    /// Keeps `child`, an overlay at the bottom, in the middle while it
    /// clears `neighbour` (an overlay at the bottom's end, added before
    /// it) by `gap` pixels, and as near the middle as clears it when the
    /// overlay is narrow: the two never cover each other while they fit.
    public func keepCentred(_ child: Widget, clearOf neighbour: Widget, gap: Int) {
        lb_overlay_keep_centred_clear_of(gobject, child.gobject, neighbour.gobject, Int32(gap))
    }
}

extension PointerHandler {
    /// The pointer came over the widget (or one inside it).
    public func onEnter(_ body: @escaping @MainActor () -> Void) {
        connect("enter") { _ in body() }
    }

    /// The pointer left the widget and everything inside it.
    public func onLeave(_ body: @escaping @MainActor () -> Void) {
        connect("leave") { _ in body() }
    }
}

extension FocusHandler {
    /// The keyboard focus came into the widget, or onto one inside it.
    public func onEnter(_ body: @escaping @MainActor () -> Void) {
        connect("enter") { _ in body() }
    }
}

extension Window {
    /// Called when the window goes to full screen or leaves it.
    @discardableResult
    public func onFullscreenChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("fullscreened", body)
    }
}
