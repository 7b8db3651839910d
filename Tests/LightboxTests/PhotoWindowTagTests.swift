import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// Intents compared by what they say (the logic's intents are not Equatable).
fileprivate func said(_ intents: [PhotoWindowView.Intent]) -> [String] { intents.map { String(describing: $0) } }
fileprivate func said(_ intent: PhotoWindowView.Intent?) -> String { intent.map { String(describing: $0) } ?? "none" }

/// The photo window's label, title, caption and keywords: the keys and the
/// properties panel report intents, and the panel shows the photo's tags
/// without overwriting what the person is typing.
final class PhotoWindowTagViewTests: DisplayTestCase {
    private static let finistere = Keyword("Places|Brittany|Finistère")!
    private static let sunset = Keyword("sunset")!

    /// A window on a photo with `tags`, shown, its properties open.
    @MainActor
    private static func window(showing tags: PhotoTags = .none) -> (PhotoWindowView, Photo) {
        let view = PhotoWindowView(application: testApplication)
        var photo = samplePhotos(1)[0]
        photo.tags = tags
        view.render(.init(picture: .loading(photo)))
        view.window.present()
        view.window.activateAction(ActionNames.properties.detailed)
        spin(until: { view.properties.tags.titleEntry.isMapped }, "the properties shown")
        return (view, photo)
    }

    /// Focuses `widget` and waits for the window to say so (the typing
    /// actions follow the focus).
    @MainActor
    private static func focus(_ widget: Widget) {
        widget.grabFocus()
        spin(until: { widget.containsFocus }, "the focus")
    }

    func testLabelKeysAndButtonsReportTheLabelAndTheBadgeShowsIt() { onMain {
        let (view, photo) = Self.window()
        defer { view.window.destroy() }
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        XCTAssertFalse(view.labelBadge.isVisible, "no label, no badge")
        XCTAssertTrue(view.window.activateAction(ActionNames.toggleLabel.detailed, target: "Red"))
        XCTAssertEqual(said(intents), said([.toggleLabel(.red)]))

        var labelled = photo
        labelled.tags.label = .red
        view.render(.init(picture: .loading(labelled)))
        XCTAssertTrue(view.labelBadge.isVisible)
        XCTAssertTrue(view.labelBadge.hasCssClass("red"))
        XCTAssertEqual(view.labelBadge.tooltip, "Red label")
        let buttons = view.properties.tags.labelButtons
        XCTAssertEqual(buttons.map(\.label), [nil, .red, .yellow, .green, .blue, .purple])
        XCTAssertEqual(buttons.filter(\.button.isActive).map(\.label), [.red])

        // "No label" takes the red away; blue replaces it. The photo's
        // label, not the click, decides which button is pressed.
        buttons[0].button.emit("clicked")
        buttons[4].button.emit("clicked")
        XCTAssertEqual(said(intents), said([.toggleLabel(.red), .toggleLabel(.red), .toggleLabel(.blue)]))
        XCTAssertEqual(buttons.filter(\.button.isActive).map(\.label), [.red])

        labelled.tags.label = nil
        view.render(.init(picture: .loading(labelled)))
        XCTAssertFalse(view.labelBadge.isVisible)
        XCTAssertEqual(buttons.filter(\.button.isActive).map(\.label), [nil])
    } }

    func testATitleIsCommittedOnceOnEnterAndOnLeavingTheField() { onMain {
        let (view, _) = Self.window()
        defer { view.window.destroy() }
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        let title = view.properties.tags.titleEntry
        Self.focus(title)
        title.text = "Sunset at the Pointe du Raz"
        title.emit("activate")  // Enter (what GtkEntry does on it)
        Self.focus(view.picture)
        XCTAssertEqual(said(intents), said([.setTitle("Sunset at the Pointe du Raz")]), "Enter, then leaving: sent once")

        Self.focus(title)
        title.text = "  Harbour "
        Self.focus(view.picture)
        Self.focus(title)
        Self.focus(view.picture)
        XCTAssertEqual(said(intents.last), said(.setTitle("Harbour")), "leaving the field sends it")
        XCTAssertEqual(intents.count, 2)

        Self.focus(title)
        title.text = ""
        title.emit("activate")
        XCTAssertEqual(said(intents.last), said(.setTitle("")), "an empty title takes it away")
    } }

