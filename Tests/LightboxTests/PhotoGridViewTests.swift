import Foundation
import GtkKit
@testable import Lightbox
import LightboxCore
import XCTest

final class PhotoGridViewTests: DisplayTestCase {
    @MainActor
    private static func shownGrid(_ photos: [Photo]) -> (Window, PhotoGridView) {
        let window = Window()
        window.defaultSize = (800, 600)
        let grid = PhotoGridView()
        // Thumbnails that take their time, as on a cold cache.
        grid.loadThumbnail = { _ in
            try? await Task.sleep(nanoseconds: 5_000_000_000)
            return .failure(ThumbnailError(reason: "slow"))
        }
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
        var visible: [Photo] = []
        grid.onVisiblePhotos = { visible = $0 }
        MainLoop.iterate(until: { !visible.isEmpty }, timeout: 3)
        XCTAssertGreaterThan(grid.boundCount, 0)
        // GTK 4.8 keeps up to 30 rows of cells bound around the view; of
        // those, only the ones on screen are asked for first.
        XCTAssertLessThan(grid.cellCount, photos.count, "cells are made for the view, not for every photo")
        XCTAssertFalse(visible.isEmpty)
        XCTAssertLessThan(visible.count, 40, "an 800×600 window shows a few rows of cells")
        XCTAssertEqual(visible.first.map { photos.prefix(40).contains($0) }, true)
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
