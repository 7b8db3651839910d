import GtkKit
import LightboxCore

/// Holds a change back while a pointer button is pressed, and makes it once
/// the button is let go: photos that move under a pointer about to click (or
/// dragging) would have it act on another photo than the one it aimed at.
@MainActor
final class PointerHold {
    /// Whether a button is held (over the window of the widget given at
    /// creation; tests set it).
    var isPressed: () -> Bool

    init(watching widget: Widget) {
        isPressed = { [weak widget] in widget?.isPointerButtonHeld ?? false }
    }
    /// The last change that came while a button was held.
    private var pending: (() -> Void)?
    private var waiting = false
    /// The wait for the button to be let go (ends with this object).
    private let tasks = OwnedTasks()

    /// True when a button is held: `change` is kept (in place of one kept
    /// before) and made once it is let go (or two seconds later, whichever
    /// comes first). False otherwise: the caller
    /// makes its change now, and one kept is dropped as older.
    func postpones(_ change: @escaping () -> Void) -> Bool {
        guard isPressed() else {
            pending = nil
            return false
        }
        pending = change
        guard !waiting else { return true }
        waiting = true
        // GTK says nothing when a button held over another window (or a
        // drag's end) is let go: the pointer's state is looked at instead.
        // Not for longer than a couple of seconds: the X server reports a
        // button held in another application too, and a drop elsewhere can
        // leave the state stale until the pointer comes back.
        let deadline = ContinuousClock.now + .seconds(2)
        tasks.start { [weak self] in
            await Task.yield()
            while let self, self.isPressed(), ContinuousClock.now < deadline {
                try? await Task.sleep(nanoseconds: 30_000_000)
            }
            guard let self else { return }
            self.waiting = false
            let change = self.pending
            self.pending = nil
            change?()
        }
        return true
    }
}
