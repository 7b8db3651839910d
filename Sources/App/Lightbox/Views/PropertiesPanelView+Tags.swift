import Foundation
import GtkKit
import LightboxCore
import Localization

extension PropertiesPanelView {
    /// The label, title and caption fields at the top of the panel. A
    /// title or caption is sent when the person is done with it (Enter,
    /// Ctrl+Enter in the caption, or the focus moving on), not on every
    /// keystroke: each change is a write into the photo's file. A field
    /// being edited keeps its text when the photo's state is rendered again.
    @MainActor
    final class TagFields {
        let root = Box(.vertical, spacing: 6)
        /// "No label", then each label, in `ColorLabel`'s order.
        private(set) var labelButtons: [(label: ColorLabel?, button: ToggleButton)] = []
        // Translators: the name of the field with a photo's title, in its properties (kept in the photo's XMP).
        let titleEntry = Entry(accessibleLabel: tr("Title"))
        // Translators: the name of the field with a photo's caption (a description of a sentence or more).
        let captionView = TextView(accessibleLabel: tr("Caption"))
        /// Reports the person's edits (the panel's intents).
        var send: (Intent) -> Void = { _ in }
        /// The photo's tags as last rendered, with a title or caption sent
        /// since: a field whose text differs from them is being edited.
        private var shown = PhotoTags.none
        private var path: String?

        init() {
            let labels = Box(.horizontal, spacing: 0)
            labels.addCssClass("linked")
            // Translators: the name of the buttons that give a photo a colour label, in its properties.
            labels.setAccessibleLabel(tr("Colour Label"))
            for label in [nil] + ColorLabel.allCases.map(Optional.some) {
                let button = ToggleButton(
                    iconName: label == nil ? "action-unavailable-symbolic" : "media-record-symbolic",
                    // Translators: a button in a photo's properties that takes its colour label away.
                    accessibleLabel: label?.spoken ?? tr("No label"), keys: label?.key.map(String.init))
                if let label {
                    // Style.swift's colours, as the grid's cells show them.
                    button.addCssClass("color-label")
                    button.addCssClass(label.rawValue.lowercased())  // untranslated: a CSS class
                }
                button.onClicked { [weak self] in self?.choose(label) }
                labelButtons.append((label, button))
                labels.append(button)
            }
            labels.halign = .start
            titleEntry.onActivate { [weak self] in self?.commitTitle() }
            captionView.addCssClass("caption-field")
            captionView.setTextMargins(6)
            captionView.setSizeRequest(width: -1, height: 72)
            addHandlers()
            // Translators: a heading in a photo's properties, above the buttons that give it a colour label.
            root.append(PropertiesPanelView.heading(tr("Label")))
            root.append(labels)
            // Translators: a heading in a photo's properties, above the field with its title.
            root.append(PropertiesPanelView.heading(tr("Title")))
            root.append(titleEntry)
            // Translators: a heading in a photo's properties, above the field with its caption.
            root.append(PropertiesPanelView.heading(tr("Caption")))
            root.append(captionView)
            renderLabel(nil)
        }

        /// Enter commits a title, Ctrl+Enter a caption (Enter alone is a
        /// new line there), and the focus leaving either commits it; Escape
        /// drops the edit. The caption's keys are seen before the text view,
        /// which would take Ctrl+Enter for a new line.
        private func addHandlers() {
            let titleFocus = FocusHandler()
            titleFocus.onLeave { [weak self] in self?.commitTitle() }
            titleEntry.addHandler(titleFocus)
            let titleKeys = KeyPressHandler()
            titleKeys.onKeyPressed { [weak self] key, modifiers in
                guard let self, key == "Escape", modifiers.isEmpty else { return false }
                self.titleEntry.text = self.shown.title ?? ""
                self.send(.doneEditing)
                return true
            }
            titleEntry.addHandler(titleKeys)
            let captionFocus = FocusHandler()
            captionFocus.onLeave { [weak self] in self?.commitCaption() }
            captionView.addHandler(captionFocus)
            let captionKeys = KeyPressHandler()
            captionKeys.handleBeforeWidget()
            captionKeys.onKeyPressed { [weak self] key, modifiers in
                guard let self else { return false }
                if ["Return", "KP_Enter"].contains(key), modifiers == .control {
                    self.commitCaption()
                    return true
                }
                guard key == "Escape", modifiers.isEmpty else { return false }
                self.captionView.text = self.shown.caption ?? ""
                self.send(.doneEditing)
                return true
            }
            captionView.addHandler(captionKeys)
        }

        /// Whether the keyboard is in the title or the caption.
        var isTyping: Bool { titleEntry.containsFocus || captionView.containsFocus }

        /// Shows `tags` of the photo at `path`. A field the person is
        /// editing keeps what they typed, unless another photo is shown:
        /// an edit is for the photo it was typed for.
        func render(_ tags: PhotoTags, of path: String) {
            let samePhoto = path == self.path
            self.path = path
            renderLabel(tags.label)
            if !samePhoto || !isEditing(titleEntry.text, titleEntry, was: shown.title) {
                titleEntry.text = tags.title ?? ""
            }
            if !samePhoto || !isEditing(captionView.text, captionView, was: shown.caption) {
                captionView.text = tags.caption ?? ""
            }
            shown = tags
        }

        /// Sends what the title and caption fields hold, if they differ
        /// from the photo's.
        func commitEdits() {
            commitTitle()
            commitCaption()
        }

        private func isEditing(_ text: String, _ field: Widget, was shownText: String?) -> Bool {
            field.containsFocus && Self.trimmed(text) != (shownText ?? "")
        }

        /// The label's button is pressed, the others not ("No label" when
        /// it has none): a click toggled one, the photo's label decides.
        private func renderLabel(_ label: ColorLabel?) {
            for (each, button) in labelButtons where button.isActive != (each == label) {
                button.isActive = each == label
            }
        }

        /// A label's button gives the photo that label, or takes it away
        /// when it has it; "No label" takes away the one it has.
        private func choose(_ label: ColorLabel?) {
            if let label = label ?? shown.label { send(.toggleLabel(label)) }
            renderLabel(shown.label)
        }

        private func commitTitle() {
            let text = Self.trimmed(titleEntry.text)
            guard path != nil, text != (shown.title ?? "") else { return }
            shown.title = text.isEmpty ? nil : text
            send(.setTitle(text))
        }

        private func commitCaption() {
            let text = Self.trimmed(captionView.text)
            guard path != nil, text != (shown.caption ?? "") else { return }
            shown.caption = text.isEmpty ? nil : text
            send(.setCaption(text))
        }

        /// What a field's text becomes in the file: blank text is none.
        private static func trimmed(_ text: String) -> String {
            text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// A field's name above it, small and dimmed as the details' names are.
    static func heading(_ text: String) -> Label {
        let label = Label(text)
        label.addCssClass("dim-label")
        label.addCssClass("caption")
        label.xalign = 0
        return label
    }
}
