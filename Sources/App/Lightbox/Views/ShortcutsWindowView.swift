import GtkKit

/// The Keyboard Shortcuts window: the keys `Keyboard` binds, by group. GTK
/// 4.8 builds a shortcuts window only from a description, all at once, so
/// what it lists is given when it is made, and stays; it has no `render`.
/// Closing it hides it, to show again as it was.
@MainActor
final class ShortcutsWindowView {
    enum Effect {
        /// Shows it, as a dialog of the window the person used last.
        case present
    }

    let window: ShortcutsWindow
    private let application: Application

    init(application: Application, groups: [ShortcutGroup]) {
        self.application = application
        window = ShortcutsWindow(groups: groups)
        window.hidesOnClose = true
    }

    func perform(_ effect: Effect) {
        switch effect {
        case .present:
            window.setTransientForActiveWindow(of: application)
            window.present()
        }
    }
}
