import CGtkShim

/// A single-line text entry (GtkEntry), or a search entry.
@MainActor
public class Entry: Widget {
    public init(accessibleLabel: String, placeholder: String? = nil) {
        super.init(lb_object(gtk_entry_new()), transfer: .full)
        setAccessibleLabel(accessibleLabel)
        if let placeholder { gtk_entry_set_placeholder_text(lb_entry(gobject), placeholder) }
    }

    package override init(_ gobject: UnsafeMutablePointer<GObject>, transfer: Transfer) {
        super.init(gobject, transfer: transfer)
    }

    private var editable: OpaquePointer { lb_editable(gobject) }

    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        set {
            // Setting the same text would move the cursor and emit "changed".
            if newValue != text { gtk_editable_set_text(editable, newValue) }
        }
    }

    public func setEmailPurpose() {
        gtk_entry_set_input_purpose(lb_entry(gobject), GTK_INPUT_PURPOSE_EMAIL)
    }

    /// Called after every edit with the new text.
    @discardableResult
    public func onChanged(_ body: @escaping @MainActor (String) -> Void) -> SignalConnection {
        connect("changed") { [weak self] _ in
            if let self { body(self.text) }
        }
    }

    /// Called when the person presses Enter in the entry.
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate") { _ in body() }
    }
}

/// A GtkSearchEntry: an entry with a search icon, a clear button and a
/// short delay before "search-changed".
@MainActor
public final class SearchEntry: Entry {
    public init(accessibleLabel: String, placeholder: String) {
        super.init(lb_object(gtk_search_entry_new()), transfer: .full)
        setAccessibleLabel(accessibleLabel)
        lb_object_set_string(gobject, "placeholder-text", placeholder)
    }

    @discardableResult
    public func onSearchChanged(_ body: @escaping @MainActor (String) -> Void) -> SignalConnection {
        connect("search-changed") { [weak self] _ in
            if let self { body(self.text) }
        }
    }

    /// Escape in the entry: the search is over.
    @discardableResult
    public func onStopSearch(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("stop-search") { _ in body() }
    }

}
