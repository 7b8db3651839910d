/// Facts about Lightbox itself.
public enum AppInfo {
    public static let id = "org.lightboxphotos.Lightbox"
    public static let name = "Lightbox"
    public static let executable = "lightbox"
    public static let version = "0.1.0"
    public static let summary = "Browse and rate your photos"
    public static let website = "https://lightboxphotos.org"
}
