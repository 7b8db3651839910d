/// A notice at the bottom of a window: a sentence, perhaps a button, and
/// how long it stays. Which notice, and for how long, is decided here in
/// the core (a failure stays longer than a success); the window only shows
/// it.
public struct Notice: Equatable, Sendable {
    /// What the notice's button does; the window labels it.
    public enum Button: Equatable, Sendable {
        /// Puts back what was just done (a trash).
        case undo
        /// Stops the job under way.
        case cancel
    }

    public let text: String
    public let button: Button?
    /// How long it shows, unless another notice takes its place first.
    public let seconds: Double

    package init(_ text: String, button: Button? = nil, seconds: Double = 8) {
        self.text = text
        self.button = button
        self.seconds = seconds
    }
}
