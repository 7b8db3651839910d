/// The hidden copy a rating write makes beside a photo
/// (".IMG_0001.JPG.lightbox-PID-XXXXXX"), which replaces the photo once
/// written and checked. Watching the folder sees it come and go.
enum RatingTemporary {
    /// Whether `path` names such a copy.
    static func isTemporary(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.hasPrefix(".") && name.contains(".lightbox-")
    }
}
