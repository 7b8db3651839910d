import CGtkShim

/// Scrolling over a widget (GtkEventControllerScroll, vertical).
@MainActor
public final class ScrollHandler: EventHandler {
    public init() { super.init(lb_scroll_controller_new(), transfer: .full) }

    /// `body(dy, modifiers)`: dy is in wheel steps (fractions on a touchpad),
    /// positive downwards; returns whether it handled the scroll (else the
    /// widget scrolls as usual).
    public func onScroll(_ body: @escaping @MainActor (Double, KeyPressHandler.Modifiers) -> Bool) {
        // The wrapper may be gone while the controller lives on in its
        // widget: the controller is the signal's first argument.
        connect("scroll") { args in
            let modifiers = KeyPressHandler.Modifiers(rawValue: lb_event_controller_modifiers(args.object(0)))
                .intersection([.shift, .control, .alt])
            args.setReturn(body(args.double(2), modifiers))
        }
    }
}

/// Where the pointer is over a widget (GtkEventControllerMotion).
@MainActor
public final class PointerHandler: EventHandler {
    public init() { super.init(lb_motion_controller_new(), transfer: .full) }

    /// `body(x, y)` as the pointer moves, relative to the widget.
    public func onMove(_ body: @escaping @MainActor (Double, Double) -> Void) {
        connect("motion") { args in body(args.double(1), args.double(2)) }
    }
}

/// A two-finger pinch (GtkGestureZoom).
@MainActor
public final class PinchHandler: EventHandler {
    public init() { super.init(lb_zoom_gesture_new(), transfer: .full) }

    /// `body(scale, centreX, centreY)`: the scale since the pinch began
    /// (1 at its start), and where the fingers are, relative to the widget.
    public func onScale(_ body: @escaping @MainActor (Double, Double, Double) -> Void) {
        connect("scale-changed") { args in
            var x = 0.0, y = 0.0
            _ = lb_gesture_center(args.object(0), &x, &y)
            body(args.double(1), x, y)
        }
    }

    public func onBegin(_ body: @escaping @MainActor () -> Void) {
        connect("begin") { _ in body() }
    }
}

/// Press, move and release (GtkGestureDrag): panning.
@MainActor
public final class DragHandler: EventHandler {
    public init() { super.init(lb_drag_gesture_new(), transfer: .full) }

    public func onBegin(_ body: @escaping @MainActor () -> Void) {
        connect("drag-begin") { _ in body() }
    }

    /// `body(dx, dy)`: how far the pointer moved since the drag began.
    public func onUpdate(_ body: @escaping @MainActor (Double, Double) -> Void) {
        connect("drag-update") { args in body(args.double(1), args.double(2)) }
    }
}

/// A mouse's Back and Forward buttons (8 and 9) over a widget, as
/// browsers and file managers go back and forward with them.
@MainActor
public final class BackForwardHandler: EventHandler {
    public init() { super.init(lb_back_forward_gesture_new(), transfer: .full) }

    /// `body(forward)`: false for Back, true for Forward.
    public func onPress(_ body: @escaping @MainActor (Bool) -> Void) {
        connect("pressed") { args in
            let button = lb_gesture_current_button(args.object(0))
            if button == 8 || button == 9 { body(button == 9) }
        }
    }
}

/// Presses of the first button (GtkGestureClick).
@MainActor
public final class ClickHandler: EventHandler {
    public init() { super.init(lb_click_gesture_new(), transfer: .full) }

    /// `body(count, x, y)`: 1 for a press, 2 for the second of a double
    /// press, relative to the widget.
    public func onPress(_ body: @escaping @MainActor (Int, Double, Double) -> Void) {
        connect("pressed") { args in body(args.int(1), args.double(2), args.double(3)) }
    }
}
