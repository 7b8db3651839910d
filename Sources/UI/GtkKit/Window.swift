import CGtkShim

/// A GtkWindow. GTK keeps every toplevel alive until it is destroyed; the
/// wrapper holds one more reference, so the window is finalized once it is
/// destroyed and its wrapper is gone.
@MainActor
public class Window: Widget {
    public init() {
        super.init(lb_object(gtk_window_new()), transfer: .none)
        lb_texture_drawing_follow(gobject)
    }

    package override init(_ gobject: UnsafeMutablePointer<GObject>, transfer: Transfer) {
        super.init(gobject, transfer: transfer)
    }

    var window: UnsafeMutablePointer<GtkWindow> { lb_window(gobject) }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setChild(_ child: Widget?) { gtk_window_set_child(window, child?.widget) }
    public func setTitlebar(_ titlebar: Widget?) { gtk_window_set_titlebar(window, titlebar?.widget) }

    public var defaultSize: (width: Int, height: Int) {
        get {
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(window, &width, &height)
            return (Int(width), Int(height))
        }
        set { gtk_window_set_default_size(window, Int32(newValue.width), Int32(newValue.height)) }
    }

    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
    public var isFullscreen: Bool { gtk_window_is_fullscreen(window) != 0 }
    public var isActive: Bool { gtk_window_is_active(window) != 0 }

    public func maximize() { gtk_window_maximize(window) }
    public func fullscreen() { gtk_window_fullscreen(window) }
    public func unfullscreen() { gtk_window_unfullscreen(window) }

    public func setTransientFor(_ parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }

    /// Puts this window over the window of `application` the person used
    /// last, as a dialog of it; on its own when the application has none.
    public func setTransientForActiveWindow(of application: Application) {
        gtk_window_set_transient_for(window, gtk_application_get_active_window(application.application))
    }

    public var isModal: Bool {
        get { gtk_window_get_modal(window) != 0 }
        set { gtk_window_set_modal(window, newValue ? 1 : 0) }
    }

    public var hidesOnClose: Bool {
        get { gtk_window_get_hide_on_close(window) != 0 }
        set { gtk_window_set_hide_on_close(window, newValue ? 1 : 0) }
    }

    /// Called each time the window becomes the active one (the one the
    /// keyboard types into).
    public func onActivated(_ body: @escaping @MainActor () -> Void) {
        onNotify("is-active") { [weak self] in
            if self?.isActive == true { body() }
        }
    }

    /// Keeps the screen from blanking (GtkApplication's idle inhibition,
    /// through the session manager or the portal) until `allowIdle` with
    /// the answer; 0 when nothing could inhibit it.
    public func inhibitIdle(reason: String) -> UInt32 {
        guard let application = gtk_window_get_application(window) else { return 0 }
        return gtk_application_inhibit(application, window, GTK_APPLICATION_INHIBIT_IDLE, reason)
    }

    public func allowIdle(_ cookie: UInt32) {
        guard cookie != 0, let application = gtk_window_get_application(window) else { return }
        gtk_application_uninhibit(application, cookie)
    }

    /// Called each time the keyboard focus moves to another widget.
    public func onFocusChanged(_ body: @escaping @MainActor () -> Void) {
        onNotify("focus-widget", body)
    }

    /// Takes the keyboard focus off every widget of the window.
    public func clearFocus() { gtk_window_set_focus(window, nil) }

    /// The widget with the keyboard focus in this window, if any.
    public var focusedWidget: Widget? {
        gtk_window_get_focus(window).map { Widget(lb_object($0), transfer: .none) }
    }

    public func setDefaultWidget(_ widget: Widget?) { gtk_window_set_default_widget(window, widget?.widget) }

    public func present() { gtk_window_present(window) }

    /// Asks the window to close, as the close button does ("close-request"
    /// handlers may refuse).
    public func close() { gtk_window_close(window) }

    /// Destroys the window now, without asking.
    public func destroy() { gtk_window_destroy(window) }

    /// Called when the window's size may have changed: its default size
    /// (the person resized it), or it was maximized or made full screen.
    public func onResize(_ body: @escaping @MainActor () -> Void) {
        for property in ["default-width", "maximized", "fullscreened"] { onNotify(property, body) }
    }

    /// Called when the person or `close()` asks the window to close. Return
    /// `true` to keep the window open.
    @discardableResult
    public func onCloseRequest(_ body: @escaping @MainActor () -> Bool) -> SignalConnection {
        connect("close-request") { args in args.setReturn(body()) }
    }
}

extension Widget {
    /// Called once, after the next frame showing this widget is painted.
    public func onNextPaint(_ body: @escaping @MainActor () -> Void) {
        FrameBox.call(body) { lb_widget_on_next_paint(gobject, $0, $1) }
    }

    /// Called once, in the next frame, once widgets have their new sizes
    /// and before anything is drawn: the moment to scroll to a place in
    /// content whose size just changed, with no frame showing the jump.
    public func afterNextLayout(_ body: @escaping @MainActor () -> Void) {
        FrameBox.call(body) { lb_widget_after_next_layout(gobject, $0, $1) }
    }
}

/// A closure handed to a one-shot frame callback of the shim, which calls
/// it once on the main thread and lets it go.
final class FrameBox {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }

    /// Gives `body` to `register` as a C callback and its data.
    @MainActor
    static func call(_ body: @escaping @MainActor () -> Void,
                     register: (LbFrameCallback, UnsafeMutableRawPointer) -> Void) {
        register({ data in
            guard let data else { return }
            let box = Unmanaged<FrameBox>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { box.body() }
        }, Unmanaged.passRetained(FrameBox(body)).toOpaque())
    }
}

/// A GtkApplicationWindow: a window that belongs to the application and
/// has its own "win." action group.
@MainActor
public final class ApplicationWindow: Window, ActionMap {
    public init(application: Application) {
        super.init(lb_object(gtk_application_window_new(application.application)), transfer: .none)
        lb_texture_drawing_follow(gobject)
    }

    public var id: UInt { UInt(gtk_application_window_get_id(lb_application_window(gobject))) }
}
