import CGtkShim

/// The desktop's appearance preferences.
public enum Appearance {
    /// Follows the desktop's light or dark preference (the Settings
    /// portal's color-scheme), now and whenever it changes. Without a
    /// portal, the theme's own variant stays.
    @MainActor
    public static func followDesktopColorScheme() {
        lb_color_scheme_watch({ _, scheme in
            // 1 asks for dark; 0 (no preference) and 2 (light) for the default variant.
            lb_set_prefer_dark(scheme == 1 ? 1 : 0)
        }, nil)
    }
}
