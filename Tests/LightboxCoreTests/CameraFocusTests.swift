import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Where real cameras focused, read from their maker notes by the
/// sandboxed decoder (Tests/Fixtures/real, SOURCES.md). The expected areas
/// are ExifTool's reading of the same tags, turned by the file's
/// orientation as the photo is shown: (x, y) the centre, then the size, in
/// fractions of the picture shown.
final class CameraFocusTests: XCTestCase {
    private let decoders = DecoderPool(.standard())

    private func real(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/real/\(name)").standardizedFileURL.path
    }

    /// The focus of a real file as a photo window shows it.
    private func shown(_ name: String) throws -> CameraFocus? {
        let metadata = try XCTUnwrap(decoders.metadata(path: real(name)), "no metadata: \(name)")
        return metadata.focus?.oriented(metadata.orientation)
    }

    private func assertAreas(_ name: String, _ expected: [(Double, Double, Double, Double)],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        guard case .areas(let areas, _)? = try shown(name) else {
            return XCTFail("\(name): no focus areas, \(String(describing: try shown(name)))", file: file, line: line)
        }
        XCTAssertEqual(areas.count, expected.count, name, file: file, line: line)
        for (area, want) in zip(areas, expected) {
            let got = [area.x, area.y, area.width, area.height], wanted = [want.0, want.1, want.2, want.3]
            for (a, b) in zip(got, wanted) {
                XCTAssertEqual(a, b, accuracy: 0.005, "\(name): \(got) against \(wanted)", file: file, line: line)
            }
        }
    }

    // MARK: Canon

    func testACanon5DMarkIIITurnedByOrientation8ShowsItsFivePointsInFocusTurned() throws {
        try assertAreas("canon_5d3_ori8.jpg", [
            (0.6125, 0.5, 0.0484, 0.0328), (0.5555, 0.45, 0.0484, 0.0328), (0.5555, 0.5, 0.0484, 0.0328),
            (0.5555, 0.55, 0.0484, 0.0328), (0.5, 0.5, 0.0484, 0.0328),
        ])
    }

    func testACanonCompactCountsItsFrameItsOwnWay() throws {
        try assertAreas("canon_sx150is_ori6.jpg", [(0.5, 0.5, 0.18, 0.18)])
    }

    func testACanonFlexizoneBoxIsWhereTheMirrorlessBodyPutIt() throws {
        try assertAreas("canon_eos_rp_flexizone.jpg", [(0.4638, 0.5389, 0.0769, 0.1154)])
    }

    func testAnOlderCanonRAWReadsTheOldAFInfo() throws {
        try assertAreas("canon_350d_stripped.cr2", [(0.5, 0.5, 0.0547, 0.0816)])
    }

    func testCanonsFocusedByHandSaySo() throws {
        XCTAssertEqual(try shown("canon_eos_r6_pruned.cr3"), .manual)
        XCTAssertEqual(try shown("canon_r5_dark.hif"), .manual)
    }

    // MARK: Other makers

    func testASonyRAWGivesAPointTurnedByItsOrientation() throws {
        try assertAreas("sony_zv-e10_truncated.arw", [(0.3875, 0.4312, 0, 0)])
    }

    func testASonyHEIFStoredUprightIsNotDrawnWhereItsSensorFrameWouldMisplaceIt() throws {
        let path = real("sony_a7c2_ori6.hif")
        let focus = try XCTUnwrap(decoders.metadata(path: path)?.focus)
        guard case .areas(let areas, let frame?) = focus else { return XCTFail("\(focus)") }
        XCTAssertEqual(frame, FrameShape(width: 7008, height: 4672))
        XCTAssertEqual(areas.first?.width ?? 0, 153.0 / 7008, accuracy: 0.0005)
        // The pixels are upright (portrait), the note's frame landscape.
        let picture = try decoders.decode(path: path, maxSize: 256)
        XCTAssertLessThan(picture.width, picture.height)
        XCTAssertFalse(focus.fits(width: picture.width, height: picture.height))
        XCTAssertTrue(focus.fits(width: picture.height, height: picture.width))
    }

    func testAnOlympusBoxIsReadFromItsPackedCorners() throws {
        try assertAreas("olympus_e-p3.jpg", [(0.5, 0.4941, 0.1137, 0.1490)])
    }

    func testAPanasonicRAWGivesItsPoint() throws {
        try assertAreas("panasonic_lx3_stripped.rw2", [(0.5, 0.5, 0, 0)])
    }

    func testANikonThatOnlyNamesItsPointIsToldByRegionTurnedAsShown() throws {
        // "Mid-right" of the 11 points; turned by orientation 8 it is at the top.
        XCTAssertEqual(try shown("nikon_d3100_ori8.jpg"), .named(.top))
        XCTAssertEqual(try shown("nikon_d70_stripped.nef"), .named(.centre))
    }

    func testFilesWhoseNotesSayNothingOfFocusHaveNone() throws {
        // The SLT-A57 enciphers its AF data; the S5 Pro stores none.
        XCTAssertNil(try shown("sony_slt-a57.jpg"))
        XCTAssertNil(try shown("fujifilm_s5pro_stripped.raf"))
    }

    // MARK: Orientation and the index

    func testEveryOrientationTurnsAnAreaAsThePicture() {
        let area = FocusArea(x: 0.2, y: 0.1, width: 0.3, height: 0.05)
        let expected: [Int: (Double, Double)] = [
            1: (0.2, 0.1), 2: (0.8, 0.1), 3: (0.8, 0.9), 4: (0.2, 0.9),
            5: (0.1, 0.2), 6: (0.9, 0.2), 7: (0.9, 0.8), 8: (0.1, 0.8),
        ]
        for (orientation, (x, y)) in expected {
            let turned = area.oriented(orientation)
            XCTAssertEqual(turned.x, x, accuracy: 1e-9, "orientation \(orientation)")
            XCTAssertEqual(turned.y, y, accuracy: 1e-9, "orientation \(orientation)")
            XCTAssertEqual(turned.width, orientation >= 5 ? 0.05 : 0.3, "orientation \(orientation)")
        }
        XCTAssertEqual(FrameRegion.right.oriented(6), .bottom)
        XCTAssertEqual(FrameRegion.upperLeft.oriented(3), .lowerRight)
    }

    func testTheIndexKeepsFocusAsItWasRead() throws {
        let index = try LibraryIndex()
        let focuses: [CameraFocus?] = [
            .manual, .named(.lowerLeft), nil,
            .areas([FocusArea(x: 0.25, y: 0.5, width: 0.125, height: 0), FocusArea(x: 1, y: 0, width: 0, height: 0)],
                   frame: FrameShape(width: 6000, height: 4000)),
            .areas([FocusArea(x: 0.5, y: 0.5, width: 0, height: 0)], frame: nil),
        ]
        let files = focuses.enumerated().map { number, focus in
            IndexedFile(path: "/photos/\(number).jpg", size: 1, modificationTime: 1,
                        metadata: PhotoMetadata(pixelWidth: 10, pixelHeight: 10, focus: focus))
        }
        try index.save(files, ratings: [:])
        let read = try index.files(under: "/photos")
        for file in files { XCTAssertEqual(read[file.path]?.metadata?.focus, file.metadata?.focus, file.path) }
        XCTAssertNil(CameraFocus(indexText: "areas 1 1\n2 0 0 0"), "a fraction past 1 is not believed")
        XCTAssertNil(CameraFocus(indexText: "named 12"))
    }
}
