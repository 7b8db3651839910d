import GtkKit
import LightboxCore
import Localization

/// One grid cell: the thumbnail, the title and the rating. Cells are
/// recycled: `show` binds a photo, `clear` unbinds it.
///
/// Screen readers read the widget GTK wraps each cell in (it takes the
/// focus), not the cell's own: that one gets the photo's title as its name
/// and "Rated 3 stars, 4 of 19" (or why there is no thumbnail) as its
/// description.
@MainActor
final class PhotoCellView {
    /// The thumbnail's edge, in logical pixels (the grid's zoom level).
    private(set) var thumbnailSize: Int

    let root = Box(.vertical, spacing: 4)
    /// The thumbnail, or a placeholder icon: one widget for both keeps
    /// cells light (GTK 4.8 builds ~130 of them at once).
    private let picture = Picture()
    /// What the picture shows: thumbnails and placeholders swap inside it
    /// without the cell being laid out again.
    private var frame: FramePaintable
    private let title = Label()
    private let stars = Label()
    private(set) var path: String?
    /// Why the thumbnail could not be made, while this photo is shown.
    private var failure: String?
    private var rating = 0
    /// "RAW+JPEG" for a pair shown as one photo, beside the stars and in
    /// the description.
    private var pairMark: String?
    /// The colour label: a coloured edge under the thumbnail (the cell's
    /// CSS class), and "Red label" in the description.
    private var label: ColorLabel?
    /// The file name, said and shown beside the stars when a title is
    /// shown in its place.
    private var titledFileName: String?
    /// "4 of 19": where the photo is in the grid.
    private var place = ""
    /// GTK's cell widget, which the focus lands on (found once shown).
    private var focusable: Widget?
    /// The files a drag from this cell carries, given its photo's path.
    var filesToDrag: (String) -> [String] = { [$0] }
    private let dragSource = FileDragSource()

    init(thumbnailSize: Int = GridZoom.standard.points) {
        self.thumbnailSize = thumbnailSize
        frame = FramePaintable(width: thumbnailSize, height: thumbnailSize)
        root.addCssClass("photo-cell")
        root.setMargins(6)
        picture.fit = .scaleDown
        picture.canShrink = true
        picture.setSizeRequest(width: thumbnailSize, height: thumbnailSize)
        picture.addCssClass("thumbnail")
        picture.setFrame(frame)
        title.ellipsizes = true
        title.maxWidthChars = Self.titleChars(thumbnailSize)
        stars.addCssClass("rating")
        stars.addCssClass("dim-label")
        [picture, title, stars].forEach(root.append)
        // Asked for when shown: setting ~130 tooltips as a grid fills cost
        // GTK an X round trip each.
        root.setTooltipProvider { [weak self] in self?.shownTooltip }
        dragSource.onPrepare { [weak self] _, _ in
            guard let self, let path = self.path else { return [] }
            return self.filesToDrag(path)
        }
        root.addHandler(dragSource)
    }

    /// Shows `photo` (again, after a change such as a new rating) at
    /// `position` (from 0) of `count` photos.
    func show(_ photo: Photo, at position: Int, of count: Int) {
        if photo.path != path { failure = nil }
        path = photo.path
        rating = photo.rating
        if focusable == nil { focusable = root.parent }
        if title.text != photo.title {
            title.text = photo.title
            focusable?.setAccessibleLabel(photo.title)
        }
        pairMark = Self.pairMark(of: photo)
        titledFileName = photo.tags.title == nil ? nil : photo.fileName
        // In the stars' label: one widget more in every cell would cost
        // every grid's first frame.
        stars.text = [RatingText.stars(photo.rating), pairMark, titledFileName].compactMap { $0 }
            .filter { !$0.isEmpty }.joined(separator: "  ")
        root.setCssClass("rejected", photo.isRejected)
        if photo.tags.label != label {
            if let label { root.setCssClass("label-\(label.rawValue.lowercased())", false) }
            label = photo.tags.label
            if let label { root.setCssClass("label-\(label.rawValue.lowercased())", true) }
        }
        move(to: position, of: count)
    }

    /// What a RAW+JPEG (or RAW+HEIF) pair is called on its cell.
    private static func pairMark(of photo: Photo) -> String? {
        guard photo.raw != nil else { return nil }
        let heif = ["heic", "heif", "hif"].contains(String(photo.path.split(separator: ".").last ?? "").lowercased())
        // Translators: the mark on a grid cell that shows a camera's RAW file and its JPEG (or HEIF) as one photo.
        return heif ? tr("RAW+HEIF") : tr("RAW+JPEG")
    }

    /// Shows thumbnails `points` wide from now on; what it shows stays (a
    /// thumbnail of the old size, shrunk or small) until the next comes.
    func resize(to points: Int) {
        guard points != thumbnailSize else { return }
        thumbnailSize = points
        let content = frame.content
        frame = FramePaintable(width: points, height: points)
        frame.content = content
        picture.setFrame(frame)
        picture.setSizeRequest(width: points, height: points)
        title.maxWidthChars = Self.titleChars(points)
    }

