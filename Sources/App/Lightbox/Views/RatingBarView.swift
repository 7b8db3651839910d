import GtkKit
import Localization

/// Five star toggle buttons, "Rate 1 star" … "Rate 5 stars". The stars up
/// to the rating are filled and pressed, so a screen reader says on each
/// whether the photo has that many; pressing the current rating again
/// clears it.
@MainActor
final class RatingBarView {
    let root = Box(.horizontal, spacing: 0)
    private var buttons: [ToggleButton] = []
    private var rating = 0
    enum Intent {
        /// The person chose a rating (0 clears).
        case rate(Int)
    }

    var onIntent: (Intent) -> Void = { _ in }

    init() {
        // Translators: the name of the five star buttons that rate a photo.
        root.setAccessibleLabel(tr("Rating"))
        for stars in 1...5 {
            // Translators: a star button that gives the photo this many stars.
            let name = trn("Rate {count} star", "Rate {count} stars", count: stars)
            let button = ToggleButton(iconName: "non-starred-symbolic", accessibleLabel: name, keys: "\(stars)")
            button.onClicked { [weak self] in
                guard let self else { return }
                self.onIntent(.rate(self.rating == stars ? 0 : stars))
            }
            buttons.append(button)
            root.append(button)
        }
    }

    /// How many stars show as pressed.
    var pressedStars: Int { buttons.filter(\.isActive).count }

    func render(_ rating: Int) {
        self.rating = rating
        for (index, button) in buttons.enumerated() {
            let filled = index < rating  // none for a rejected photo (-1)
            button.iconName = filled ? "starred-symbolic" : "non-starred-symbolic"
            // Clicking toggled it; the rating decides.
            button.isActive = filled
            button.setCssClass("rated", filled)
        }
        root.setAccessibleDescription(RatingText.spoken(rating))
    }
}
