@testable import LightboxCore
import XCTest

final class ThumbnailSizeTests: XCTestCase {
    func testCellsAreShownInDevicePixelsFromASizeThatHoldsThem() {
        XCTAssertTrue(ThumbnailSize.forCells(180, scale: 1) == (.large, 180), "a 256 px thumbnail, shown at 180")
        XCTAssertTrue(ThumbnailSize.forCells(180, scale: 2) == (.xLarge, 360), "HiDPI: 512 px, shown at 360")
        XCTAssertTrue(ThumbnailSize.forCells(180, scale: 3) == (.xxLarge, 540))
        XCTAssertTrue(ThumbnailSize.forCells(180, scale: 0) == (.large, 180), "no scale reads as 1")
        XCTAssertTrue(ThumbnailSize.forCells(2000, scale: 1) == (.xxLarge, 2000), "the largest size when none holds it")
    }
}
