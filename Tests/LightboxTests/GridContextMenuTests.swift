import Foundation
import GtkKit
import GtkTestSupport
@testable import Lightbox
import LightboxCore
import XCTest

/// The grid's context menus: which photos they act on, and what they offer.
final class GridContextMenuTests: DisplayTestCase {
    /// A grid of `photos` in an 800 × 600 window, recording the selections
    /// people make.
    @MainActor
    private final class Shown {
        let window = Window()
        let grid = PhotoGridView()
        var selected: [[String]] = []
        var bound = false

        init(_ photos: [Photo], selection: Set<String> = []) {
            window.defaultSize = (800, 600)
            grid.onIntent = { [unowned self] intent in
                switch intent {
                case .selectionChanged(let paths): self.selected.append(paths)
                case .thumbnailsWanted(let onScreen, _): self.bound = self.bound || !onScreen.isEmpty
                case .open, .cellBound, .screenFilled, .scrolled: break
                }
            }
            window.setChild(grid.root)
            grid.render(ChunkedArray(photos), selection: selection)
            window.present()
            spin(until: { self.bound }, "cells on screen")
        }

        /// The middle of the cell showing `photo`, in the grid's coordinates.
        func middle(of photo: Photo) -> (x: Double, y: Double) {
            guard let frame = grid.cell(showing: photo.path)?.root.parent?.frame(in: grid.grid) else {
                XCTFail("no cell shows \(photo.path)")
                return (0, 0)
            }
            return (frame.x + frame.width / 2, frame.y + frame.height / 2)
        }
    }

    func testARightClickOutsideTheSelectionSelectsThePhotoAndInsideItKeepsTheSelection() { onMain {
        let photos = samplePhotos(6)
        let shown = Shown(photos, selection: [photos[1].path, photos[2].path])
        defer { shown.window.destroy() }
        let grid = shown.grid

        // Inside the selection: it stays, so the menu acts on both.
        let inside = shown.middle(of: photos[2])
        grid.openContextMenu(atX: inside.x, y: inside.y)
        XCTAssertTrue(grid.photoMenu.isOpen)
        XCTAssertEqual(shown.selected, [], "nothing changed")
        XCTAssertEqual(grid.selectedPhotos.map(\.path), [photos[1].path, photos[2].path])
        grid.photoMenu.popdown()
        spin(until: { grid.focusedPosition == 2 }, "the focus on the photo clicked once the menu closed")

        // Outside it: that photo alone, reported as the person's selection.
        let outside = shown.middle(of: photos[4])
        grid.openContextMenu(atX: outside.x, y: outside.y)
        XCTAssertTrue(grid.photoMenu.isOpen)
        XCTAssertEqual(shown.selected, [[photos[4].path]])
        XCTAssertEqual(grid.selectedPhotos.map(\.path), [photos[4].path])
        XCTAssertFalse(grid.backgroundMenu.isOpen)
        grid.photoMenu.popdown()
        spin(until: { grid.focusedPosition == 4 }, "the focus back on the photo once the menu closed")
    } }

    func testTheMenuKeyOpensTheFocusedPhotosMenuAndEmptySpaceTheGrids() { onMain {
        let photos = samplePhotos(3)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        let grid = shown.grid
        grid.focus()
        spin(until: { grid.hasFocusedPhoto }, "a photo with the focus")
        let focused = grid.focusedPosition ?? -1
        grid.openContextMenuOfFocusedPhoto()
        XCTAssertTrue(grid.photoMenu.isOpen)
        XCTAssertEqual(shown.selected, [[photos[focused].path]], "nothing was selected: the focused photo is")
        grid.photoMenu.popdown()

        // Under the only row of photos: the grid's own menu, the selection as it was.
        let below = shown.middle(of: photos[0])
        grid.openContextMenu(atX: below.x, y: below.y + 400)
        XCTAssertTrue(grid.backgroundMenu.isOpen)
        XCTAssertFalse(grid.photoMenu.isOpen)
        XCTAssertEqual(shown.selected.count, 1)
        grid.backgroundMenu.popdown()
    } }

