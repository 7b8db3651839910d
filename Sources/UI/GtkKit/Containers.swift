import CGtkShim

/// A GtkSpinner.
@MainActor
public final class Spinner: Widget {
    public init() { super.init(lb_object(gtk_spinner_new()), transfer: .full) }

    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(lb_spinner(gobject)) != 0 }
        set { gtk_spinner_set_spinning(lb_spinner(gobject), newValue ? 1 : 0) }
    }
}

/// A GtkProgressBar: a fraction when the amount of work is known, else a
/// block that moves a step each time `pulse()` is called. Assistive
/// technologies read it as a progress bar with its value.
@MainActor
public final class ProgressBar: Widget {
    public init() { super.init(lb_object(gtk_progress_bar_new()), transfer: .full) }

    private var bar: OpaquePointer { lb_progress_bar(gobject) }

    /// 0…1 (clamped).
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(bar) }
        set { gtk_progress_bar_set_fraction(bar, min(1, max(0, newValue))) }
    }

    /// Shows that work goes on without saying how much is left.
    public func pulse() { gtk_progress_bar_pulse(bar) }
}

/// A GtkScrolledWindow.
@MainActor
public final class ScrolledWindow: Widget {
    public init(child: Widget? = nil) {
        super.init(lb_object(gtk_scrolled_window_new()), transfer: .full)
        if let child { setChild(child) }
    }

    private var scrolled: OpaquePointer { lb_scrolled_window(gobject) }

    public func setChild(_ child: Widget?) { gtk_scrolled_window_set_child(scrolled, child?.widget) }

    public func disableHorizontalScrolling() {
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// A row that scrolls sideways only, as tall as its content and no
    /// wider than it is given: its content's width never widens a window.
    public func scrollHorizontallyOnly() {
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
    }

    /// Scrolls to the end of a sideways row (its last part in view).
    public func scrollToHorizontalEnd() {
        let adjustment = gtk_scrolled_window_get_hadjustment(scrolled)
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    }

    /// The vertical scroll position, in pixels from the top.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(scrolled)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scrolled), newValue) }
    }

    /// Called whenever the content scrolls vertically.
    @discardableResult
    public func onScroll(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        // The adjustment lives as long as the scrolled window.
        let adjustment = Object(lb_scrolled_window_vadjustment(gobject), transfer: .none)
        adjustments.append(adjustment)
        return adjustment.connect("value-changed") { _ in body() }
    }

    private var adjustments: [Object] = []

    /// The largest vertical offset the content allows.
    public var verticalRange: Double {
        let adjustment = gtk_scrolled_window_get_vadjustment(scrolled)
        return gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    }

    /// The horizontal scroll position, in pixels from the left.
    public var horizontalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_hadjustment(scrolled)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(scrolled), newValue) }
    }

    /// The size of the part of the content on show.
    public var visibleSize: (width: Double, height: Double) {
        (gtk_adjustment_get_page_size(gtk_scrolled_window_get_hadjustment(scrolled)),
         gtk_adjustment_get_page_size(gtk_scrolled_window_get_vadjustment(scrolled)))
    }

    /// The size of the content (at least the visible size).
    public var contentSize: (width: Double, height: Double) {
        (gtk_adjustment_get_upper(gtk_scrolled_window_get_hadjustment(scrolled)),
         gtk_adjustment_get_upper(gtk_scrolled_window_get_vadjustment(scrolled)))
    }
}

/// A GtkOverlay: a main child with widgets floating over it.
@MainActor
public final class Overlay: Widget {
    public init(child: Widget? = nil) {
        super.init(lb_object(gtk_overlay_new()), transfer: .full)
        // Unnamed, it reads as "GtkOverlay filler" on the way to the focus.
        setAccessibleLabel("")
        if let child { setChild(child) }
    }

    public func setChild(_ child: Widget?) { gtk_overlay_set_child(lb_overlay(gobject), child?.widget) }
    public func addOverlay(_ widget: Widget) { gtk_overlay_add_overlay(lb_overlay(gobject), widget.widget) }
}