    func testACaptionIsCommittedOnLeavingItAndWhenTheWindowCloses() { onMain {
        let (view, _) = Self.window()
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        let caption = view.properties.tags.captionView
        Self.focus(caption)
        caption.text = "The lighthouse,\nat dusk."
        XCTAssertEqual(said(intents), said([]), "not on every keystroke")
        Self.focus(view.picture)
        XCTAssertEqual(said(intents), said([.setCaption("The lighthouse,\nat dusk.")]))

        Self.focus(caption)
        caption.text = "The lighthouse."
        view.window.close()
        XCTAssertEqual(said(Array(intents.suffix(2))), said([.setCaption("The lighthouse."), .close]), "sent before the window goes")
    } }

    /// The window's keys are the application's, seen before a field: while
    /// the person types, those that type (digits, X, arrows, Delete, …)
    /// are the field's.
    func testTheWindowsKeysLeaveTypingToTheFields() { onMain {
        let (view, _) = Self.window()
        defer { view.window.destroy() }
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        for field: Widget in [view.properties.tags.titleEntry, view.properties.tags.captionView,
                              view.properties.keywords.entry] {
            Self.focus(field)
            view.window.activateAction(ActionNames.rate.detailed, target: "4")
            view.window.activateAction(ActionNames.toggleLabel.detailed, target: "Green")
            view.window.activateAction(ActionNames.toggleRejected.detailed)
            view.window.activateAction(ActionNames.next.detailed)
            view.window.activateAction(ActionNames.trash.detailed)
            view.window.activateAction(ActionNames.escape.detailed)
            XCTAssertEqual(said(intents), said([]), "keys taken from a text field")
        }
        Self.focus(view.picture)
        view.window.activateAction(ActionNames.rate.detailed, target: "4")
        view.window.activateAction(ActionNames.toggleLabel.detailed, target: "Green")
        XCTAssertEqual(said(intents), said([.rate(4), .toggleLabel(.green)]), "the photo's keys again")
    } }

    func testAFieldBeingEditedKeepsItsTextUntilAnotherPhotoShows() { onMain {
        let (view, photo) = Self.window(showing: PhotoTags(title: "Harbour"))
        defer { view.window.destroy() }
        let title = view.properties.tags.titleEntry
        XCTAssertEqual(title.text, "Harbour")
        Self.focus(title)
        title.text = "Harbour at dawn"
        var changed = photo
        changed.tags.caption = "Changed elsewhere"
        view.render(.init(picture: .loading(changed)))
        XCTAssertEqual(title.text, "Harbour at dawn", "what is typed stays")
        XCTAssertEqual(view.properties.tags.captionView.text, "Changed elsewhere")

        var other = samplePhotos(2)[1]
        other.tags = PhotoTags(title: "Lighthouse")
        view.render(.init(picture: .loading(other)))
        XCTAssertEqual(title.text, "Lighthouse", "an edit is for the photo it was typed for")
    } }

    func testKeywordRowsRemoveButtonsAndTheEntry() { onMain {
        let (view, _) = Self.window(showing: PhotoTags(keywords: [Self.finistere, Self.sunset]))
        defer { view.window.destroy() }
        var intents: [PhotoWindowView.Intent] = []
        view.onIntent = { intents.append($0) }
        let keywords = view.properties.keywords
        XCTAssertEqual(keywords.shown, [Self.finistere, Self.sunset])
        // The icon buttons' tooltips are their accessible names (the E2E
        // tests read those through AT-SPI).
        XCTAssertEqual(keywords.removeButtons.map(\.tooltip),
                       ["Remove keyword “Finistère”", "Remove keyword “sunset”"])
        keywords.removeButtons[0].emit("clicked")
        XCTAssertEqual(said(intents), said([.removeKeyword(Self.finistere)]))

        Self.focus(keywords.entry)
        keywords.entry.text = "  "
        keywords.entry.emit("activate")
        XCTAssertEqual(intents.count, 1, "nothing typed, nothing added")
        keywords.entry.text = "Places|Brittany|Quimper"
        keywords.entry.emit("activate")
        XCTAssertEqual(said(intents.last), said(.addKeyword("Places|Brittany|Quimper")))
        XCTAssertEqual(keywords.entry.text, "", "empty for the next keyword")
        XCTAssertTrue(keywords.entry.containsFocus)
    } }

