import GtkKit
import LightboxCore

/// The profile's CSS: round avatars, their colours, inline field errors.
@MainActor
enum ProfileStyle {
    private static var isLoaded = false

    /// GNOME palette colours for initials avatars; `Profile.colorIndex`
    /// picks one.
    static let colors = ["#3584e4", "#2190a4", "#3a944a", "#c88800",
                         "#ed5b00", "#e62d42", "#d56199", "#9141ac"]

    /// Loads the CSS once (views call it; GTK must be initialized).
    static func load() {
        guard !isLoaded else { return }
        isLoaded = true
        precondition(colors.count == Profile.colorCount)
        let palette = colors.enumerated().map { index, color in
            ".avatar.avatar-color-\(index) { background-color: \(color); color: white; }"  // untranslated: CSS
        }.joined(separator: "\n")
        Css.load("""
        .avatar { border-radius: 9999px; background-color: alpha(currentColor, 0.1); }
        .avatar label { font-weight: bold; }
        .avatar-24 label { font-size: 10px; }
        .avatar-96 label { font-size: 36px; }
        .avatar-128 label { font-size: 48px; }
        .profile-button { padding: 2px; border-radius: 9999px; min-width: 0; min-height: 0; }
        .field-error { color: @error_color; font-size: smaller; }
        .field-counter { font-size: smaller; }
        .profile-notice { padding: 6px 12px; border-radius: 6px; background-color: alpha(@accent_bg_color, 0.15); }
        .profile-problem { padding: 6px 12px; border-radius: 6px; background-color: alpha(@error_color, 0.15); }
        .profile-about-frame { border: 1px solid alpha(currentColor, 0.15); border-radius: 6px; }
        \(palette)
        """)
    }
}
