import CGtkShim
import FilePaths
import Localization

/// "Open With…": the applications for a file's type, in a window of its
/// own. GTK's GtkAppChooserDialog would record the choice as the type's
/// last used application; this one uses it once and remembers nothing.
@MainActor
public final class OpenWithDialog: Window {
    private let chooser: Widget
    // Translators: opens the photos in the chosen application (Open With… window).
    private let openButton = Button(label: tr("_Open"))
    private var completion: (@MainActor (ApplicationInfo?) -> Void)?
    /// Itself, while shown: the caller need not keep the wrapper, whose
    /// handlers answer.
    private var keepAlive: OpenWithDialog?

    /// Offers the applications for the type of the file named `path`.
    public init(path: String, parent: Window?) {
        chooser = Widget(path.withPathCString { lb_app_chooser_widget_new($0) }, transfer: .full)
        super.init()
        // Translators: the title of the window choosing an application to open photos with.
        title = tr("Open With")
        isModal = true
        setTransientFor(parent)
        defaultSize = (420, 480)
        gtk_window_set_destroy_with_parent(window, 1)
        let header = HeaderBar()
        let cancel = Button(label: tr("_Cancel"))
        openButton.addCssClass("suggested-action")
        header.packStart(cancel)
        header.packEnd(openButton)
        header.showsTitleButtons = false
        setTitlebar(header)
        chooser.vexpand = true
        // Translators: the accessible name of the list of applications in the Open With window.
        chooser.setAccessibleLabel(tr("Applications"))
        setChild(chooser)
        setDefaultWidget(openButton)
        openButton.isSensitive = selectedApp != nil
        cancel.onClicked { [weak self] in self?.finish(nil) }
        openButton.onClicked { [weak self] in self?.finish(self?.selectedApp) }
        chooser.connect("application-selected") { [weak self] _ in self?.openButton.isSensitive = true }
        chooser.connect("application-activated") { [weak self] _ in self?.finish(self?.selectedApp) }
        onCloseRequest { [weak self] in
            self?.finish(nil, closing: false)
            return false
        }
        let keys = KeyPressHandler()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard key == "Escape", modifiers.isEmpty else { return false }
            self?.finish(nil)
            return true
        }
        addHandler(keys)
    }

    private var selectedApp: ApplicationInfo? {
        lb_app_chooser_get_app(chooser.gobject).map { ApplicationInfo($0) }
    }

    /// Shows the window; `completion` gets the chosen application, or nil
    /// when the person cancelled. The window closes itself.
    public func present(_ completion: @escaping @MainActor (ApplicationInfo?) -> Void) {
        self.completion = completion
        keepAlive = self
        // The list selects the type's default application as it fills.
        openButton.isSensitive = selectedApp != nil
        present()
    }

    private func finish(_ app: ApplicationInfo?, closing: Bool = true) {
        guard let completion else { return }
        self.completion = nil
        keepAlive = nil
        if closing { destroy() }
        completion(app)
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
        let launched = withPathArray(paths) { lb_app_info_launch(gobject, $0, widget.gobject, &error) }
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
            withPathArray(paths) { array in
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
