import Foundation
import GtkKit
import LightboxCore
import Localization

extension PropertiesPanelView {
    /// The photo's keywords, one row each with a button that removes it,
    /// and an entry that adds one on Enter. While a keyword is typed, the
    /// keywords used before that match it are offered under the entry as
    /// buttons (Down reaches them from the entry): a list of buttons that
    /// Tab, arrows and screen readers all reach, where a completion popup
    /// would not be announced by GTK 4.8.
    @MainActor
    final class KeywordEditor {
        let root = Box(.vertical, spacing: 6)
        // Translators: the name of the entry that adds a keyword to a photo, in its properties.
        let entry = Entry(accessibleLabel: tr("Add Keyword"),
                          // Translators: the hint in the entry that adds a keyword; "|" separates the levels of a
                          // hierarchy (keep the "|", translate the example's names).
                          placeholder: tr("Add a keyword, or Places|Brittany"))
        /// What the rows show, and their remove buttons in the same order.
        private(set) var shown: [Keyword] = []
        private(set) var removeButtons: [Button] = []
        /// The keywords offered for what is typed, and their buttons.
        private(set) var suggestions: [Keyword] = []
        private(set) var suggestionButtons: [Button] = []
        /// The keywords to offer (used here last first), asked for once per
        /// keyword typed (`.keywordSuggestionsWanted`: gathering the
        /// folder's goes over its photos) and rendered from the state. Kept
        /// until a keyword is added, another photo shows or the person
        /// leaves the entry (the folder's keywords may have changed by the
        /// time they come back).
        private var known: [Keyword]?
        private var asked = false
        private let rows = Box(.vertical, spacing: 0)
        private let suggestionList = Box(.vertical, spacing: 0)
        /// Reports the person's edits (the panel's intents).
        var send: (Intent) -> Void = { _ in }
        private var path: String?
        /// Where the focus goes once a removed keyword's row is gone: the
        /// remove button now at that place, else the entry.
        private var focusAfterRemoval: Int?
        private var focusWhenMapped = false
        /// How many suggestions the entry last said there were.
        private var saidCount = 0
        nonisolated static let suggestionLimit = 6

        init() {
            // Translators: a heading in a photo's properties, above its keywords.
            let title = tr("Keywords")
            let heading = PropertiesPanelView.heading(title)
            rows.setAccessibleLabel(title)
            rows.isVisible = false
            // Translators: the name of the list of keywords offered while one is typed.
            suggestionList.setAccessibleLabel(tr("Suggested Keywords"))
            suggestionList.isVisible = false
            root.append(heading)
            root.append(rows)
            root.append(entry)
            root.append(suggestionList)
            entry.onActivate { [weak self] in self?.addTyped() }
            entry.onChanged { [weak self] text in self?.suggest(for: text) }
            entry.onMap { [weak self] in
                guard let self, self.focusWhenMapped else { return }
                self.focusWhenMapped = false
                self.entry.grabFocus()
            }
            // Down goes to the suggestions; Escape drops what was typed.
            // Seen before the entry's text, which would keep them.
            let keys = KeyPressHandler()
            keys.handleBeforeWidget()
            keys.onKeyPressed { [weak self] key, modifiers in
                guard let self, modifiers.isEmpty else { return false }
                switch key {
                case "Down", "KP_Down":
                    return self.suggestionButtons.first?.grabFocus() ?? false
                case "Escape":
                    self.entry.text = ""
                    self.send(.doneEditing)
                    return true
                default:
                    return false
                }
            }
            entry.addHandler(keys)
            let focus = FocusHandler()
            focus.onLeave { [weak self] in self?.known = nil }
            entry.addHandler(focus)
        }

        /// Whether the keyboard is in the entry.
        var isTyping: Bool { entry.containsFocus }

        /// Ctrl+K: the keyboard goes to the entry, once it can be seen (a
        /// widget focused before it is drawn is not announced).
        func focusEntry() {
            if entry.isMapped { entry.grabFocus() } else { focusWhenMapped = true }
        }

        /// The keywords to offer, as the state has them once asked for.
        func render(suggestions: [Keyword]?) {
            guard asked, let suggestions else { return }
            asked = false
            known = suggestions
        }

        /// One row per keyword of the photo at `path`. Another photo's
        /// keywords drop what was typed for this one.
        func render(_ keywords: [Keyword], of path: String) {
            if path != self.path {
                self.path = path
                entry.text = ""
                known = nil
            }
            guard keywords != shown else { return }
            shown = keywords
            while let child = rowWidgets.popLast() { rows.remove(child) }
            removeButtons = []
            for keyword in keywords {
                let (row, remove) = Self.row(for: keyword)
                remove.onClicked { [weak self] in self?.remove(keyword) }
                rows.append(row)
                rowWidgets.append(row)
                removeButtons.append(remove)
            }
            rows.isVisible = !keywords.isEmpty
            if let place = focusAfterRemoval {
                focusAfterRemoval = nil
                if removeButtons.isEmpty { entry.grabFocus() } else { removeButtons[min(place, removeButtons.count - 1)].grabFocus() }
            }
            suggest(for: entry.text)
        }

