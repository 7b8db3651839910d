import CGtkShim

/// The desktop's appearance preferences.
public enum Appearance {
    /// Follows the desktop's light or dark preference (the Settings
    /// portal's color-scheme) and its high contrast preference, now and
    /// whenever one changes. Without a portal, the theme stays as it is.
    @MainActor
    public static func followDesktop() {
        lb_appearance_watch({ _, scheme, highContrast in
            // 1 asks for dark; 0 (no preference) and 2 (light) for the default variant.
            lb_appearance_apply(scheme == 1 ? 1 : 0, highContrast)
        }, nil)
    }

    /// Dark or light, with GTK's high contrast theme or the desktop's.
    @MainActor
    public static func apply(dark: Bool, highContrast: Bool) {
        lb_appearance_apply(dark ? 1 : 0, highContrast ? 1 : 0)
    }

    /// GTK's settings, whose `gtk-application-prefer-dark-theme` and
    /// `gtk-theme-name` `apply` sets (tests watch them: each set makes GTK
    /// load its theme again).
    @MainActor
    package static var gtkSettings: Object? {
        gtk_settings_get_default().map { Object(lb_object(UnsafeMutableRawPointer($0)), transfer: .none) }
    }

    /// The theme GTK draws with now ("Default-hc" while high contrast is on).
    @MainActor
    public static var themeName: String? {
        guard let name = lb_appearance_theme_name() else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }
}
