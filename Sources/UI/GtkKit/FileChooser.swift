import CGtkShim
import FilePaths
import Localization

/// A file chooser (GtkFileChooserNative: the portal's dialog inside a
/// sandbox, GTK's own dialog otherwise).
@MainActor
public final class FileChooser: Object {
    public enum Mode: Sendable { case openFile, selectFolder }

    private var responseConnection: SignalConnection?

    public init(title: String, parent: Window?, mode: Mode, acceptLabel: String) {
        let action = mode == .openFile ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        super.init(lb_file_chooser_native_new(title, parent?.gobject, action, acceptLabel, tr("_Cancel")),
                   transfer: .full)
        gtk_native_dialog_set_modal(lb_native_dialog(gobject), 1)
    }

    /// Limits the choice to images gdk-pixbuf can load.
    public func addImageFilter(name: String) {
        let filter = lb_file_filter_new(name)!
        gtk_file_filter_add_pixbuf_formats(lb_file_filter(filter))
        gtk_file_chooser_add_filter(lb_file_chooser(gobject), lb_file_filter(filter))
        g_object_unref(filter)
    }

    /// Starts in `path` when it is a folder.
    public func setCurrentFolder(path: String) {
        let file = path.withPathCString { lb_file_new_for_path($0) }!
        _ = gtk_file_chooser_set_current_folder(lb_file_chooser(gobject), lb_file(file), nil)
        g_object_unref(file)
    }

    /// Shows the chooser. `completion` gets the chosen path, or nil when the
    /// person cancelled. The chooser keeps itself alive until it answers.
    public func show(_ completion: @escaping @MainActor (String?) -> Void) {
        responseConnection?.disconnect()
        // The closure holds the wrapper (and so the dialog) until the
        // response; disconnecting it afterwards breaks that cycle.
        responseConnection = connect("response") { [self] args in
            let accepted = Int32(args.int(1)) == GTK_RESPONSE_ACCEPT.rawValue
            completion(accepted ? self.chosenPath : nil)
            self.responseConnection?.disconnect()
            self.responseConnection = nil
        }
        gtk_native_dialog_show(lb_native_dialog(gobject))
    }

    public func cancel() { gtk_native_dialog_hide(lb_native_dialog(gobject)) }

    private var chosenPath: String? {
        guard let path = lb_file_chooser_get_path(gobject) else { return nil }
        defer { g_free(path) }
        return String(pathCString: path)
    }
}
