import GtkKit
import LightboxCore

/// The bar that shows a folder scan's progress while the grid already
/// shows what was found.
@MainActor
final class LoadingBarView {
    let root: Revealer
    private let spinner = Spinner()
    private let label = Label()

    init() {
        let box = Box(.horizontal, spacing: 8, [spinner, label])
        box.addCssClass("loading-bar")
        box.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        root = Revealer(child: box, transition: .crossfade)
        root.halign = .start
        root.valign = .end
        root.setMargins(12)
        box.setAccessibleLabel("Loading progress")
    }

    var text: String { label.text }

    func render(_ progress: LoadProgress?) {
        guard let progress else {
            spinner.isSpinning = false
            root.revealsChild = false
            return
        }
        spinner.isSpinning = true
        root.revealsChild = true
        let found = PhotoList.grouped(progress.found)
        if let fraction = progress.fraction, progress.metadataTotal > 0 {
            label.text = "Reading photo details… \(Int(fraction * 100))%"
        } else {
            label.text = "Scanning… \(found) found"
        }
    }
}
