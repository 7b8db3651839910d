import Foundation
import GtkKit
import LightboxCore

/// The side panel listing a photo's file and camera details (F9).
@MainActor
final class PropertiesPanelView {
    let root: Revealer
    private let rows = Box(.vertical, spacing: 12)

    init() {
        let scrolled = ScrolledWindow(child: rows)
        scrolled.disableHorizontalScrolling()
        scrolled.setSizeRequest(width: 260, height: -1)
        rows.setMargins(18)
        rows.setAccessibleLabel("Properties")
        root = Revealer(child: scrolled, transition: .slideLeft)
        root.addCssClass("properties")
    }

    var isShown: Bool {
        get { root.revealsChild }
        set { root.revealsChild = newValue }
    }

    func render(_ photo: Photo) {
        while let child = children.popLast() { rows.remove(child) }
        for (name, value) in PropertiesPanelView.details(of: photo) {
            let title = Label(name)
            title.addCssClass("dim-label")
            title.addCssClass("caption")
            title.xalign = 0
            let text = Label(value)
            text.xalign = 0
            text.wraps = true
            text.isSelectable = true
            text.setAccessibleLabel("\(name): \(value)")
            let row = Box(.vertical, spacing: 2, [title, text])
            rows.append(row)
            children.append(row)
        }
    }

    private var children: [Box] = []

    static func details(of photo: Photo) -> [(String, String)] {
        var details: [(String, String)] = [("File", photo.fileName)]
        details.append(("Folder", (photo.path as NSString).deletingLastPathComponent))
        details.append(("Size", ByteCountFormatter.string(fromByteCount: photo.fileSize, countStyle: .file)))
        let dates = DateFormatter()
        dates.dateStyle = .medium
        dates.timeStyle = .short
        details.append(("Date Taken", dates.string(from: photo.dateTaken)))
        guard let metadata = photo.metadata else { return details }
        if metadata.pixelWidth > 0 {
            details.append(("Dimensions", "\(metadata.pixelWidth) × \(metadata.pixelHeight) pixels"))
        }
        if let camera = metadata.camera { details.append(("Camera", camera)) }
        if let exposure = metadata.exposure { details.append(("Exposure", exposure)) }
        if let fNumber = metadata.fNumber { details.append(("Aperture", String(format: "ƒ/%.1f", fNumber))) }
        if let focal = metadata.focalLength { details.append(("Focal Length", String(format: "%.0f mm", focal))) }
        if let iso = metadata.iso { details.append(("ISO", "\(iso)")) }
        return details
    }
}
