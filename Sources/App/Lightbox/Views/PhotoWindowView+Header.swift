import GtkKit
import Localization

extension PhotoWindowView {
    /// The header bar, kept to a few controls as GNOME's image viewer keeps
    /// it, so that a photo's whole name fits: the name with its rating
    /// under it in the middle, and at the end the properties' toggle and
    /// the photo menu (F10). Everything else is over the photo
    /// (`PhotoControls`) or in the menu, and every control keeps its keys.
    func makeHeaderBar(menu: Menu) -> HeaderBar {
        // Translators: the menu button in a photo window's header bar (F10), with what the window can do besides.
        let menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: tr("Photo Menu"), menu: menu)
        menuButton.isPrimary = true
        header.packEnd(menuButton)
        propertiesButton.actionName = ActionNames.properties.detailed
        header.packEnd(propertiesButton)
        header.setTitleWidget(windowTitle.root)
        return header
    }

    /// The photo menu: stepping on after a rating, rotating, the slideshow
    /// and the rating's own items (`Menus.photo`), then what left the
    /// header bar: full screen (also over the photo), making the photo the
    /// profile photo, and moving it to the trash.
    static func photoMenu() -> Menu {
        let menu = Menus.photo()
        let window = Menu()
        // Translators: a photo menu item (F11): the photo fills the screen.
        window.append(tr("Full Screen"), action: ActionNames.fullscreen.detailed)
        menu.appendSection(window)
        let photo = Menu()
        // Translators: a photo menu item: the photo becomes the picture of the person's profile.
        photo.append(tr("Set as Profile Photo"), action: ActionNames.setProfilePhoto.detailed)
        // Translators: a photo menu item (Delete).
        photo.append(tr("Move to Trash"), action: ActionNames.trash.detailed)
        menu.appendSection(photo)
        return menu
    }
}
