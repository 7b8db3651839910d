import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
import LightboxCore
import XCTest

final class PhotoGridViewTests: DisplayTestCase {
    /// A grid of `photos` in an 800 × 600 window, recording what it asks.
    @MainActor
    private final class Shown {
        let window = Window()
        let grid = PhotoGridView()
        var wanted: (onScreen: [Photo], nearby: [Photo]) = ([], [])
        var bound: [Photo] = []
        var filled: Int?
        var selected: [String]?

        init(_ photos: [Photo]) {
            window.defaultSize = (800, 600)
            grid.onIntent = { [unowned self] intent in
                switch intent {
                case .thumbnailsWanted(let onScreen, let nearby): self.wanted = (onScreen, nearby)
                case .cellBound(let photo): self.bound.append(photo)
                case .screenFilled(let cells): self.filled = cells
                case .selectionChanged(let paths): self.selected = paths
                case .open, .scrolled: break
                }
            }
            window.setChild(grid.root)
            grid.render(ChunkedArray(photos))
            window.present()
            spin(until: { !self.wanted.onScreen.isEmpty && !self.grid.isFilling }, "cells on screen, every photo in")
            // Laid out with every photo: the scroll range is the list's.
            var drawn = false
            window.onNextPaint { drawn = true }
            spin(until: { drawn }, "a frame with every photo")
        }
    }

    /// GTK 4.8 makes a cell for each of the grid's first 32 rows or so at
    /// once; an empty grid given a long list takes it a few rows a frame,
    /// so that no frame makes more than those rows' cells.
    func testAnEmptyGridFillsAFewRowsAFrame() { onMain {
        let photos = samplePhotos(600)
        let window = Window()
        defer { window.destroy() }
        window.defaultSize = (800, 600)
        let grid = PhotoGridView()
        window.setChild(grid.root)
        // Called before the grid's own watch, which adds the next rows.
        let frames = CellsPerFrame(grid, window)
        frames.watch()
        grid.render(ChunkedArray(photos))
        let step = grid.source.count
        XCTAssertTrue(grid.isFilling)
        XCTAssertLessThan(step, 50, "the first rows only")
        window.present()
        spin(until: { !grid.isFilling }, "every photo in")
        XCTAssertEqual(grid.source.count, photos.count)
        let made = frames.made
        let perFrame = zip(made.dropFirst(), made).map { $0 - $1 }
        XCTAssertLessThanOrEqual(made.first ?? .max, step, "the first frame makes the first rows' cells")
        XCTAssertLessThanOrEqual(perFrame.max() ?? 0, step, "no frame makes more than a step's cells: \(made)")
        XCTAssertGreaterThan(made.last ?? 0, 2 * step, "GTK's page of cells was made, over frames")
    } }

    /// A list rendered while the grid fills replaces the one it was filling
    /// with (a folder's next batch comes while its first fills in): a long
    /// one is filled in from as far as the grid got, a short one is shown
    /// whole and ends the filling. The list replaced never comes back.
    func testAListGivenWhileTheGridFillsReplacesTheOneItFills() { onMain {
        let first = samplePhotos(600), second = samplePhotos(500, folder: "/photos/Hike")
        let paths = { (grid: PhotoGridView) in grid.source.elements.map(\.path) }
        let window = Window()
        defer { window.destroy() }
        window.defaultSize = (800, 600)
        let grid = PhotoGridView()
        window.setChild(grid.root)
        grid.render(ChunkedArray(first))
        let step = grid.source.count
        window.present()
        spin(until: { grid.source.count > step || !grid.isFilling }, "a step of the filling")
        XCTAssertTrue(grid.isFilling, "still filling when the new list comes")
        let shown = grid.source.count
        grid.render(ChunkedArray(second))
        XCTAssertTrue(grid.isFilling, "a long list is filled in too")
        XCTAssertEqual(paths(grid), second.prefix(shown).map(\.path), "the new list's first rows, as many as before")
        spin(until: { !grid.isFilling }, "the new list in")
        XCTAssertEqual(paths(grid), second.map(\.path), "the new list, whole")

        // Empty, then filling again; a short list comes meanwhile.
        grid.render(ChunkedArray())
        grid.render(ChunkedArray(first))
        spin(until: { grid.source.count > step || !grid.isFilling }, "a step of the filling")
        XCTAssertTrue(grid.isFilling, "still filling when the short list comes")
        grid.render(ChunkedArray(first.prefix(10)))
        XCTAssertFalse(grid.isFilling, "a list no longer than what is shown ends the filling")
        XCTAssertEqual(paths(grid), first.prefix(10).map(\.path))
        // The frames the filling was waiting for come and go.
        var frames = 0
        @MainActor func countFrames() {
            grid.root.onNextPaint {
                frames += 1
                if frames < 3 { countFrames() }
            }
        }
        countFrames()
        spin(until: { frames == 3 }, "three frames")
        XCTAssertEqual(paths(grid), first.prefix(10).map(\.path), "the short list stays")
    } }

