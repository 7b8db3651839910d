import GtkKit
import LightboxCore
import Localization

/// How the preferences window looks: where ratings go, as three choices
/// with what each means, and why a choice could not be saved.
@MainActor
final class PreferencesWindowView {
    /// The window speaks its logic's intents (PreferencesLogic.Intent).
    typealias Intent = PreferencesLogic.Intent

    var onIntent: (Intent) -> Void = { _ in }

    let window: ApplicationWindow
    private var choices: [(storage: RatingStorage, button: CheckButton)] = []
    private let pairs = CheckButton(label: tr("Show RAW and JPEG of one shot as one photo"))
    let problemLabel = Label()

    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.title = tr("Preferences")
        window.defaultSize = (480, 360)
        // Translators: the heading of the choices of where a photo's rating is written.
        let heading = Label(tr("Where ratings are kept"))
        heading.addCssClass("heading")
        heading.xalign = 0
        let box = Box(.vertical, spacing: 6, [heading])
        box.setMargins(24)
        var first: CheckButton?
        for storage in RatingStorage.allCases {
            let button = CheckButton(label: storage.title)
            let hint = Self.hint(storage)
            button.setAccessibleDescription(hint)
            if let first { button.join(first) } else { first = button }
            button.onChosen { [weak self] in self?.onIntent(.ratingStorage(storage)) }
            let detail = Label(hint)
            detail.addCssClass("dim-label")
            detail.wraps = true
            detail.xalign = 0
            detail.setMargins(top: 0, bottom: 6, start: 28, end: 0)
            box.append(button)
            box.append(detail)
            choices.append((storage, button))
        }
        // Translators: the heading of the choices of how the photos of a folder are listed.
        let listing = Label(tr("Photos"))
        listing.addCssClass("heading")
        listing.xalign = 0
        listing.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        // Translators: what showing a RAW file and its JPEG as one photo means.
        let pairsHint = Label(tr("A camera’s RAW file and the JPEG or HEIC it saved beside it show as one photo; ratings, rejects, the trash, Copy to and Move to act on both files."))
        pairsHint.addCssClass("dim-label")
        pairsHint.wraps = true
        pairsHint.xalign = 0
        pairsHint.setMargins(top: 0, bottom: 6, start: 28, end: 0)
        pairs.setAccessibleDescription(pairsHint.text)
        pairs.onToggled { [weak self] on in self?.onIntent(.pairRawAndJPEG(on)) }
        box.append(listing)
        box.append(pairs)
        box.append(pairsHint)
        problemLabel.addCssClass("profile-problem")
        problemLabel.wraps = true
        problemLabel.xalign = 0
        problemLabel.isVisible = false
        box.append(problemLabel)
        window.setTitlebar(HeaderBar())
        window.setChild(box)
        window.addAction(Action(ActionNames.closeWindow) { [weak self] in self?.window.close() })
        window.addAction(Action(ActionNames.escape) { [weak self] in self?.window.close() })
        // The choice in force takes the focus: Tab and the arrows go on from it.
        window.onMap { [weak self] in
            self?.choices.first { $0.button.isActive }?.button.grabFocus()
        }
        window.onCloseRequest { [weak self] in
            self?.onIntent(.close)
            return false
        }
    }

    /// What a choice means, in a sentence (README's "Ratings" says more).
    private static func hint(_ storage: RatingStorage) -> String {
        switch storage {
        // Translators: what it means to keep ratings in the photo files ("them": the ratings).
        case .photoFiles: tr("Other photo apps see them. A file Lightbox cannot change gets a sidecar file beside it.")
        case .sidecarsOnly: tr("Photos are never changed; an .xmp file beside each rated photo holds its rating.")
        case .lightboxOnly: tr("Nothing beside your photos changes; other apps do not see these ratings.")
        }
    }

    /// The choice shown now.
    var chosen: RatingStorage? { choices.first { $0.button.isActive }?.storage }

    func render(_ state: PreferencesLogic.State) {
        let preferences: Preferences
        switch state {
        case .presenting(let shown):
            preferences = shown
            problemLabel.isVisible = false
        case .failed(let problem, let shown):
            preferences = shown
            problemLabel.text = problem
            problemLabel.isVisible = true
        }
        for choice in choices { choice.button.show(active: choice.storage == preferences.ratingStorage) }
        pairs.show(active: preferences.pairsRawAndJPEG)
    }
}
