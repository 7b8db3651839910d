import GtkKit
import LightboxCore
import Localization

/// The bar under the grid while photos are selected: how many, and what
/// can be done with them. Each action shows its name beside its icon, so
/// it is read, not guessed; its button activates the window's action, so
/// it has the same keys (its tooltip says them) and is disabled with it.
///
/// The bar fits the window's width (down to GNOME's 360 pixels): the
/// actions that do not fit go into its "More" menu, the least used first,
/// and come back as the window widens. The menu also holds what the bar
/// never shows (Copy, Copy Paths, the rotations, Set as Profile Photo).
@MainActor
final class SelectionBarView {
    let root: Revealer
    private let count = Label()
    private let bar: Box
    private static let spacing = 6
    /// The "More" menu's first section: the bar's actions that do not fit.
    private let overflow = Menu()
    private let more: MenuButton

    /// One of the bar's actions.
    private struct Item {
        let widget: Widget
        /// What its button says (Reject's changes: see `reject`).
        let name: String
        /// The order in which actions get room in the bar: 0 first, and
        /// last into the More menu.
        let rank: Int
        /// Puts its item (or submenu) in the More menu.
        let addToMenu: (Menu) -> Void
    }

    private var items: [Item] = []
    /// Reject, or Take Back Rejection: its text follows the selection.
    private let reject: LabelledButton
    private let compare: LabelledButton
    /// Whether every selected photo is rejected (the reject item's text).
    private var allRejected = false
    /// Two to four photos selected: Compare applies.
    private var compares = false
    /// The window's width the bar was last fitted to, and whether it must
    /// be fitted again when it next shows (while hidden, nothing is measured).
    private var width: Int?
    private var needsFit = true
    /// The actions in the More menu now, by index in `items`.
    private var overflowing: [Int]?

    init() {
        count.addCssClass("heading")
        // Translators: a button of the selection bar whose menu rates the selected photos (1 to 5 stars).
        let rate = MenuButton(label: tr("Rate"), iconName: "starred-symbolic", menu: Menus.rate())
        // Translators: a button of the selection bar whose menu gives the selected photos a colour label or a keyword.
        let tag = MenuButton(label: tr("Label and Keywords"), iconName: "bookmark-new-symbolic", menu: Menus.tag())
        reject = LabelledButton(action: ActionNames.toggleRejected, label: Menus.rejectLabel(allRejected: false),
                                iconName: "action-unavailable-symbolic")
        compare = LabelledButton(action: ActionNames.compare, label: tr("Compare Side by Side"), iconName: "view-dual-symbolic")
        let action = { (id: ActionID, label: String, icon: String) in
            (LabelledButton(action: id, label: label, iconName: icon) as Widget, label, { (menu: Menu) in
                menu.append(label, action: id.detailed)
            })
        }
        // Translators: a button of the selection bar opening the selected photos, each in a photo window.
        let open = action(ActionNames.openSelected, tr("Open"), "image-x-generic-symbolic")
        let openWith = action(ActionNames.openWith, tr("Open With…"), "system-run-symbolic")
        let showInFiles = action(ActionNames.showInFiles, tr("Show in Files"), "folder-symbolic")
        let copyTo = action(ActionNames.copyTo, tr("Copy to Folder…"), "edit-copy-symbolic")
        let moveTo = action(ActionNames.moveTo, tr("Move to Folder…"), "go-next-symbolic")
        let trash = action(ActionNames.trash, tr("Move to Trash"), "user-trash-symbolic")
        let selectNone = action(ActionNames.selectNone, tr("Select None"), "edit-clear-all-symbolic")
        more = MenuButton(label: tr("More"), iconName: "view-more-symbolic", menu: Menus.selectionMore(hidden: overflow))
        let spacer = Box(.horizontal)
        spacer.hexpand = true
        items = [
            Item(widget: rate, name: tr("Rate"), rank: 0) { $0.appendSubmenu(Menus.rate(), label: tr("Rate")) },
            Item(widget: tag, name: tr("Label and Keywords"), rank: 5) {
                $0.appendSubmenu(Menus.tag(), label: tr("Label and Keywords"))
            },
            Item(widget: reject, name: reject.title, rank: 1) { [reject] in
                $0.append(reject.title, action: ActionNames.toggleRejected.detailed)
            },
            Item(widget: compare, name: compare.title, rank: 2) {
                $0.append(tr("Compare Side by Side"), action: ActionNames.compare.detailed)
            },
        ] + [(open, 3), (openWith, 8), (showInFiles, 9), (copyTo, 6), (moveTo, 7), (trash, 4), (selectNone, 10)].map {
            Item(widget: $0.0.0, name: $0.0.1, rank: $0.1, addToMenu: $0.0.2)
        }
        // Until the bar is fitted to a width, it asks for little: the
        // window's narrowest size counts every widget in it, this bar
        // while hidden too.
        items.forEach { $0.widget.isVisible = false }
        bar = Box(.horizontal, spacing: Self.spacing, [count] + items.prefix(7).map(\.widget) + [spacer]
                  + items.suffix(4).map(\.widget) + [more])
        bar.addCssClass("toolbar")
        bar.addCssClass("selection-bar")
        // Translators: the name of the bar under the photos while some are selected.
        bar.setAccessibleLabel(tr("Selected Photos"))
        root = Revealer(child: bar, transition: .slideUp)
    }

