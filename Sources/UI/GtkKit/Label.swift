import CGtkShim

/// A GtkLabel. Text is always plain text: file names and user input are
/// never interpreted as Pango markup.
@MainActor
public final class Label: Widget {
    public init(_ text: String = "") {
        super.init(lb_object(gtk_label_new(text)), transfer: .full)
    }

    private var label: OpaquePointer { lb_label(gobject) }

    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }

    public var wraps: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        set {
            gtk_label_set_wrap(label, newValue ? 1 : 0)
            gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        }
    }

    /// Ellipsizes at the end when the text does not fit.
    public var ellipsizes: Bool {
        get { gtk_label_get_ellipsize(label) != PANGO_ELLIPSIZE_NONE }
        set { gtk_label_set_ellipsize(label, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
    }

    public var xalign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    public var justifyCenter: Bool {
        get { gtk_label_get_justify(label) == GTK_JUSTIFY_CENTER }
        set { gtk_label_set_justify(label, newValue ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT) }
    }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }

    public var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(label)) }
        set { gtk_label_set_max_width_chars(label, Int32(newValue)) }
    }

}
