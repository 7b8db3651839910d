import FilePaths
import Foundation
import GtkKit
import Imaging
import LightboxCore
import Localization

/// The side panel of a photo window (F9). At its top, what a person
/// decides about the photo and keeps in its XMP: the colour label, a
/// title, a caption and keywords, each editable (`TagFields`,
/// `KeywordEditor`); below, the file's and camera's details, read-only.
/// Edits are reported as intents; the panel shows the photo it is given.
@MainActor
final class PropertiesPanelView {
    /// What the person asks of the photo in the panel.
    enum Intent: Equatable {
        /// A label chosen: the photo gets it, or loses it when it has it.
        case toggleLabel(ColorLabel)
        /// The title or caption, once the person is done typing it ("" takes it away).
        case setTitle(String)
        case setCaption(String)
        /// A keyword typed ("Places|Brittany" for one in a hierarchy) or chosen among those suggested.
        case addKeyword(String)
        case removeKeyword(Keyword)
        /// A keyword is being typed: the keywords to offer are wanted.
        case keywordSuggestionsWanted
        /// Escape in a field: the edit is dropped, and the keyboard goes back to the photo.
        case doneEditing
    }

    var onIntent: (Intent) -> Void = { _ in }

    let root: Revealer
    let tags = TagFields()
    let keywords = KeywordEditor()
    /// What the pixels shown say of the exposure (see ExposureView).
    let exposure = ExposureView()
    private let rows = Box(.vertical, spacing: 12)

    init() {
        PropertiesPanelView.loadStyle()
        rows.addCssClass("properties-details")
        let content = Box(.vertical, spacing: 18, [tags.root, keywords.root, rows, exposure.root])
        content.setMargins(18)
        let scrolled = ScrolledWindow(child: content)
        scrolled.disableHorizontalScrolling()
        scrolled.setSizeRequest(width: 280, height: -1)
        // Translators: the name of the side panel with a photo's details.
        content.setAccessibleLabel(tr("Properties"))
        root = Revealer(child: scrolled, transition: .slideLeft)
        // Its rows expand within it, which GTK would pass up to the panel:
        // the photo takes the window's width, not the panel.
        root.hexpand = false
        root.addCssClass("properties")
        tags.send = { [weak self] intent in self?.onIntent(intent) }
        keywords.send = { [weak self] intent in self?.onIntent(intent) }
    }

    var isShown: Bool {
        get { root.revealsChild }
        set { root.revealsChild = newValue }
    }

    /// Whether the person is typing in one of the panel's text fields: the
    /// window's single-key shortcuts must leave the keys to it.
    var isTyping: Bool { tags.isTyping || keywords.isTyping }

    /// Ctrl+K: the panel shows, the keyboard in its keyword entry.
    func focusKeywordEntry() {
        isShown = true
        keywords.focusEntry()
    }

    /// Sends the title and caption typed and not yet sent: the window is
    /// closing, and its fields will not hear the focus leave them.
    func commitEdits() { tags.commitEdits() }

    /// The panel's own CSS, loaded once: the caption's frame, and the line
    /// between what can be edited and the details.
    private static var isStyleLoaded = false

    private static func loadStyle() {
        guard !isStyleLoaded else { return }
        isStyleLoaded = true
        Css.load("""
        textview.caption-field { border: 1px solid alpha(currentColor, 0.15); border-radius: 6px; }
        .properties-details { border-top: 1px solid alpha(currentColor, 0.15); padding-top: 18px; }
        .keyword-row { min-height: 32px; }
        """)
    }

    /// `origin`: what the pixels shown were made from (a RAW's preview or
    /// its sensor data), said as a detail of its own.
    /// `focus`: where the camera focused, once the photo is presented.
    /// `sharpness`: how sharp it is beside the folder's others, once measured.
    func render(_ photo: Photo, origin: PixelData.Origin = .picture, focus: FocusShown? = nil,
                sharpness: SharpnessRank? = nil) {
        tags.render(photo.tags, of: photo.path)
        keywords.render(photo.tags.keywords, of: photo.path)
        let details = PropertiesPanelView.details(of: photo, origin: origin, focus: focus, sharpness: sharpness)
        guard details != shown else { return }
        shown = details
        while let child = children.popLast() { rows.remove(child) }
        for detail in details {
            let row = Self.row(detail.name, detail.value, selectable: true)
            rows.append(row)
            children.append(row)
        }
    }

