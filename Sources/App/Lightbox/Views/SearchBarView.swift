import GtkKit
import Localization

/// The search bar under a main window's header: an entry that slides in
/// with Ctrl+F and out with Escape (which empties it).
@MainActor
final class SearchBarView {
    enum Intent {
        /// The text to search for changed (after GTK's short typing pause).
        case search(String)
        /// Enter: open the first photo found.
        case openFirstFound
        /// The bar closed (Escape); the focus goes back to the content.
        case closed
    }

    var onIntent: (Intent) -> Void = { _ in }

    let root: Revealer
    private let entry = SearchEntry(accessibleLabel: tr("Search Photos"), placeholder: tr("Search photos by title"))
    /// Focused before it is drawn, the entry would take the focus without
    /// screen readers hearing of it: it waits to be mapped.
    private var focusWhenMapped = false

    init() {
        let box = Box(.horizontal, [entry])
        box.addCssClass("search-bar")
        box.setMargins(6)
        entry.hexpand = true
        root = Revealer(child: box, transition: .slideDown)
        entry.onSearchChanged { [weak self] text in self?.onIntent(.search(text)) }
        entry.onStopSearch { [weak self] in self?.close() }
        entry.onActivate { [weak self] in self?.onIntent(.openFirstFound) }
        entry.onMap { [weak self] in
            guard let self, self.focusWhenMapped else { return }
            self.focusWhenMapped = false
            self.entry.grabFocus()
        }
    }

    var hasFocus: Bool { entry.containsFocus }

    /// Ctrl+F: opens the bar, or focuses its entry, or (focused) closes it.
    func toggle() {
        if root.revealsChild, !hasFocus {
            entry.grabFocus()
        } else if root.revealsChild {
            close()
        } else {
            root.revealsChild = true
            if entry.isMapped { entry.grabFocus() } else { focusWhenMapped = true }
        }
    }

    private func close() {
        root.revealsChild = false
        entry.text = ""
        // The last count said is no longer true.
        entry.setAccessibleDescription("")
        onIntent(.closed)
    }

    /// Says `text` (how many photos were found) while the entry has the
    /// focus; false when it does not.
    func announce(_ text: String) -> Bool {
        guard hasFocus else { return false }
        entry.announce(text)
        return true
    }
}
