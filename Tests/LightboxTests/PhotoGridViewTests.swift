import Foundation
import GtkKit
@testable import Lightbox
import LightboxCore
import XCTest

final class PhotoGridViewTests: XCTestCase {
    override func setUpWithError() throws {
        try onMain { try XCTSkipUnless(Gtk.initialize(), "needs a display (run under xvfb-run)") }
    }

    @MainActor
    private static func shownGrid(_ photos: [Photo]) -> (Window, PhotoGridView) {
        let window = Window()
        window.defaultSize = (800, 600)
        let grid = PhotoGridView()
        window.setChild(grid.root)
        grid.render(photos)
        window.present()
        MainLoop.iterate(until: { grid.boundCount > 0 }, timeout: 5)
        return (window, grid)
    }

    func testTheGridBindsOnlyVisibleCellsAndRecyclesThem() { onMain {
        let photos = samplePhotos(500)
        let (window, grid) = Self.shownGrid(photos)
        defer { window.destroy() }
        XCTAssertGreaterThan(grid.boundCount, 0)
        XCTAssertLessThan(grid.cellCount, 200, "cells are made for the screen, not for every photo")
        let cellsBefore = grid.cellCount
        grid.root.verticalOffset = grid.root.verticalRange / 2
        MainLoop.iterate(until: { false }, timeout: 0.3)
        XCTAssertLessThanOrEqual(grid.cellCount, cellsBefore + 40, "scrolling reuses cells")
        XCTAssertGreaterThan(grid.boundCount, 0)
    } }

    func testSortingKeepsTheSelectionOnTheSamePhoto() { onMain {
        let photos = samplePhotos(60)
        let (window, grid) = Self.shownGrid(photos)
        defer { window.destroy() }
        grid.select(path: photos[7].path)
        XCTAssertEqual(grid.selectedPhoto?.path, photos[7].path)
        grid.render(photos.reversed())
        XCTAssertEqual(grid.selectedPhoto?.path, photos[7].path)
        grid.render(photos.filter { $0.fileSize % 2 == 1 })  // photo 7 has size 1007: still shown
        XCTAssertEqual(grid.selectedPhoto?.path, photos[7].path)
    } }

    func testCellsShowRatingChangesInPlace() { onMain {
        var photos = samplePhotos(3)
        let (window, grid) = Self.shownGrid(photos)
        defer { window.destroy() }
        photos[0].rate(4)
        grid.render(photos)
        XCTAssertEqual(grid.selectedPhoto, nil)
        XCTAssertEqual(grid.boundCount, 3)
    } }
}
