import Localization

/// Facts about Lightbox itself.
public enum AppInfo {
    public static let id = "org.lightboxphotos.Lightbox"
    public static let name = "Lightbox" // untranslated: the program's name
    public static let executable = "lightbox"
    public static let version = "0.1.0"
    /// One line about the program, for the About window.
    public static var summary: String { tr("Browse and rate your photos") }
    public static let website = "https://lightboxphotos.org"
}