    func testKnownKeywordsAreOfferedWhileOneIsTyped() { onMain {
        let (view, photo) = Self.window(showing: PhotoTags(keywords: [Self.sunset]))
        defer { view.window.destroy() }
        var intents: [PhotoWindowView.Intent] = []
        var asked = 0
        let lighthouse = Keyword("Lighthouse")!, finland = Keyword("Places|Finland")!
        // As the logic answers: the state comes back at once with the
        // keywords to offer.
        view.onIntent = { intent in
            guard case .keywordSuggestionsWanted = intent else { return intents.append(intent) }
            asked += 1
            view.render(.init(picture: .loading(photo),
                              keywordSuggestions: [Self.sunset, finland, lighthouse, Self.finistere]))
        }
        let keywords = view.properties.keywords
        Self.focus(keywords.entry)
        keywords.entry.text = "f"
        keywords.entry.text = "fin"
        XCTAssertEqual(keywords.suggestions, [finland, Self.finistere], "in the order known, accents ignored")
        XCTAssertEqual(asked, 1, "asked once per keyword typed")
        keywords.entry.text = "sun"
        XCTAssertEqual(keywords.suggestions, [], "not the photo's own")
        keywords.entry.text = "house"
        XCTAssertEqual(keywords.suggestions, [lighthouse])
        keywords.suggestionButtons[0].emit("clicked")
        XCTAssertEqual(said(intents), said([.addKeyword("Lighthouse")]))
        XCTAssertEqual(keywords.entry.text, "")
        XCTAssertEqual(keywords.suggestions, [])
    } }

    func testSuggestionsStartingWithTheTextComeFirst() {
        let known = ["Finistère", "Places|Brittany|Finistère", "Art|Fine", "Golden Finish", "finale"]
            .compactMap(Keyword.init)
        let found = PropertiesPanelView.KeywordEditor.suggestions(for: "FIN", among: known, excluding: [known[4]])
        XCTAssertEqual(found.map(\.path), ["Finistère", "Places|Brittany|Finistère", "Art|Fine", "Golden Finish"])
        XCTAssertEqual(PropertiesPanelView.KeywordEditor.suggestions(for: "places|brit", among: known, excluding: [])
                       .map(\.path), ["Places|Brittany|Finistère"])
        XCTAssertEqual(PropertiesPanelView.KeywordEditor.suggestions(for: " | ", among: known, excluding: []), [])
    }

    func testControlKShowsThePanelWithTheKeyboardInTheKeywordEntry() { onMain {
        let view = PhotoWindowView(application: testApplication)
        defer { view.window.destroy() }
        view.render(.init(picture: .loading(samplePhotos(1)[0])))
        view.window.present()
        spin(until: { view.picture.containsFocus }, "the photo focused")
        XCTAssertFalse(view.properties.isShown)
        XCTAssertTrue(view.window.activateAction(ActionNames.addKeyword.detailed))
        XCTAssertTrue(view.properties.isShown)
        spin(until: { view.properties.keywords.entry.containsFocus }, "the keyword entry focused")
        // Hiding the panel brings the keyboard back to the photo.
        view.window.activateAction(ActionNames.properties.detailed)
        XCTAssertTrue(view.picture.containsFocus)
    } }

    /// F6 goes from the photo to the properties when they are shown (their
    /// first control: "No label"), then to the header bar.
    func testF6ReachesTheProperties() { onMain {
        let (view, _) = Self.window()
        defer { view.window.destroy() }
        Self.focus(view.picture)
        view.window.activateAction(ActionNames.switchPane.detailed)
        XCTAssertTrue(view.properties.tags.labelButtons[0].button.hasFocus)
        view.window.activateAction(ActionNames.switchPane.detailed)
        XCTAssertFalse(view.properties.root.containsFocus)
        XCTAssertFalse(view.picture.containsFocus, "in the header bar")
        view.window.activateAction(ActionNames.switchPane.detailed)
        XCTAssertTrue(view.picture.containsFocus)
    } }
}
