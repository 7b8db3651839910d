import GtkKit

/// Lightbox's own CSS, on top of the theme.
@MainActor
enum Style {
    static func load() {
        Css.load("""
        .pill { border-radius: 9999px; padding: 8px 24px; }
        .title-1 { font-size: 20pt; font-weight: 800; }
        """)
    }
}
