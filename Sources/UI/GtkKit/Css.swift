import CGtkShim

/// Application-wide CSS.
@MainActor
public enum Css {
    /// Loads `css` for every widget on the default display, above the
    /// theme. Call after GTK is initialized (in startup).
    public static func load(_ css: String) {
        let provider = lb_css_provider_new()!
        gtk_css_provider_load_from_data(lb_css_provider(provider), css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), lb_style_provider(provider),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