    /// A title as wide as its thumbnail, about.
    private static func titleChars(_ points: Int) -> Int { max(10, points / 10) }

    /// The stars under the title ("★★★☆☆"; empty when unrated).
    var ratingText: String { stars.text }
    /// Whether a thumbnail (not a placeholder) is on show.
    private(set) var showsThumbnail = false

    /// "12 selected", said after the place while this cell has the focus.
    var selectionNote: String? {
        didSet { if selectionNote != oldValue { describe() } }
    }

    /// Whether the keyboard focus is on this cell.
    var hasFocus: Bool { focusable?.containsFocus ?? false }

    /// Moves the keyboard focus to this cell.
    func takeFocus() { focusable?.grabFocus() }

    /// The photo stays; its place in the grid changed.
    func move(to position: Int, of count: Int) {
        place = RatingText.place(position, of: count)
        describe()
    }

    /// The description says the rating, or why there is no thumbnail, and
    /// the place; the tooltip says the first under the title.
    private func describe() {
        var detail = failure ?? RatingText.spoken(rating)
        for mark in [label?.spoken, pairMark, titledFileName].compactMap({ $0 }) {
            // Translators: a photo's rating, then more about it: "Rated 3 stars, RAW+JPEG", "Rated 3 stars, Red label".
            detail = tr("{rating}, {kind}", ["rating": detail, "kind": mark])
        }
        let described = RatingText.withPlace(detail, place)
        let description = selectionNote.map {
            // Translators: a photo's description, then how many photos are selected: "Rated 3 stars, 4 of 19. 12 selected".
            tr("{description}. {selection}", ["description": described, "selection": $0])
        } ?? described
        // Each change costs accessibility events: only what changed is set.
        guard description != shownDescription else { return }
        shownDescription = description
        shownTooltip = "\(title.text)\n\(detail)"
        focusable?.setAccessibleDescription(description)
    }

    private var shownTooltip: String?
    private var shownDescription: String?

    func showThumbnail(_ texture: Texture) {
        frame.content = texture
        showsThumbnail = true
    }

    /// A placeholder while the thumbnail is made.
    func showLoading(_ placeholder: Placeholders) {
        frame.content = placeholder.loading
        showsThumbnail = false
    }

    /// The thumbnail could not be made: a placeholder and the reason.
    func showFailure(_ reason: String, _ placeholder: Placeholders) {
        frame.content = placeholder.missing
        showsThumbnail = false
        failure = reason
        describe()
    }

    func clear() {
        path = nil
        failure = nil
        frame.content = nil
        showsThumbnail = false
    }
}

/// How ratings read.
enum RatingText {
    /// "★★★☆☆", "Rejected", or empty when unrated.
    static func stars(_ rating: Int) -> String {
        switch rating {
        // Translators: shown under a rejected photo's thumbnail, instead of its stars.
        case Photo.rejected: tr("Rejected")
        case 1...5: String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating)
        default: ""
        }
    }

    /// "Rated 3 stars", "Rejected", "Not rated".
    static func spoken(_ rating: Int) -> String {
        switch rating {
        // Translators: a photo's state, said by screen readers and shown as a subtitle.
        case Photo.rejected: tr("Rejected")
        case 1...5: trn("Rated {count} star", "Rated {count} stars", count: rating)
        default: tr("Not rated")
        }
    }

    /// "4 of 19": where a photo is (`position` from 0) among `count`.
    static func place(_ position: Int, of count: Int) -> String {
        // Translators: where a photo is in the list it belongs to, said after its rating: "4 of 19".
        trn("{position} of {count}", "{position} of {count}", count: count, ["position": position + 1])
    }

    /// "Rated 3 stars, 2 of 19"; a sentence (a failure's reason) keeps its
    /// full stop: "The file is empty. 2 of 19".
    static func withPlace(_ detail: String, _ place: String) -> String {
        guard !place.isEmpty else { return detail }
        return detail.hasSuffix(".")
            // Translators: a sentence about a photo (why it cannot be shown), then where it is: "The file is empty. 2 of 19".
            ? tr("{sentence} {place}", ["sentence": detail, "place": place])
            // Translators: a photo's rating, then where it is: "Rated 3 stars, 2 of 19" (or "…, left" in Compare).
            : tr("{rating}, {place}", ["rating": detail, "place": place])
    }
}

/// The icons cells show instead of a thumbnail, drawn once in the grid's
/// colours and dimmed: they stand in for a photo. Asking a new cell for its
/// colour would make GTK work out the cell's style there and then.
@MainActor
struct Placeholders {
    let loading: Texture?
    let missing: Texture?

    init(colorOf widget: Widget) {
        loading = Texture.icon("image-x-generic-symbolic", size: 48, opacity: 0.45, colorOf: widget)
        missing = Texture.icon("image-missing-symbolic", size: 48, opacity: 0.45, colorOf: widget)
    }
}
