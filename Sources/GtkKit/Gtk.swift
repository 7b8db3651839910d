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
}
