/// The Keyboard Shortcuts window's controller: it has nothing to bind (the
/// window only lists keys, and hides when closed), only to present.
@MainActor
final class ShortcutsWindowController {
    private let view: ShortcutsWindowView

    init(view: ShortcutsWindowView) {
        self.view = view
    }

    // MARK: Asked by the flow

    func present() { view.perform(.present) }
}
