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
        .photo-cell.label-red .thumbnail { box-shadow: inset 0 -5px #e01b24; }
        .photo-cell.label-yellow .thumbnail { box-shadow: inset 0 -5px #f6d32d; }
        .photo-cell.label-green .thumbnail { box-shadow: inset 0 -5px #33d17a; }
        .photo-cell.label-blue .thumbnail { box-shadow: inset 0 -5px #3584e4; }
        .photo-cell.label-purple .thumbnail { box-shadow: inset 0 -5px #9141ac; }
        .color-label.red { color: #e01b24; }
        .color-label.yellow { color: #e5a50a; }
        .color-label.green { color: #2ec27e; }
        .color-label.blue { color: #3584e4; }
        .color-label.purple { color: #9141ac; }
        .search-bar { border-bottom: 1px solid alpha(currentColor, 0.15); }
        .toast { background-color: rgba(36, 36, 36, 0.95); color: white; border-radius: 9999px; }
        .toast button { color: white; }
        .loading-bar { background-color: @theme_bg_color; border-radius: 9999px;
                       box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); }
        .properties { border-left: 1px solid alpha(currentColor, 0.15); }
        """)
    }
}
