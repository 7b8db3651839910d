import Foundation
import GtkKit
import LightboxCore
import Localization

/// The main window's side panel (F9): the folders right inside the one
/// shown, to go into; the folders opened lately; and "Include Subfolders".
/// Each folder is a button a screen reader names by the folder's name
/// (Tab and the arrows reach them). It reports which folder to open; the
/// window decides nothing here.
@MainActor
final class FolderSidebarView {
    let root: Revealer
    enum Intent {
        /// A folder to go into.
        case open(String)
    }

    var onIntent: (Intent) -> Void = { _ in }
    private let inside = Box(.vertical, spacing: 0)
    private let recent = Box(.vertical, spacing: 0)
    private let insideHeading: Label
    private let recentHeading: Label
    private let noFolders: Label
    private var shown: FolderNavigation?
    /// The buttons on show, by folder, for the tests and the focus.
    private(set) var buttons: [String: Button] = [:]
    /// Each list's rows, to take out when it is filled again.
    private var rows: [ObjectIdentifier: [Widget]] = [:]

    init() {
        // Translators: a heading in the main window's side panel, above the folders inside the one shown.
        insideHeading = FolderSidebarView.heading(tr("Folders"))
        // Translators: a heading in the main window's side panel, above the folders opened lately.
        recentHeading = FolderSidebarView.heading(tr("Recent"))
        // Translators: in the side panel, when the folder shown has no folders inside.
        noFolders = Label(tr("No folders inside"))
        noFolders.addCssClass("dim-label")
        noFolders.xalign = 0
        noFolders.setMargins(top: 0, bottom: 0, start: 12, end: 6)
        // Translators: the names of the two lists of the main window's side panel.
        inside.setAccessibleLabel(tr("Folders Inside"))
        recent.setAccessibleLabel(tr("Recent Folders"))
        // Translators: a check box in the side panel: whether the photos of the folders inside show too.
        let include = CheckButton(mnemonic: tr("_Include Subfolders"))
        include.actionName = ActionNames.includeSubfolders.detailed
        include.setMargins(top: 6, bottom: 6, start: 12, end: 6)
        let content = Box(.vertical, spacing: 6, [insideHeading, inside, noFolders, recentHeading, recent])
        content.setMargins(top: 6, bottom: 6, start: 0, end: 0)
        let scrolled = ScrolledWindow(child: content)
        scrolled.disableHorizontalScrolling()
        scrolled.vexpand = true
        let panel = Box(.vertical, spacing: 0, [scrolled, include])
        panel.setSizeRequest(width: FolderSidebarView.width, height: -1)
        panel.addCssClass("folder-sidebar")
        // Translators: the name of the main window's side panel.
        panel.setAccessibleLabel(tr("Folders"))
        root = Revealer(child: panel, transition: .slideRight)
    }

    var isShown: Bool { root.revealsChild }

    /// Shows or hides the panel: sliding when the person asks (F9), at once
    /// when the window's size decides (a narrow window could not otherwise
    /// be made as narrow as asked while the panel slid away).
    func show(_ shown: Bool, animated: Bool) {
        if shown != root.revealsChild { root.setRevealsChild(shown, animated: animated) }
        if shown { fill() }
    }

    /// The panel's width, in logical pixels.
    static let width = 200

    /// Shows `navigation`, once the panel is shown: a library's folder
    /// has a hundred folders inside, a button each, and making them took
    /// 5-10 ms of the main thread at every load, with the panel hidden
    /// (as it is by default).
    func render(_ navigation: FolderNavigation) {
        wanted = navigation
        if isShown { fill() }
    }

    private var wanted: FolderNavigation?

    private func fill() {
        guard let navigation = wanted, navigation != shown else { return }
        shown = navigation
        buttons = [:]
        fill(inside, with: navigation.subfolders, detail: { _ in nil })
        noFolders.isVisible = navigation.folder != nil && navigation.subfolders.isEmpty
        let recentFolders = Array(navigation.recent.prefix(FolderSidebarView.recentShown))
        fill(recent, with: recentFolders, detail: { ($0 as NSString).deletingLastPathComponent.displayablePath })
        recentHeading.isVisible = !recentFolders.isEmpty
    }

    /// Recent folders listed (more make a list to search, not to glance at).
    static let recentShown = 6

