import GtkKit
import LightboxCore
import Localization

/// The grid's context menus, where every file browser has them: a right
/// click or a long press on a photo, or the Menu key or Shift+F10 on the
/// photo with the focus, opens the photo's menu (Menus.photoContext); on
/// empty space, the grid's own (Select All, Paste, Open Folder…).
///
/// A photo's menu acts on the selection, as Nautilus's does: a photo that
/// is part of it keeps it, so the menu acts on every selected photo; any
/// other photo becomes the selection first, so the menu acts on it alone.
/// That change is the person's, reported as `.selectionChanged` like a
/// click. The menu's items are the window's actions, which act on the
/// selection; the menu itself does nothing.
extension PhotoGridView {
    /// Listens for the pointer, touch and keys that open the menus.
    func installContextMenus() {
        let click = SecondaryClickHandler()
        click.onPress { [weak self] x, y in self?.openContextMenu(atX: x, y: y) }
        grid.addHandler(click)
        let hold = LongPressHandler()
        hold.onPress { [weak self] x, y in self?.openContextMenu(atX: x, y: y) }
        grid.addHandler(hold)
        // The keys reach the grid from the cell with the focus (GTK's own
        // cell widget), which does not handle them.
        let keys = KeyPressHandler()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard KeyPressHandler.opensContextMenu(key, modifiers), let self else { return false }
            self.openContextMenuOfFocusedPhoto()
            return true
        }
        grid.addHandler(keys)
    }

    /// A context menu over the grid, named for screen readers; the photo
    /// its menu was for has the focus again once it closes.
    func makeContextMenu(_ menu: Menu) -> PopoverMenu {
        let popover = PopoverMenu(menu: menu, accessibleLabel: tr("Photos"), over: grid)
        popover.onClosed { [weak self] in self?.contextMenuClosed() }
        return popover
    }

    /// A right click or a long press at (x, y), in the grid's coordinates:
    /// the menu of the photo there, or of the empty space.
    func openContextMenu(atX x: Double, y: Double) {
        if let position = position(atX: x, y: y) {
            openPhotoMenu(at: position, pointingAt: (x, y, 1, 1))
        } else {
            contextMenuPosition = nil
            backgroundMenu.popup(pointingAt: x, y)
        }
    }

    /// The Menu key or Shift+F10: the menu of the photo with the focus,
    /// under its cell; the grid's own when no photo has it.
    func openContextMenuOfFocusedPhoto() {
        guard let position = focusedPosition, let cell = boundCell(at: position)?.root.parent,
              let frame = cell.frame(in: grid) else {
            contextMenuPosition = nil
            backgroundMenu.popup(pointingAt: 0, 0, width: Double(grid.width), height: 1)
            return
        }
        openPhotoMenu(at: position, pointingAt: frame)
    }

    /// The photo at `position` becomes the selection unless it is part of
    /// it, takes the focus, and its menu opens pointing at `area`.
    private func openPhotoMenu(at position: Int,
                               pointingAt area: (x: Double, y: Double, width: Double, height: Double)) {
        if !selection.selectedPositions.contains(position) { selection.selectedPositions = [position] }
        if let cell = boundCell(at: position), !cell.hasFocus { cell.takeFocus() }
        contextMenuPosition = position
        let selected = selectedPhotos
        photoMenu.setMenu(Menus.photoContext(allRejected: selectionIsRejected))
        // Orca reads "IMG_0042 menu", or "3 selected photos menu": what the
        // items will act on.
        photoMenu.setAccessibleLabel(selected.count == 1 ? selected[0].title
            // Translators: the name of the context menu of several selected photos, read by screen readers.
            : trn("{count} selected photo", "{count} selected photos", count: selected.count))
        photoMenu.popup(pointingAt: area.x, area.y, width: area.width, height: area.height)
    }

    /// Whether a context menu is open (the photo's or the grid's).
    var isContextMenuOpen: Bool {
        [photoMenu, backgroundMenu].contains { $0.isOpen }
    }

    /// The photo under (x, y), in the grid's coordinates; nil on empty space.
    private func position(atX x: Double, y: Double) -> Int? {
        for binding in bindings.values {
            // GTK's cell widget, around the cell's content and its margins.
            guard let frame = binding.cell.root.parent?.frame(in: grid),
                  x >= frame.x, x < frame.x + frame.width, y >= frame.y, y < frame.y + frame.height else { continue }
            return position(of: binding.cell)
        }
        return nil
    }

    /// The keyboard focus was in the menu: it goes back to the photo the
    /// menu was for, unless it went elsewhere (an item opened a window,
    /// which has the focus now, or moved the photo away).
    private func contextMenuClosed() {
        guard let position = contextMenuPosition else { return }
        contextMenuPosition = nil
        // GTK moves the focus out of the menu once it is hidden, after this.
        tasks.start { [weak self] in
            await Task.yield()
            guard let self, !self.isContextMenuOpen, !self.hasFocusedPhoto, position < self.source.count else { return }
            self.focusCell(.position(position))
        }
    }
}
