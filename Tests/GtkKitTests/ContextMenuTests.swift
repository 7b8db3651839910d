import Foundation
import GtkKit
import GtkTestSupport
import XCTest

/// Context menus over a widget, the menu items that hide while they cannot
/// act, and files read back from the clipboard as a paste reads them.
final class ContextMenuTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAMenuListsItsItemsAndHidesThoseThatCannotAct() { onMain {
        let menu = Menu()
        let section = Menu()
        section.append("Open", action: "win.open")
        section.appendHiddenWhenDisabled("Compare", action: "win.compare")
        menu.appendSection(section)
        let stars = Menu()
        stars.append("4 Stars", action: "win.rate::4")
        menu.appendSubmenu(stars, label: "Rate")
        XCTAssertEqual(menu.items, [Menu.Item(label: "Open", action: "win.open"),
                                    Menu.Item(label: "Compare", action: "win.compare"),
                                    Menu.Item(label: "Rate", action: nil),
                                    Menu.Item(label: "Rate › 4 Stars", action: "win.rate::4")])
    } }

    func testAMenuOpensOverItsWidgetAndCloses() { onMain {
        let window = Window()
        defer { window.destroy() }
        let area = Box(.vertical)
        area.setSizeRequest(width: 300, height: 200)
        window.setChild(area)
        window.present()
        spin(until: { area.isMapped }, "the window")
        let menu = Menu()
        menu.append("Open", action: "win.open")
        let popover = PopoverMenu(menu: menu, accessibleLabel: "Photo", over: area)
        var closed = 0
        popover.onClosed { closed += 1 }
        XCTAssertFalse(popover.isOpen)
        popover.popup(pointingAt: 40, 50)
        spin(until: { popover.isMapped }, "the menu shown")
        XCTAssertTrue(popover.isOpen)
        popover.popdown()
        XCTAssertFalse(popover.isOpen)
        XCTAssertEqual(closed, 1)
    } }

    func testTheMenuKeysAreTheMenuKeyAndShiftF10() {
        XCTAssertTrue(KeyPressHandler.opensContextMenu("Menu", []))
        XCTAssertTrue(KeyPressHandler.opensContextMenu("F10", .shift))
        XCTAssertFalse(KeyPressHandler.opensContextMenu("F10", []), "F10 alone opens the main menu")
        XCTAssertFalse(KeyPressHandler.opensContextMenu("F10", [.shift, .control]))
    }

    /// Files put on the clipboard as a file manager copies them (as Ctrl+C
    /// in a grid does) are read back as a paste reads them.
    func testFilesOnTheClipboardAreReadBack() { onMain {
        let paths = ["/tmp/lightbox clipboard/a.jpg", "/tmp/lightbox clipboard/b é.jpg"]
        let window = Window()
        defer { window.destroy() }
        let clipboard = Clipboard(of: window)
        window.copyToClipboard(files: paths)
        XCTAssertTrue(clipboard.hasFiles)
        var files: Clipboard.Files?
        Task { @MainActor in files = await clipboard.files() }
        spin(until: { files != nil }, "the clipboard read")
        XCTAssertEqual(files, Clipboard.Files(paths: paths, isCut: false))
        window.copyToClipboard(text: "just text")
        XCTAssertFalse(clipboard.hasFiles, "text is not files")
    } }
}