    /// "12 selected"; nil hides the bar.
    var text: String? { root.revealsChild ? count.text : nil }

    /// Shows how many photos are selected (`summary`, "12 selected"; nil
    /// hides the bar), and the actions that apply to them.
    /// - Parameter allRejected: every selected photo is rejected (X takes
    ///   the rejection back).
    func render(_ summary: String?, count selected: Int = 0, allRejected: Bool = false) {
        if let summary, summary != count.text {
            count.text = summary
            needsFit = true
        }
        if allRejected != self.allRejected {
            self.allRejected = allRejected
            reject.title = Menus.rejectLabel(allRejected: allRejected)
            needsFit = true
            overflowing = nil
        }
        if PhotoListLogic.comparable.contains(selected) != compares {
            compares = PhotoListLogic.comparable.contains(selected)
            needsFit = true
        }
        root.revealsChild = summary != nil
        if summary != nil, needsFit { fit() }
    }

    /// The window is `width` pixels wide: the actions that fit show, the
    /// others go into the More menu.
    func fit(toWidth width: Int) {
        guard width != self.width else { return }
        self.width = width
        needsFit = true
        if root.revealsChild { fit() }
    }

    /// The names of the actions the bar shows, in its order.
    var shownActions: [String] {
        items.filter(\.widget.isVisible).map { $0.widget === reject ? reject.title : $0.name }
    }

    /// The More menu's items.
    var moreItems: [Menu.Item] { Menus.selectionMore(hidden: overflow).items }

    private func applies(_ index: Int) -> Bool { items[index].widget !== compare || compares }

    /// Every action that applies is measured (shown for the moment: a
    /// hidden widget measures nothing), then those that fit in rank order
    /// stay, and the others go into the More menu. Nothing is drawn in
    /// between.
    private func fit() {
        // Not yet told the window's width: what fits the narrowest window.
        let width = width ?? 360
        needsFit = false
        let indices = items.indices.filter(applies)
        for index in items.indices { items[index].widget.isVisible = indices.contains(index) }
        let widths = Dictionary(uniqueKeysWithValues: indices.map { ($0, items[$0].widget.naturalWidth) })
        // What the bar adds to its children: the gap between two (the
        // theme's spacing adds to the box's), seen as one child goes, and
        // its padding. The count, the spacer and More are always shown.
        let alwaysShown = 3
        let children = widths.values.reduce(0, +) + count.naturalWidth + more.naturalWidth
        let whole = bar.naturalWidth
        var gap = Self.spacing
        if let first = indices.first {
            items[first].widget.isVisible = false
            gap = whole - bar.naturalWidth - widths[first, default: 0]
            items[first].widget.isVisible = true
        }
        let padding = whole - children - gap * (indices.count + alwaysShown - 1)
        var used = padding + count.naturalWidth + more.naturalWidth + gap * (alwaysShown - 1)
        var fitting = Set<Int>()
        for index in indices.sorted(by: { items[$0].rank < items[$1].rank }) {
            let needed = widths[index, default: 0] + gap
            guard used + needed <= width else { break }
            used += needed
            fitting.insert(index)
        }
        for index in indices where !fitting.contains(index) { items[index].widget.isVisible = false }
        let hidden = indices.filter { !fitting.contains($0) }
        guard hidden != overflowing else { return }
        overflowing = hidden
        overflow.removeAll()
        for index in hidden { items[index].addToMenu(overflow) }
    }
}

extension LabelledButton {
    /// A button of the selection bar activating `action`, its tooltip
    /// naming the action's keys.
    convenience init(action: ActionID, label: String, iconName: String) {
        self.init(label: label, iconName: iconName, keys: Keyboard.keys(for: action))
        actionName = action.detailed
    }
}