    /// A detail as the panel shows it: its name small above its value; a
    /// screen reader reads both ("Camera: Canon EOS R6").
    static func row(_ name: String, _ value: String, selectable: Bool) -> Box {
        let title = Label(name)
        title.addCssClass("dim-label")
        title.addCssClass("caption")
        title.xalign = 0
        let text = Label(value)
        text.xalign = 0
        text.wraps = true
        text.isSelectable = selectable
        // Translators: a photo's detail as a screen reader says it: "Camera: Canon EOS R6".
        text.setAccessibleLabel(tr("{name}: {value}", ["name": name, "value": value]))
        return Box(.vertical, spacing: 2, [title, text])
    }

    private var children: [Box] = []
    private var shown: [Detail] = []

    struct Detail: Equatable {
        let name: String
        let value: String
    }

    static func details(of photo: Photo, origin: PixelData.Origin = .picture, focus: FocusShown? = nil,
                        sharpness: SharpnessRank? = nil) -> [Detail] {
        // Translators: the names of a photo's details, in the properties panel.
        var details: [(String, String)] = [(tr("File"), photo.fileName)]
        if let raw = photo.raw {
            // Translators: a detail in the properties panel: the camera RAW file shown as one photo with this JPEG.
            details.append((tr("RAW File"), (raw as NSString).lastPathComponent.displayablePath))
        }
        // Translators: a detail in the properties panel: what a camera RAW photo is shown from.
        let shownFrom = tr("Shown From")
        switch origin {
        case .picture: break
        // Translators: the value of "Shown From": the preview the camera embedded in its RAW file.
        case .cameraPreview: details.append((shownFrom, tr("The camera’s preview")))
        // Translators: the value of "Shown From": the RAW file's sensor data, developed by Lightbox.
        case .sensorData: details.append((shownFrom, tr("The RAW sensor data")))
        }
        details.append((tr("Folder"), (photo.path as NSString).deletingLastPathComponent))
        details.append((tr("Size"), LocaleFormat.byteCount(photo.fileSize)))
        details.append((tr("Date Taken"), LocaleFormat.dateAndTime(photo.dateTaken)))
        guard let metadata = photo.metadata else { return details.map { Detail(name: $0.0, value: $0.1) } }
        if metadata.pixelWidth > 0 {
            // Translators: a photo's width and height; the plural goes with the height.
            let size = trn("{width} × {count} pixels", "{width} × {count} pixels", count: metadata.pixelHeight,
                           ["width": metadata.pixelWidth])
            details.append((tr("Dimensions"), size))
        }
        if let camera = metadata.camera { details.append((tr("Camera"), camera)) }
        if let exposure = metadata.exposure { details.append((tr("Exposure"), exposure)) }
        if let fNumber = metadata.fNumber {
            // Translators: a photo's aperture, an f-number such as "ƒ/2.8".
            let aperture = tr("ƒ/{number}", ["number": LocaleFormat.decimal(fNumber, digits: 1)])
            details.append((tr("Aperture"), aperture))
        }
        if let focal = metadata.focalLength {
            // Translators: a lens's focal length in millimetres, such as "50 mm".
            let length = tr("{length} mm", ["length": LocaleFormat.decimal(focal, digits: 0)])
            details.append((tr("Focal Length"), length))
        }
        // Translators: a photo's ISO speed (the sensor's sensitivity).
        if let iso = metadata.iso { details.append((tr("ISO"), LocaleFormat.number(iso))) }
        // Translators: a detail in the properties panel: where the camera focused ("Upper left", "Focused by hand").
        if let focus { details.append((tr("Focus Point"), focus.described)) }
        // Translators: a detail in the properties panel: how sharp the photo is beside its folder's others.
        if let sharpness { details.append((tr("Sharpness"), sharpness.described)) }
        return details.map { Detail(name: $0.0, value: $0.1) }
    }
}