    /// How many cells a grid has made, at each frame while it fills.
    @MainActor
    private final class CellsPerFrame {
        var made: [Int] = []
        let grid: PhotoGridView
        let window: Window

        init(_ grid: PhotoGridView, _ window: Window) {
            self.grid = grid
            self.window = window
        }

        func watch() {
            grid.root.onNextPaint { [self] in
                made.append(grid.cellCount)
                if grid.isFilling { watch() }
            }
        }
    }

    func testTheGridBindsOnlyVisibleCellsAndRecyclesThem() { onMain {
        let photos = samplePhotos(500)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        let grid = shown.grid
        // GTK 4.8 keeps up to 30 rows of cells bound around the view.
        XCTAssertLessThan(grid.cellCount, photos.count, "cells are made for the view, not for every photo")
        XCTAssertEqual(Set(shown.bound.map(\.path)).count, grid.boundCount, "each bound cell was reported")
        let cellsBefore = grid.cellCount
        grid.root.verticalOffset = grid.root.verticalRange / 2
        spin(until: { shown.wanted.onScreen.contains { $0.path == photos[250].path } || shown.wanted.onScreen.first
            .map { p in (photos.firstIndex { $0.path == p.path } ?? 0) > 150 } == true }, "the middle on screen")
        XCTAssertLessThanOrEqual(grid.cellCount, cellsBefore + 40, "scrolling reuses cells")
    } }

    func testOnlyCellsOnOrNearTheScreenWaitForThumbnails() { onMain {
        let photos = samplePhotos(600)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        let index = { (photo: Photo) in photos.firstIndex { $0.path == photo.path } ?? -1 }
        XCTAssertTrue(shown.wanted.onScreen.contains { $0.path == photos[0].path })
        XCTAssertLessThan(shown.wanted.onScreen.count, 40, "an 800×600 window shows a few rows")
        XCTAssertLessThan((shown.wanted.onScreen + shown.wanted.nearby).map(index).max() ?? 0, 60)
        XCTAssertLessThan(shown.wanted.onScreen.count + shown.wanted.nearby.count, shown.grid.boundCount / 2,
                          "cells far off screen wait for nothing")

        shown.grid.root.verticalOffset = shown.grid.root.verticalRange / 2
        spin(until: { (shown.wanted.onScreen.first.map(index) ?? 0) > 200 }, "the middle")
        let middle = (shown.wanted.onScreen + shown.wanted.nearby).map(index).sorted()
        XCTAssertGreaterThan(middle.first ?? 0, 200, "near the middle of the list")
        XCTAssertLessThan(middle.last ?? 0, 400)
    } }

    /// A window made larger shows more cells without a scroll: they ask
    /// for their thumbnails then, not at the next scroll.
    func testCellsAWiderWindowShowsAskForTheirThumbnails() { onMain {
        let photos = samplePhotos(600)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        let index = { (photo: Photo) in photos.firstIndex { $0.path == photo.path } ?? -1 }
        let before = shown.wanted.onScreen.map(index).max() ?? 0
        shown.window.defaultSize = (1600, 1200)
        // What the main window does on a resize.
        shown.window.onNextPaint { shown.grid.fitColumns(toWidth: 1600) }
        spin(until: { (shown.wanted.onScreen.map(index).max() ?? 0) > before }, "the cells newly on screen asking")
    } }

    func testThumbnailsShowInTheirCellsAndFillTheScreen() { onMain {
        let photos = samplePhotos(3)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        let texture = Texture(PixelData(width: 2, height: 2, rgba: Data(repeating: 90, count: 16)))
        XCTAssertEqual(shown.grid.cell(showing: photos[0].path)?.showsThumbnail, false)
        shown.grid.showThumbnail(.success(texture), for: photos[0])
        shown.grid.showThumbnail(.failure(ThumbnailError(reason: "The file is empty.")), for: photos[1])
        XCTAssertEqual(shown.grid.cell(showing: photos[0].path)?.showsThumbnail, true)
        XCTAssertNil(shown.filled, "one cell still waits")
        shown.grid.showThumbnail(.success(texture), for: photos[2])
        spin(until: { shown.filled == 3 }, "the screen filled")
    } }

