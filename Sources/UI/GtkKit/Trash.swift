import CGtkShim
import FilePaths

/// The desktop trash: GIO moves files in; restoring reads the trash's info
/// files (freedesktop trash specification), which needs no gvfs. Both calls
/// do file I/O: call them off the main thread.
public enum Trash {
    /// Moves the file at `path` to the trash.
    public static func trash(path: String) throws(GtkError) {
        var error: UnsafeMutablePointer<GError>?
        if path.withPathCString({ lb_file_trash($0, &error) }) == 0 { throw GtkError(consuming: error) }
    }

    /// Puts back the most recently trashed file that came from `path`.
    public static func restore(path: String) throws(GtkError) {
        var error: UnsafeMutablePointer<GError>?
        if path.withPathCString({ lb_trash_restore($0, &error) }) == 0 { throw GtkError(consuming: error) }
    }
}