    private func fill(_ list: Box, with paths: [String], detail: (String) -> String?) {
        for row in rows[ObjectIdentifier(list)] ?? [] { list.remove(row) }
        rows[ObjectIdentifier(list)] = []
        for path in paths {
            let name = (path as NSString).lastPathComponent.displayablePath
            let label = Label(name)
            label.ellipsizes = true
            label.xalign = 0
            let row = Box(.horizontal, spacing: 8, [Image(iconName: "folder-symbolic"), label])
            let button = Button(child: row, accessibleLabel: name)
            button.addCssClass("flat")
            if let detail = detail(path) {
                button.setAccessibleDescription(detail)
                button.tooltip = path.displayablePath
            }
            button.onClicked { [weak self] in self?.onIntent(.open(path)) }
            list.append(button)
            rows[ObjectIdentifier(list), default: []].append(button)
            buttons[path] = button
        }
    }

    private static func heading(_ text: String) -> Label {
        let label = Label(text)
        label.addCssClass("heading")
        label.xalign = 0
        label.setMargins(top: 6, bottom: 2, start: 12, end: 6)
        return label
    }
}

/// The folders from the home folder (or "/") down to the one shown, each a
/// button that opens it, the last one the folder itself: where the window
/// is, as Files shows it. A deep folder's row scrolls sideways, its end in
/// view, instead of widening the window; each name is shortened in the
/// middle past a few words (the button keeps the whole name for a screen
/// reader and a tooltip).
@MainActor
final class PathBarView {
    let root: ScrolledWindow
    private let row = Box(.horizontal, spacing: 2)
    enum Intent {
        /// A folder of the path, to go into.
        case open(String)
    }

    var onIntent: (Intent) -> Void = { _ in }
    private var shown: [String] = []
    private var parts: [Widget] = []

    init() {
        // Translators: the name of the row of buttons showing where the folder shown is.
        row.setAccessibleLabel(tr("Location"))
        row.addCssClass("path-bar")
        row.setMargins(top: 4, bottom: 4, start: 8, end: 8)
        root = ScrolledWindow(child: row)
        root.scrollHorizontallyOnly()
    }

    func render(_ navigation: FolderNavigation) {
        let crumbs = navigation.crumbs()
        guard crumbs.map(\.path) != shown else { return }
        shown = crumbs.map(\.path)
        parts.forEach(row.remove)
        parts = []
        for (index, crumb) in crumbs.enumerated() {
            if index > 0 {
                let separator = Label("›")  // untranslated: a separator, not a word
                separator.addCssClass("dim-label")
                row.append(separator)
                parts.append(separator)
            }
            let isLast = index == crumbs.count - 1
            let label = Label(crumb.name)
            label.ellipsizes = true
            label.maxWidthChars = PathBarView.longestName
            let button = Button(child: label, accessibleLabel: crumb.name)
            button.tooltip = crumb.path.displayablePath
            button.addCssClass("flat")
            if isLast {
                button.addCssClass("heading")
                // Translators: said of the last button of the location row: the folder shown now.
                button.setAccessibleDescription(tr("The folder shown"))
            }
            button.onClicked { [weak self] in self?.onIntent(.open(crumb.path)) }
            row.append(button)
            parts.append(button)
        }
        root.onNextPaint { [weak root] in root?.scrollToHorizontalEnd() }
    }

    /// Characters of a folder's name shown before it is shortened.
    static let longestName = 24
}

/// The offer a main window makes when the dates taken read while its
/// folder loaded waited, because the person had begun working with the
/// photos: a line above the grid with "Sort by Date Taken", which puts
/// the photos in the finished order in one step. Nothing moves until the
/// person asks; a screen reader hears the offer once as it appears.
@MainActor
final class DatesWaitingView {
    let root: Revealer
    private let label: Label

    init() {
        // Translators: a line above the grid when the photos' dates taken were read while the person worked.
        label = Label(tr("The dates taken are read: the photos can move to their places."))
        label.wraps = true
        label.xalign = 0
        label.hexpand = true
        // Translators: a button that sorts the photos by the dates taken just read.
        let button = Button(label: tr("_Sort by Date Taken"))
        button.actionName = ActionNames.sortByDatesRead.detailed
        let bar = Box(.horizontal, spacing: 12, [label, button])
        bar.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        bar.addCssClass("dates-waiting")
        root = Revealer(child: bar, transition: .slideDown)
    }

    /// Shows or hides the offer; true when it has just come.
    @discardableResult
    func render(waiting: Bool) -> Bool {
        guard waiting != root.revealsChild else { return false }
        root.revealsChild = waiting
        return waiting
    }

    var text: String { label.text }
}