    func testTheSelectionStaysOnTheSamePhotosAndWhatPeopleSelectIsReported() { onMain {
        let photos = samplePhotos(60)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        let grid = shown.grid
        let chosen: Set = [photos[7].path, photos[9].path]
        grid.render(ChunkedArray(photos), selection: chosen)
        XCTAssertEqual(Set(grid.selectedPhotos.map(\.path)), chosen)
        XCTAssertNil(shown.selected, "a selection rendered is not reported back")
        grid.render(ChunkedArray(photos.reversed()), selection: chosen)
        XCTAssertEqual(grid.selectedPhotos.map(\.path), [photos[9].path, photos[7].path], "the same photos, moved")
        let odd = photos.filter { $0.fileSize % 2 == 1 }  // photos 7 and 9 have sizes 1007 and 1009
        grid.render(ChunkedArray(odd), selection: chosen)
        XCTAssertEqual(Set(grid.selectedPhotos.map(\.path)), chosen)

        // Ctrl+A, as GTK's grid binds it: every photo shown is reported.
        XCTAssertTrue(grid.cell(showing: odd[0].path)?.root.activateAction("list.select-all") ?? false)
        XCTAssertEqual(shown.selected.map(Set.init), Set(odd.map(\.path)))
        XCTAssertEqual(grid.selectedPhotos.count, odd.count)
        grid.render(ChunkedArray(odd), selection: [])
        XCTAssertEqual(grid.selectedPhotos, [])
    } }

    func testCellsShowRatingChangesInPlace() { onMain {
        var photos = samplePhotos(3)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        XCTAssertEqual(shown.grid.cell(showing: photos[0].path)?.ratingText, "")
        photos[0].rate(4)
        shown.grid.render(ChunkedArray(photos))
        XCTAssertEqual(shown.grid.cell(showing: photos[0].path)?.ratingText, "★★★★☆")
        XCTAssertEqual(shown.grid.boundCount, 3, "re-shown in its cell, not bound again")
    } }

    /// A photo whose file was written again (turned from the grid's menu,
    /// say) asks for its thumbnail again; the one shown stays meanwhile.
    func testAPhotoWrittenAgainAsksForItsThumbnailAgain() { onMain {
        var photos = samplePhotos(3)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        let texture = Texture(PixelData(width: 2, height: 2, rgba: Data(repeating: 90, count: 16)))
        photos.forEach { shown.grid.showThumbnail(.success(texture), for: $0) }
        spin(until: { shown.filled == 3 }, "the screen filled")
        shown.wanted = ([], [])
        photos[1] = Photo(path: photos[1].path, fileSize: photos[1].fileSize + 20,
                          modificationTime: photos[1].modificationTime + 60)
        shown.grid.render(ChunkedArray(photos))
        spin(until: { !shown.wanted.onScreen.isEmpty }, "a thumbnail asked for")
        XCTAssertEqual(shown.wanted.onScreen, [photos[1]], "only the photo written again")
        XCTAssertEqual(shown.grid.cell(showing: photos[1].path)?.showsThumbnail, true, "the old one shows meanwhile")
    } }

    func testAListThatComesWhileAButtonIsHeldWaitsForItsRelease() { onMain {
        let photos = samplePhotos(6)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        var pressed = true
        shown.grid.pointerHold.isPressed = { pressed }
        shown.grid.render(ChunkedArray(photos.reversed()))
        shown.grid.render(ChunkedArray(photos.reversed().dropLast()))
        XCTAssertEqual(shown.grid.source.elements.map(\.path), photos.map(\.path), "nothing moved while pressed")
        pressed = false
        spin(until: { shown.grid.source.count == 5 }, "the last list once let go")
        XCTAssertEqual(shown.grid.source.elements.map(\.path), photos.reversed().dropLast().map(\.path))
        shown.grid.render(ChunkedArray(photos))
        XCTAssertEqual(shown.grid.source.elements.map(\.path), photos.map(\.path), "at once when no button is held")
    } }

    func testZoomingResizesEveryCellAndAsksForThumbnailsOfTheNewSize() { onMain {
        let photos = samplePhotos(200)
        let shown = Shown(photos)
        defer { shown.window.destroy() }
        shown.grid.fitColumns(toWidth: 800)
        let before = shown.wanted.onScreen.count
        shown.wanted = ([], [])
        shown.grid.zoom(to: .small)
        XCTAssertEqual(shown.grid.cell(showing: photos[0].path)?.thumbnailSize, GridZoom.small.points)
        spin(until: { !shown.wanted.onScreen.isEmpty }, "the cells on screen asking again")
        XCTAssertGreaterThan(shown.wanted.onScreen.count, before, "more photos on a screen")
        shown.grid.zoom(to: GridZoom.small.smaller)
        XCTAssertEqual(shown.grid.zoom, .small, "the smallest stays")
    } }
}
