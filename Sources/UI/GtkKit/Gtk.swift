import CGtkShim

/// GTK itself.
@MainActor
public enum Gtk {
    /// Initializes GTK for code that runs without `Application.run` (tests,
    /// tools). Returns false when no display can be opened. Idempotent.
    @discardableResult
    public static func initialize() -> Bool {
        MainLoop.installDispatchBridge()
        return gtk_init_check() != 0
    }

    /// Number of toplevel windows GTK knows of (destroyed ones excluded).
    public static var toplevelCount: Int { Int(lb_toplevel_count()) }

    /// Device pixels per logical pixel on the densest monitor (2 on most
    /// HiDPI screens; 1 without a display).
    public static var largestScaleFactor: Int { Int(lb_display_largest_scale_factor()) }

    /// Adds a folder of icon themes (holding `hicolor/…`) to those GTK
    /// looks icons up in.
    public static func addIconSearchPath(_ path: String) {
        guard let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), path)
    }

    /// Whether windows lay out from right to left, as GTK decides from the
    /// language of its own translations (Arabic, Hebrew, …).
    public static var isRightToLeft: Bool { gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL }

    /// The longest side of the largest monitor in device pixels: the most
    /// a full-screen window shows of a photo (0 without a display).
    public static var largestMonitorSide: Int { Int(lb_display_largest_monitor_side()) }
}
