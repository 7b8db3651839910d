import GtkKit

/// Five star buttons, "Rate 1 star" … "Rate 5 stars". The stars up to the
/// rating are filled; pressing the current rating again clears it.
@MainActor
final class RatingBarView {
    let root = Box(.horizontal, spacing: 0)
    private var buttons: [Button] = []
    private var rating = 0
    /// The person chose a rating (0 clears).
    var onRate: (Int) -> Void = { _ in }

    init() {
        root.addCssClass("linked")
        root.setAccessibleLabel("Rating")
        for stars in 1...5 {
            let name = stars == 1 ? "Rate 1 star" : "Rate \(stars) stars"
            let button = Button(iconName: "non-starred-symbolic", accessibleLabel: name, tooltip: "\(name) (\(stars))")
            button.onClicked { [weak self] in
                guard let self else { return }
                self.onRate(self.rating == stars ? 0 : stars)
            }
            buttons.append(button)
            root.append(button)
        }
    }

    func render(_ rating: Int) {
        self.rating = rating
        for (index, button) in buttons.enumerated() {
            let filled = index < rating
            button.iconName = filled ? "starred-symbolic" : "non-starred-symbolic"
            button.setCssClass("rated", filled)
        }
        root.setAccessibleDescription(RatingText.spoken(rating))
    }
}