    func testAPhotosMenuOffersWhatActsOnTheSelection() { onMain {
        let items = Menus.photoContext(allRejected: false).items
        let labels = items.map(\.label)
        for label in ["Open", "Open With…", "Show in Files", "Compare Side by Side", "Rate", "Rate › 5 Stars",
                      "Rate › Clear Rating", "Reject", "Label and Keywords", "Label and Keywords › Red Label",
                      "Label and Keywords › Add Keyword…", "Copy", "Copy to Folder…", "Move to Folder…",
                      "Rotate Left", "Rotate Right", "Set as Profile Photo", "Move to Trash"] {
            XCTAssertTrue(labels.contains(label), "\(label) in \(labels)")
        }
        let action = { (label: String) in items.first { $0.label == label }?.action }
        XCTAssertEqual(action("Reject"), ActionNames.toggleRejected.detailed)
        XCTAssertEqual(action("Rate › 4 Stars"), ActionNames.rate.detailed("4"))
        XCTAssertEqual(action("Copy"), ActionNames.copyFiles.detailed)
        XCTAssertEqual(action("Rotate Right"), ActionNames.rotateRight.detailed)
        XCTAssertEqual(action("Set as Profile Photo"), ActionNames.setProfilePhoto.detailed)
        let rejected = Menus.photoContext(allRejected: true).items
        XCTAssertEqual(rejected.first { $0.action == ActionNames.toggleRejected.detailed }?.label, "Take Back Rejection")
        XCTAssertEqual(Menus.gridBackground().items.map(\.label), ["Select All", "Paste", "Open Folder…"])
        XCTAssertEqual(Menus.gridBackground().items.map(\.action),
                       [ActionNames.selectAll.detailed, ActionNames.paste.detailed, ActionNames.openFolder.detailed])
    } }
}

/// The selection bar names its actions, and fits them to the window's
/// width, the others in its More menu.
final class SelectionBarViewTests: DisplayTestCase {
    @MainActor
    private static func shownBar(width: Int) -> (Window, SelectionBarView) {
        let window = Window()
        window.defaultSize = (width, 200)
        let bar = SelectionBarView()
        window.setChild(bar.root)
        window.present()
        spin(until: { bar.root.isMapped }, "the bar")
        return (window, bar)
    }

    func testEveryActionIsInTheBarOrInItsMoreMenu() { onMain {
        let (window, bar) = Self.shownBar(width: 1600)
        defer { window.destroy() }
        bar.fit(toWidth: 1600)
        bar.render("5 selected", count: 5)
        let all = ["Rate", "Label and Keywords", "Reject", "Open", "Open With…", "Show in Files", "Copy to Folder…",
                   "Move to Folder…", "Move to Trash", "Select None"]
        XCTAssertEqual(bar.shownActions, all, "Compare is for two to four photos")
        XCTAssertEqual(bar.moreItems.map(\.label), ["Copy", "Copy Paths", "Rotate Left", "Rotate Right",
                                                    "Set as Profile Photo"], "what only the menu has")

        bar.render("4 selected", count: 4)
        XCTAssertTrue(bar.shownActions.contains("Compare Side by Side"), "four compare side by side")
        bar.render("2 selected", count: 2)
        XCTAssertTrue(bar.shownActions.contains("Compare Side by Side"))

        // GNOME's narrowest window: the most used stay, the rest are in More.
        bar.fit(toWidth: 360)
        let narrow = bar.shownActions
        XCTAssertTrue(narrow.contains("Rate"), "\(narrow)")
        XCTAssertLessThan(narrow.count, 4, "\(narrow)")
        let menu = bar.moreItems.map(\.label)
        for action in all + ["Compare Side by Side"] where !narrow.contains(action) {
            XCTAssertTrue(menu.contains(action), "\(action) in More: \(menu)")
        }
        XCTAssertTrue(menu.contains("Rate › 5 Stars") || narrow.contains("Rate"))
        XCTAssertLessThanOrEqual(bar.root.naturalWidth, 360, "the bar asks for no more than the window has")
    } }

    func testRejectSaysWhatItWillDo() { onMain {
        let (window, bar) = Self.shownBar(width: 360)
        defer { window.destroy() }
        bar.fit(toWidth: 360)
        bar.render("3 selected", count: 3, allRejected: true)
        let named = bar.shownActions + bar.moreItems.map(\.label)
        XCTAssertTrue(named.contains("Take Back Rejection"), "\(named)")
        XCTAssertFalse(named.contains("Reject"))
        bar.render("3 selected", count: 3, allRejected: false)
        XCTAssertTrue((bar.shownActions + bar.moreItems.map(\.label)).contains("Reject"))
        bar.render(nil)
        XCTAssertNil(bar.text)
    } }
}
