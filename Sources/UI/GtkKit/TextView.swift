import CGtkShim

/// A multi-line text editor (GtkTextView over its own GtkTextBuffer).
/// Tab moves the focus on, as in any form field.
@MainActor
public final class TextView: Widget {
    private let buffer: Object

    public init(accessibleLabel: String) {
        let view = gtk_text_view_new()!
        buffer = Object(lb_object(gtk_text_view_get_buffer(lb_text_view(lb_object(view)))), transfer: .none)
        super.init(lb_object(view), transfer: .full)
        gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(textView, 0)
        setAccessibleLabel(accessibleLabel)
    }

    private var textView: UnsafeMutablePointer<GtkTextView> { lb_text_view(gobject) }
    private var textBuffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView) }

    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(textBuffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(textBuffer, &start, &end, 0) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set {
            // Setting the same text would move the cursor and emit "changed".
            if newValue != text { gtk_text_buffer_set_text(textBuffer, newValue, -1) }
        }
    }

    /// Space around the text inside the view, in pixels.
    public func setTextMargins(_ margin: Int) {
        gtk_text_view_set_left_margin(textView, Int32(margin))
        gtk_text_view_set_right_margin(textView, Int32(margin))
        gtk_text_view_set_top_margin(textView, Int32(margin))
        gtk_text_view_set_bottom_margin(textView, Int32(margin))
    }

    /// Called after every edit with the new text.
    @discardableResult
    public func onChanged(_ body: @escaping @MainActor (String) -> Void) -> SignalConnection {
        buffer.connect("changed") { [weak self] _ in
            if let self { body(self.text) }
        }
    }
}
