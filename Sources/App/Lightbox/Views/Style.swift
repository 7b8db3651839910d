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
        .photo-osd { background-color: rgba(0, 0, 0, 0.65); color: white; border-radius: 9999px; padding: 4px;
                     border: 1px solid rgba(255, 255, 255, 0.12); }
        .photo-osd button, button.photo-osd { color: white; background: none; border: none; box-shadow: none;
                                              min-width: 36px; min-height: 36px; padding: 0; border-radius: 9999px; }
        button.photo-osd { background-color: rgba(0, 0, 0, 0.65); min-width: 48px; min-height: 48px;
                           border: 1px solid rgba(255, 255, 255, 0.12); }
        .photo-osd button:hover { background-color: rgba(255, 255, 255, 0.15); }
        button.photo-osd:hover { background-color: rgba(0, 0, 0, 0.8); }
        .photo-osd button:active, .photo-osd button:checked { background-color: rgba(255, 255, 255, 0.28); }
        .photo-osd button.reject:checked { background-color: #c01c28; }
        .photo-osd button:focus-visible, button.photo-osd:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.85);
                                                                         outline-offset: -2px; }
        .photo-osd button.rated image { color: #f6d32d; }
        picture.histogram-overlay { background-color: rgba(0, 0, 0, 0.65); border-radius: 12px; padding: 8px; }
        """)
    }
}
