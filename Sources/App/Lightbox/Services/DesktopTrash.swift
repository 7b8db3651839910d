import GtkKit
import LightboxCore

/// The desktop's trash, through GIO (see `GtkKit.Trash`).
struct DesktopTrash: PhotoTrash {
    func trash(path: String) throws(TrashError) {
        do throws(GtkError) { try Trash.trash(path: path) } catch { throw TrashError(message: error.message) }
    }

    func restore(path: String) throws(TrashError) {
        do throws(GtkError) { try Trash.restore(path: path) } catch { throw TrashError(message: error.message) }
    }
}
