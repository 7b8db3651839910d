import CGtkShim

extension Menu {
    /// Adds an item that is hidden, not just greyed, while its action is
    /// disabled: a context menu offers what applies ("Compare Side by
    /// Side" for two photos only).
    public func appendHiddenWhenDisabled(_ label: String, action: String) {
        lb_menu_append_hidden_when_disabled(gobject, label, action)
    }

    /// One item of a menu, as `items` lists it.
    public struct Item: Equatable, Sendable {
        /// The item's label, after its submenu's ("Rate › 4 Stars").
        public let label: String
        /// The detailed action it activates ("win.rate::4"); nil for the
        /// item that opens a submenu.
        public let action: String?

        public init(label: String, action: String?) {
            self.label = label
            self.action = action
        }
    }

    /// Every item, depth first: sections flattened, a submenu's item
    /// followed by the items inside it.
    public var items: [Item] {
        guard let array = lb_menu_model_items(gobject) else { return [] }
        defer { g_strfreev(array) }
        var items: [Item] = []
        var index = 0
        while let entry = array[index] {
            let parts = String(cString: entry).split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            items.append(Item(label: String(parts[0]), action: parts.count > 1 ? String(parts[1]) : nil))
            index += 1
        }
        return items
    }
}