/// A GtkRevealer: shows and hides its child with a transition.
@MainActor
public final class Revealer: Widget {
    public enum Transition: Sendable { case crossfade, slideDown, slideUp, slideLeft, slideRight }

    /// GtkRevealer measures its child when concealed too (to size the
    /// transition), so every label in a window's hidden bars and panels was
    /// shaped at each layout, start-up's first among them. A concealed
    /// child is hidden as well, once its transition has ended, and shown
    /// again as it is revealed.

    public init(child: Widget? = nil, transition: Transition = .slideDown) {
        super.init(lb_object(gtk_revealer_new()), transfer: .full)
        let type: GtkRevealerTransitionType = switch transition {
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        case .slideLeft: GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT
        case .slideRight: GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT
        }
        gtk_revealer_set_transition_type(lb_revealer(gobject), type)
        if let child { setChild(child) }
        onNotify("child-revealed") { [weak self] in self?.hideConcealedChild() }
    }

    public func setChild(_ child: Widget?) {
        gtk_revealer_set_child(lb_revealer(gobject), child?.widget)
        child?.isVisible = revealsChild
    }

    /// The child as GTK holds it (the views keep their wrappers).
    private var child: UnsafeMutablePointer<GtkWidget>? { gtk_revealer_get_child(lb_revealer(gobject)) }

    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(lb_revealer(gobject)) != 0 }
        set {
            if newValue, let child { gtk_widget_set_visible(child, 1) }
            gtk_revealer_set_reveal_child(lb_revealer(gobject), newValue ? 1 : 0)
            // Without a transition (not mapped, animations off) it has ended.
            hideConcealedChild()
        }
    }

    /// Reveals or conceals the child at once, without the transition. A
    /// concealing child keeps its room for the transition's length, and a
    /// window made narrower than its content then needs is made wider again
    /// by GTK: the room should go with the size that made it go.
    public func setRevealsChild(_ reveals: Bool, animated: Bool) {
        guard !animated, reveals != revealsChild else {
            revealsChild = reveals
            return
        }
        let duration = gtk_revealer_get_transition_duration(lb_revealer(gobject))
        gtk_revealer_set_transition_duration(lb_revealer(gobject), 0)
        revealsChild = reveals
        gtk_revealer_set_transition_duration(lb_revealer(gobject), duration)
    }

    /// Whether the child shows, its transition ended.
    public var childRevealed: Bool { gtk_revealer_get_child_revealed(lb_revealer(gobject)) != 0 }

    private func hideConcealedChild() {
        guard let child, !revealsChild, !childRevealed else { return }
        gtk_widget_set_visible(child, 0)
    }
}

/// A GtkStack: one named child visible at a time.
@MainActor
public final class Stack: Widget {
    public init(crossfade: Bool = true) {
        super.init(lb_object(gtk_stack_new()), transfer: .full)
        if crossfade { gtk_stack_set_transition_type(lb_stack(gobject), GTK_STACK_TRANSITION_TYPE_CROSSFADE) }
    }

    public func add(_ child: Widget, name: String) {
        let page = gtk_stack_add_named(lb_stack(gobject), child.widget, name)
        // An unnamed page reads as "GtkStackPage panel" before whatever
        // takes the focus inside it; an empty name makes it a plain
        // container that screen readers pass over.
        if let page { lb_accessible_set_label(lb_object(UnsafeMutableRawPointer(page)), "") }
    }

    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(lb_stack(gobject)).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(lb_stack(gobject), newValue) } }
    }

    /// Shows the child named `name`, with the stack's transition or
    /// (`animated: false`) at once.
    public func show(_ name: String, animated: Bool) {
        let transition = animated ? gtk_stack_get_transition_type(lb_stack(gobject)) : GTK_STACK_TRANSITION_TYPE_NONE
        gtk_stack_set_visible_child_full(lb_stack(gobject), name, transition)
    }
}
