import GtkKit
import LightboxCore
import Localization

/// The bar under the grid while photos are selected: how many, and what
/// can be done with them. Its buttons activate the window's actions, so
/// each has the same keys, and is disabled with them.
@MainActor
final class SelectionBarView {
    let root: Revealer
    private let count = Label()

    init() {
        count.addCssClass("heading")
        let rate = MenuButton(iconName: "starred-symbolic", accessibleLabel: tr("Rate Selected Photos"), menu: Menus.rate())
        // Translators: a button of the selection bar whose menu gives the selected photos a colour label or a keyword.
        let tag = MenuButton(iconName: "bookmark-new-symbolic", accessibleLabel: tr("Label or Add Keyword"), menu: Menus.tag())
        let start = Box(.horizontal, spacing: 6, [
            count,
            rate,
            tag,
            // Translators: a button (X) that rejects the selected photos, or takes their rejection back.
            Button(for: ActionNames.toggleRejected, iconName: "action-unavailable-symbolic", label: tr("Reject or Take Back")),
            Button(for: ActionNames.openSelected, iconName: "image-x-generic-symbolic", label: tr("Open Selected Photos")),
            Button(for: ActionNames.compare, iconName: "view-dual-symbolic", label: tr("Compare Side by Side")),
            Button(for: ActionNames.openWith, iconName: "system-run-symbolic", label: tr("Open With…")),
            Button(for: ActionNames.showInFiles, iconName: "folder-symbolic", label: tr("Show in Files")),
        ])
        start.hexpand = true
        let end = Box(.horizontal, spacing: 6, [
            Button(for: ActionNames.copyTo, iconName: "edit-copy-symbolic", label: tr("Copy to Folder…")),
            Button(for: ActionNames.moveTo, iconName: "go-next-symbolic", label: tr("Move to Folder…")),
            Button(for: ActionNames.trash, iconName: "user-trash-symbolic", label: tr("Move to Trash")),
            Button(for: ActionNames.selectNone, iconName: "edit-clear-all-symbolic", label: tr("Select None")),
        ])
        let bar = Box(.horizontal, spacing: 12, [start, end])
        bar.addCssClass("toolbar")
        bar.addCssClass("selection-bar")
        // Translators: the name of the bar under the photos while some are selected.
        bar.setAccessibleLabel(tr("Selected Photos"))
        root = Revealer(child: bar, transition: .slideUp)
    }

    /// "12 selected"; nil hides the bar.
    var text: String? { root.revealsChild ? count.text : nil }

    func render(_ summary: String?) {
        if let summary { count.text = summary }
        root.revealsChild = summary != nil
    }
}
