import CGtkShim

/// "Open With…": GTK's application chooser for a file's type. The choice
/// is used once; nothing is set as the type's default.
@MainActor
public final class OpenWithDialog: Window {
    private var responseConnection: SignalConnection?

    /// Offers the applications for the type of the file at `path`.
    public init(path: String, parent: Window?) {
        super.init(lb_app_chooser_dialog_new(parent?.gobject, path), transfer: .none)
    }

    /// Shows the dialog; `completion` gets the chosen application, or nil
    /// when the person cancelled. The dialog closes itself.
    public func present(_ completion: @escaping @MainActor (ApplicationInfo?) -> Void) {
        // The closure keeps the wrapper (and the dialog) until the answer.
        responseConnection = connect("response") { [self] args in
            self.responseConnection?.disconnect()
            self.responseConnection = nil
            let accepted = Int32(args.int(1)) == GTK_RESPONSE_OK.rawValue
            let app = accepted ? lb_app_chooser_get_app(self.gobject).map { ApplicationInfo($0) } : nil
            gtk_window_destroy(lb_window(self.gobject))
            completion(app)
        }
        present()
    }
}

/// An installed application (GAppInfo).
@MainActor
public final class ApplicationInfo: Object {
    init(_ app: UnsafeMutablePointer<GObject>) { super.init(app, transfer: .full) }

    public var name: String { String(cString: lb_app_info_name(gobject)) }

    /// Starts the application with the files at `paths`; `widget` gives
    /// the display (and so the startup notification).
    public func launch(_ paths: [String], on widget: Widget) throws(GtkError) {
        var error: UnsafeMutablePointer<GError>?
        let launched = withCStringArray(paths) { lb_app_info_launch(gobject, $0, widget.gobject, &error) }
        if launched == 0 { throw GtkError(consuming: error) }
    }
}

/// The desktop's file manager, over its D-Bus interface.
public enum FileManagerWindow {
    /// Opens the file manager with `paths` selected in their folder; throws
    /// why not when no file manager answers.
    public static func show(_ paths: [String]) async throws(GtkError) {
        let error = await withCheckedContinuation { (continuation: CheckedContinuation<GtkError?, Never>) in
            let box = Unmanaged.passRetained(ContinuationBox(continuation)).toOpaque()
            withCStringArray(paths) { array in
                lb_show_in_file_manager(array, nil, { data, error in
                    let box = Unmanaged<ContinuationBox>.fromOpaque(data!).takeRetainedValue()
                    box.continuation.resume(returning: error.map { GtkError(consuming: $0) })
                }, box)
            }
        }
        if let error { throw error }
    }
}

private final class ContinuationBox {
    let continuation: CheckedContinuation<GtkError?, Never>
    init(_ continuation: CheckedContinuation<GtkError?, Never>) { self.continuation = continuation }
}
