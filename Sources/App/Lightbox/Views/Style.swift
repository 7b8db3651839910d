import GtkKit

/// Lightbox's own CSS, on top of the theme.
@MainActor
enum Style {
    static func load() {
        Css.load("""
        .pill { border-radius: 9999px; padding: 8px 24px; }
        .title-1 { font-size: 20pt; font-weight: 800; }
        .photo-cell .thumbnail { border-radius: 6px; }
        .photo-cell .rating, button.rated image { color: #c88800; }
        .photo-cell.rejected .thumbnail { opacity: 0.4; }
        .search-bar { border-bottom: 1px solid alpha(currentColor, 0.15); }
        .toast { background-color: rgba(36, 36, 36, 0.95); color: white; border-radius: 9999px; }
        .toast button { color: white; }
        .loading-bar { background-color: @theme_bg_color; border-radius: 9999px;
                       box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); }
        .properties { border-left: 1px solid alpha(currentColor, 0.15); }
        """)
    }
}
