import CGtkShim
import FilePaths

/// The clipboard of a widget's display, read for files a file manager
/// copied or cut, to paste them. (Putting files and text on it is
/// `Widget.copyToClipboard`.)
@MainActor
public final class Clipboard: Object {
    /// Files on the clipboard: their paths (local files only), and whether
    /// they were cut, which asks for them to be moved where they are pasted.
    public struct Files: Equatable, Sendable {
        public let paths: [String]
        public let isCut: Bool

        public init(paths: [String], isCut: Bool) {
            self.paths = paths
            self.isCut = isCut
        }
    }

    private var connections: [SignalConnection] = []

    public init(of widget: Widget) {
        super.init(lb_widget_clipboard(widget.gobject), transfer: .none)
    }

    /// The display's clipboard lives as long as the application: what
    /// listened to it through this wrapper stops with it.
    isolated deinit {
        connections.forEach { $0.disconnect() }
    }

    /// Whether the clipboard offers files (as file managers copy them).
    public var hasFiles: Bool { lb_clipboard_has_files(gobject) != 0 }

    /// Called when what the clipboard holds changes, in this application
    /// or another.
    public func onChanged(_ body: @escaping @MainActor () -> Void) {
        connections.append(connect("changed") { _ in body() })
    }

    /// The files on the clipboard; nil when it holds none, or could not
    /// be read (its owner did not answer).
    public func files() async -> Files? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Files?, Never>) in
            let box = Unmanaged.passRetained(FilesBox(continuation)).toOpaque()
            lb_clipboard_read_files(gobject, { data, paths, cut in
                let box = Unmanaged<FilesBox>.fromOpaque(data!).takeRetainedValue()
                let read = consumePathArray(paths)
                box.continuation.resume(returning: read.isEmpty ? nil : Files(paths: read, isCut: cut != 0))
            }, box)
        }
    }
}

private final class FilesBox {
    let continuation: CheckedContinuation<Clipboard.Files?, Never>
    init(_ continuation: CheckedContinuation<Clipboard.Files?, Never>) { self.continuation = continuation }
}
