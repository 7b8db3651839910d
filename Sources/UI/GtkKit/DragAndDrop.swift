import CGtkShim
import FilePaths

/// Dragging files out of a widget (GtkDragSource). The files are asked
/// for when a drag starts, so they are those of that moment (a selection,
/// say); other applications receive them as a GdkFileList and as
/// text/uri-list.
@MainActor
public final class FileDragSource: EventHandler {
    public init() {
        super.init(lb_drag_source_new(), transfer: .full)
    }

    /// `paths(x, y)` answers the files dragged from that point; an empty
    /// answer starts no drag.
    public func onPrepare(_ paths: @escaping @MainActor (Double, Double) -> [String]) {
        connect("prepare") { args in
            let files = paths(args.double(1), args.double(2))
            guard !files.isEmpty else { return }
            let provider = withPathArray(files) { lb_files_content_provider_new($0, 0) }
            lb_return_object(args.returnValue, provider)
        }
    }
}

/// Files dropped on a widget (GtkDropTarget for a GdkFileList), as local
/// paths; dropped files are copied from, never moved. Drags that started
/// in this application are refused (a photo dragged out of a grid and let
/// go over its own window is not a request to open it).
@MainActor
public final class FileDropTarget: EventHandler {
    public init() {
        super.init(lb_drop_target_new_files(), transfer: .full)
    }

    /// `body(paths)` answers whether it took the drop.
    public func onDrop(_ body: @escaping @MainActor ([String]) -> Bool) {
        // The target is read from the signal: its wrapper may be gone (the
        // widget keeps the controller, not the wrapper).
        connect("drop") { args in
            guard let target = args.object(0), lb_drop_target_is_from_this_app(target) == 0 else {
                return args.setReturn(false)
            }
            let paths = consumePathArray(lb_param_dropped_paths(args.params, 1))
            args.setReturn(!paths.isEmpty && body(paths))
        }
    }
}

extension Widget {
    /// Puts files on the clipboard, as file managers copy them: pasting
    /// in one copies the files.
    public func copyToClipboard(files paths: [String]) {
        withPathArray(paths) { lb_clipboard_set_files(gobject, $0) }
    }

    public func copyToClipboard(text: String) {
        lb_clipboard_set_text(gobject, text)
    }
}
