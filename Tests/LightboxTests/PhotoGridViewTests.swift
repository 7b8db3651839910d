import Foundation
import GtkKit
@testable import Lightbox
import LightboxCore
import XCTest

final class PhotoGridViewTests: DisplayTestCase {
    @MainActor
    private static func shownGrid(_ photos: [Photo],
                                  asked: @escaping @MainActor (Photo) -> Void = { _ in }) -> (Window, PhotoGridView) {
        let window = Window()
        window.defaultSize = (800, 600)
        let grid = PhotoGridView()
        // Thumbnails that take their time, as on a cold cache.
        grid.loadThumbnail = { photo in
            asked(photo)
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

    func testThumbnailsLoadOnlyForCellsOnOrNearTheScreen() { onMain {
        let photos = samplePhotos(600)
        var asked = Set<String>()
        let (window, grid) = Self.shownGrid(photos) { asked.insert($0.path) }
        defer { window.destroy() }
        MainLoop.iterate(until: { !asked.isEmpty }, timeout: 3)
        MainLoop.iterate(until: { false }, timeout: 0.3)
        XCTAssertTrue(asked.contains(photos[0].path))
        // GTK 4.8 binds about 30 rows; a 600-pixel view shows under three.
        XCTAssertLessThan(asked.count, grid.boundCount / 2, "cells far off screen do not load")
        let index = { (path: String) in photos.firstIndex { $0.path == path } ?? -1 }
        XCTAssertLessThan(asked.map(index).max() ?? 0, 60)

        asked = []
        grid.root.verticalOffset = grid.root.verticalRange / 2
        MainLoop.iterate(until: { !asked.isEmpty }, timeout: 3)
        MainLoop.iterate(until: { false }, timeout: 0.3)
        let middle = asked.map(index).sorted()
        XCTAssertFalse(middle.isEmpty, "cells scrolled to load")
        XCTAssertGreaterThan(middle.first ?? 0, 200, "near the middle of the list")
        XCTAssertLessThan(middle.last ?? 0, 400)
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