        private var rowWidgets: [Box] = []

        /// The keyword's leaf, the levels above it dimmed beneath
        /// ("Places › Brittany"), and its remove button.
        private static func row(for keyword: Keyword) -> (Box, Button) {
            // Translators: a button beside a keyword in a photo's properties; {keyword} is the keyword ("Finistère").
            let name = tr("Remove keyword “{keyword}”", ["keyword": keyword.leaf])
            let remove = Button(iconName: "window-close-symbolic", accessibleLabel: name)
            remove.hasFrame = false
            remove.valign = .center
            // Two keywords may share a leaf under different parents.
            if let parents = keyword.parents { remove.setAccessibleDescription(parents) }
            let words = Self.words(for: keyword)
            words.hexpand = true
            let row = Box(.horizontal, spacing: 6, [words, remove])
            row.addCssClass("keyword-row")
            return (row, remove)
        }

        /// A keyword as the panel shows it: its leaf, its parents beneath.
        private static func words(for keyword: Keyword) -> Box {
            let leaf = Label(keyword.leaf)
            leaf.xalign = 0
            leaf.wraps = true
            let words = Box(.vertical, spacing: 0, [leaf])
            if let parents = keyword.parents {
                let above = Label(parents)
                above.addCssClass("dim-label")
                above.addCssClass("caption")
                above.xalign = 0
                above.wraps = true
                words.append(above)
            }
            words.valign = .center
            return words
        }

        private func remove(_ keyword: Keyword) {
            focusAfterRemoval = shown.firstIndex(of: keyword)
            send(.removeKeyword(keyword))
        }

        /// Enter: what was typed becomes a keyword; the entry empties for
        /// the next one.
        private func addTyped() {
            guard Keyword(entry.text) != nil else { return }
            add(entry.text)
        }

        private func add(_ text: String) {
            send(.addKeyword(text))
            known = nil
            entry.text = ""
        }

        // MARK: Suggestions

        /// Offers the keywords used before that match `text`, and says how
        /// many there are when that changes (the entry's description).
        private func suggest(for text: String) {
            if known == nil, !asked, Keyword(text) != nil {
                // The state comes back at once, with the keywords.
                asked = true
                send(.keywordSuggestionsWanted)
            }
            let found = Self.suggestions(for: text, among: known ?? [], excluding: shown)
            if found != suggestions {
                suggestions = found
                while let button = suggestionButtons.popLast() { suggestionList.remove(button) }
                for keyword in found {
                    let button = Self.suggestionButton(for: keyword)
                    button.onClicked { [weak self] in
                        guard let self else { return }
                        self.add(keyword.path)
                        self.entry.grabFocus()
                    }
                    suggestionList.append(button)
                    suggestionButtons.append(button)
                }
                suggestionList.isVisible = !found.isEmpty
            }
            guard found.count != saidCount else { return }
            saidCount = found.count
            if found.isEmpty {
                entry.resetAccessibleDescription()
            } else {
                // Translators: said in the keyword entry while keywords are offered for what is typed.
                entry.announce(trn("{count} suggestion: press Down to choose it",
                                   "{count} suggestions: press Down to choose one", count: found.count))
            }
        }

        private static func suggestionButton(for keyword: Keyword) -> Button {
            let words = Self.words(for: keyword)
            words.halign = .start
            // Translators: a keyword offered while one is typed; {keyword} is the keyword ("Finistère").
            let button = Button(child: words, accessibleLabel: tr("Add keyword “{keyword}”", ["keyword": keyword.leaf]))
            if let parents = keyword.parents { button.setAccessibleDescription(parents) }
            button.hasFrame = false
            return button
        }

        /// Up to `suggestionLimit` of `known` (in their order) that `text`
        /// matches, ignoring case and accents, and the photo lacks: those
        /// with a level starting with it first, then those containing it.
        /// "Places|Br" matches by the path.
        nonisolated static func suggestions(for text: String, among known: [Keyword], excluding had: [Keyword]) -> [Keyword] {
            guard let typed = Keyword(text) else { return [] }
            let query = fold(typed.path)
            var starting: [Keyword] = [], containing: [Keyword] = []
            for keyword in known where !had.contains(keyword) {
                let path = fold(keyword.path)
                if path.hasPrefix(query) || path.contains("|" + query) {
                    starting.append(keyword)
                } else if path.contains(query) {
                    containing.append(keyword)
                }
            }
            return Array((starting + containing).prefix(suggestionLimit))
        }

        private nonisolated static func fold(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
    }
}
