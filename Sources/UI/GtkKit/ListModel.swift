import CGtkShim

/// A GListModel of keyed items. Its owner decides what changed and calls
/// `splice`, which emits exactly one items-changed signal per call; views
/// map each item's key back to the element it stands for.
@MainActor
public final class ListModel: Object {
    public init() { super.init(lb_list_model_new(), transfer: .full) }

    public var count: Int { Int(lb_list_model_count(gobject)) }

    /// Replaces `removing` items at `position` by items with `keys`.
    public func splice(at position: Int, removing: Int, inserting keys: [UInt64]) {
        precondition(position >= 0 && removing >= 0 && position + removing <= count,
                     "splice(\(position), \(removing)) outside 0..<\(count)")
        keys.map { guint64($0) }.withUnsafeBufferPointer { buffer in
            lb_list_model_splice(gobject, UInt32(position), UInt32(removing),
                                 buffer.baseAddress, UInt32(buffer.count))
        }
    }

    public func key(at position: Int) -> UInt64 {
        UInt64(lb_list_model_key_at(gobject, UInt32(position)))
    }

    /// Calls `body(position, removed, added)` after every items-changed.
    @discardableResult
    public func onItemsChanged(_ body: @escaping @MainActor (Int, Int, Int) -> Void) -> SignalConnection {
        connect("items-changed") { args in body(Int(args.uint(1)), Int(args.uint(2)), Int(args.uint(3))) }
    }
}

/// Multiple selection over a list model (GtkMultiSelection): GTK's grid
/// and list views then take click, Ctrl+click, Shift+click, Shift+arrows,
/// Ctrl+A and Shift+Ctrl+A themselves.
@MainActor
public final class MultiSelection: Object {
    public let model: ListModel

    public init(model: ListModel) {
        self.model = model
        super.init(lb_multi_selection_new(model.gobject), transfer: .full)
    }

    /// The selected positions, ascending. Setting replaces the selection
    /// in one change.
    public var selectedPositions: [Int] {
        get {
            var count: UInt32 = 0
            guard let positions = lb_selection_copy_selected(gobject, &count) else { return [] }
            defer { g_free(positions) }
            return (0..<Int(count)).map { Int(positions[$0]) }
        }
        set {
            let positions = newValue.filter { $0 >= 0 }.map { UInt32($0) }
            positions.withUnsafeBufferPointer { lb_selection_set_selected(gobject, $0.baseAddress, UInt32($0.count)) }
        }
    }

    /// `body` runs after every change of the selection, whoever made it.
    @discardableResult
    public func onSelectionChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("selection-changed") { _ in body() }
    }
}

/// One recycled row or cell of a list or grid view. The factory creates
/// its widgets once (`setup`) and binds it to different items over time.
@MainActor
public final class ListCell: Object {
    init(_ item: UnsafeMutablePointer<GObject>) { super.init(item, transfer: .none) }

    /// The key of the item the cell shows now, or nil when unbound.
    public var key: UInt64? {
        let key = lb_gtk_list_item_key(gobject)
        return key == 0 ? nil : UInt64(key)
    }

    public var position: Int? {
        let position = gtk_list_item_get_position(lb_list_item(gobject))
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    public func setChild(_ child: Widget) { gtk_list_item_set_child(lb_list_item(gobject), child.widget) }
}

/// Builds and binds the widgets of list and grid cells
/// (GtkSignalListItemFactory). `Content` is the app's cell view.
@MainActor
public final class ListCellFactory<Content: AnyObject>: Object {
    /// Each cell's content and the list item it sits in, by the address
    /// of that GtkListItem.
    private var cells: [Int: (content: Content, item: ListCell)] = [:]
    /// The list item of each content.
    private var items: [ObjectIdentifier: ListCell] = [:]

    /// Shows the item with `key` at `position` in a cell's content.
    public var onBind: @MainActor (Content, UInt64, Int) -> Void = { _, _, _ in }
    /// Lets a cell's content drop what it showed (cancel loads, …).
    public var onUnbind: @MainActor (Content) -> Void = { _ in }

    /// - Parameter make: creates a cell's content and its root widget, once
    ///   per cell; cells are then bound to items and recycled.
    public init(make: @escaping @MainActor () -> (Content, Widget)) {
        super.init(lb_signal_list_item_factory_new(), transfer: .full)
        connect("setup") { [weak self] args in
            guard let self, let object = args.object(1) else { return }
            let (content, root) = make()
            let item = ListCell(object)
            item.setChild(root)
            self.cells[Self.identity(object)] = (content, item)
            self.items[ObjectIdentifier(content)] = item
        }
        connect("bind") { [weak self] args in
            guard let self, let object = args.object(1), let cell = self.cells[Self.identity(object)],
                  let key = cell.item.key else { return }
            self.onBind(cell.content, key, cell.item.position ?? 0)
        }
        connect("unbind") { [weak self] args in
            guard let self, let object = args.object(1), let cell = self.cells[Self.identity(object)] else { return }
            self.onUnbind(cell.content)
        }
        connect("teardown") { [weak self] args in
            guard let self, let object = args.object(1),
                  let cell = self.cells.removeValue(forKey: Self.identity(object)) else { return }
            self.items[ObjectIdentifier(cell.content)] = nil
        }
    }

    /// How many cells exist now (created and not torn down).
    public var cellCount: Int { cells.count }

    /// Every cell's content that exists now, bound or waiting to be.
    public var contents: [Content] { cells.values.map(\.content) }

    /// Where the cell showing `content` is now: GTK moves a bound cell
    /// when items are inserted or removed before it, without binding it
    /// again.
    public func position(of content: Content) -> Int? {
        items[ObjectIdentifier(content)]?.position
    }

    private static func identity(_ item: UnsafeMutablePointer<GObject>) -> Int {
        Int(bitPattern: item)
    }
}
