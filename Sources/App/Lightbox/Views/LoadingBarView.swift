import GtkKit
import LightboxCore
import Localization

/// The bar that shows a folder scan's progress while the grid already
/// shows what was found.
@MainActor
final class LoadingBarView {
    let root: Revealer
    /// A progress bar, not a spinner: it says how far reading has come,
    /// and draws only when the progress changes.
    private let bar = ProgressBar()
    private let label = Label()

    init() {
        bar.valign = .center
        bar.setSizeRequest(width: 120, height: -1)
        bar.setAccessibleLabelledBy(label)
        let box = Box(.horizontal, spacing: 10, [label, bar])
        box.addCssClass("loading-bar")
        box.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        root = Revealer(child: box, transition: .crossfade)
        root.halign = .start
        root.valign = .end
        root.setMargins(12)
        box.setAccessibleLabel(tr("Loading progress"))
    }

    var text: String { label.text }

    func render(_ progress: LoadProgress?) {
        guard let progress else {
            root.revealsChild = false
            return
        }
        root.revealsChild = true
        if let fraction = progress.fraction, progress.metadataTotal > 0 {
            // Translators: a folder's loading progress; {percent} is a whole number from 0 to 100.
            label.text = tr("Reading photo details… {percent}%", ["percent": Int(fraction * 100)])
            bar.fraction = fraction
        } else {
            // Translators: a folder's loading progress: how many photos were found so far.
            label.text = trn("Scanning… {count} found", "Scanning… {count} found", count: progress.found)
            bar.pulse()
        }
    }
}
