import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// What a picture's pixels say of its exposure, on pictures made with known
/// clipped and dark areas: the shares, the histogram, and the marks.
final class ExposureTests: XCTestCase {
    /// 100 pixels in a row: 10 white, 20 pure red (only red at white), 30
    /// black, 5 very dark grey (luma 20, more than six stops below white),
    /// 35 mid grey (128).
    static func known() -> PixelData {
        var rgba: [UInt8] = []
        func add(_ count: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
            for _ in 0..<count { rgba += [r, g, b, 255] }
        }
        add(10, 255, 255, 255)
        add(20, 255, 0, 0)
        add(30, 0, 0, 0)
        add(5, 20, 20, 20)
        add(35, 128, 128, 128)
        return PixelData(width: 100, height: 1, rgba: Data(rgba))
    }

    func testTheSharesClippedAndDarkAreThoseOfThePicture() {
        for pixels in [Self.known(), Self.known().premultiplied()] {
            let exposure = pixels.exposure()
            XCTAssertEqual(exposure.pixels, 100)
            XCTAssertEqual(exposure.redClipped, 0.30, accuracy: 1e-9, "white and pure red")
            XCTAssertEqual(exposure.greenClipped, 0.10, accuracy: 1e-9)
            XCTAssertEqual(exposure.blueClipped, 0.10, accuracy: 1e-9)
            XCTAssertEqual(exposure.anyClipped, 0.30, accuracy: 1e-9)
            // Pure red's luma is 54: not dark. Black and the dark grey are.
            XCTAssertEqual(exposure.darkShare, 0.35, accuracy: 1e-9, "\(pixels.format)")
            XCTAssertEqual(exposure.luminance[128], 35)
            XCTAssertEqual(exposure.luminance[255], 10)
            XCTAssertEqual(exposure.red[255], 30)
            XCTAssertEqual(exposure.luminance.reduce(0, +), 100)
            XCTAssertEqual(exposure.source, .picture)
        }
    }

    func testSixStopsBelowWhiteIsLevel34() {
        // sRGB's encoding of 1/64 is 0.1315: 33.5 of 255, rounded up.
        XCTAssertEqual(Exposure.level(stopsBelowWhite: 6), 34)
        XCTAssertEqual(Exposure.level(stopsBelowWhite: 0), 255)
    }

    func testClippingIsMarkedRedAndDeepShadowsBlueTheRestUntouched() {
        let pixels = Self.known()
        let marked = pixels.markingClipping()
        XCTAssertEqual(marked.width, 100)
        XCTAssertEqual(marked.format, .rgba)
        let bytes = [UInt8](marked.bytes)
        func pixel(_ x: Int) -> [UInt8] { Array(bytes[x * 4..<x * 4 + 4]) }
        XCTAssertEqual(pixel(0), [255, 0, 0, 255], "white is clipped: red")
        XCTAssertEqual(pixel(15), [255, 0, 0, 255], "pure red is clipped in red")
        XCTAssertEqual(pixel(40), [0, 0, 255, 255], "black: blue")
        XCTAssertEqual(pixel(62), [0, 0, 255, 255], "the dark grey: blue")
        XCTAssertEqual(pixel(80), [128, 128, 128, 255], "mid grey as it was")
        // Premultiplied words mark the same pixels, in their own layout.
        let words = pixels.premultiplied().markingClipping().bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        XCTAssertEqual(words[0], 0xFFFF_0000)
        XCTAssertEqual(words[40], 0xFF00_00FF)
        XCTAssertEqual(words[80], 0xFF80_8080)
    }

    /// A photo window reads the exposure of the pixels it shows once its
    /// properties ask, marks the clipping once J asks (and says so to the
    /// flow, which keeps it), and drops both for another photo's pixels.
    @MainActor
    func testAPhotoWindowReadsTheExposureAndMarksTheClippingWhenAsked() async throws {
        let scratch = Scratch()
        try Imaging.encode(Self.known(), to: scratch.path("clipped.png").path, as: .png)
        try PhotoFixtures.jpeg(at: scratch.path("plain.jpg"))
        let list = PhotoListLogic(library: PhotoLibrary(index: try LibraryIndex()),
                                  trash: FolderTrash(folder: scratch.path("../\(UUID().uuidString)")))
        await list.sendAndSettle(.sort(PhotoOrder(.name)))
        await list.sendAndSettle(.openFolderAt(scratch.url.standardizedFileURL.path))
        let viewer = PhotoViewerLogic(photo: try XCTUnwrap(list.state.shown.first), sequence: list)
        let heard = LogicRecorder(viewer)
        await viewer.sendAndSettle(.load)
        XCTAssertEqual(viewer.state.picture.photo?.title, "clipped")
        XCTAssertNil(viewer.state.exposure, "not read before it is wanted")

        await viewer.sendAndSettle(.exposureWanted(true))
        let exposure = try XCTUnwrap(viewer.state.exposure)
        XCTAssertEqual(exposure.anyClipped, 0.30, accuracy: 1e-9)
        XCTAssertEqual(exposure.darkShare, 0.35, accuracy: 1e-9)
        XCTAssertNil(viewer.state.markedPixels)

        await viewer.sendAndSettle(.toggleClipping)
        XCTAssertTrue(viewer.state.showsClipping)
        XCTAssertEqual(heard.outputs, [.showsClippingChanged(true)])
        let marks = try XCTUnwrap(viewer.state.markedPixels)
        XCTAssertEqual(marks.width, 100)

        await viewer.sendAndSettle(.next)
        XCTAssertEqual(viewer.state.picture.photo?.title, "plain")
        let plain = try XCTUnwrap(viewer.state.exposure, "read again for the next photo")
        XCTAssertNotEqual(plain, exposure)
        XCTAssertNotNil(viewer.state.markedPixels, "marked again while shown")

        await viewer.sendAndSettle(.followShowsClipping(false))
        XCTAssertNil(viewer.state.markedPixels)
        XCTAssertEqual(heard.outputs, [.showsClippingChanged(true)], "another window's change is not told back")

        // H: the histogram over the photo wants the exposure too, properties hidden.
        await viewer.sendAndSettle(.exposureWanted(false))
        await viewer.sendAndSettle(.previous)
        XCTAssertNil(viewer.state.exposure, "not read while nothing shows it")
        await viewer.sendAndSettle(.toggleHistogram)
        XCTAssertTrue(viewer.state.showsHistogram)
        XCTAssertEqual(viewer.state.exposure, exposure, "read for the histogram")
        XCTAssertEqual(heard.outputs.last, .showsHistogramChanged(true))
        await viewer.sendAndSettle(.followShowsHistogram(false))
        XCTAssertFalse(viewer.state.showsHistogram)
        XCTAssertEqual(heard.outputs.last, .showsHistogramChanged(true), "another window's change is not told back")
        withExtendedLifetime(scratch) {}
    }
}

/// Focus peaking on pictures with a known sharp edge and a known soft one.
final class FocusPeakingTests: XCTestCase {
    /// 60 × 20: black, then white from x = 20 (a sharp edge), then from
    /// x = 30 a ramp down to black over 30 pixels (a soft edge, 8 levels a
    /// pixel).
    static func edges() -> PixelData {
        var rgba: [UInt8] = []
        for _ in 0..<20 {
            for x in 0..<60 {
                let level: UInt8 = x < 20 ? 0 : x < 30 ? 255 : UInt8(max(0, 255 - (x - 30) * 8 - 8))
                rgba += [level, level, level, 255]
            }
        }
        return PixelData(width: 60, height: 20, rgba: Data(rgba))
    }

    private func green(_ marked: PixelData) -> Set<Int> {
        let bytes = [UInt8](marked.bytes)
        var columns = Set<Int>()
        for y in 1..<19 {
            for x in 0..<60 {
                let at = (y * 60 + x) * 4
                if bytes[at] == 0, bytes[at + 1] == 255, bytes[at + 2] == 0 { columns.insert(x) }
            }
        }
        return columns
    }

    func testTheSharpEdgeIsMarkedAndTheSoftOneIsNot() {
        for pixels in [Self.edges(), Self.edges().premultiplied()] {
            let marked = pixels.marked(.peaking)
            let columns = green(marked)
            if pixels.format == .rgba {
                XCTAssertEqual(columns, [19, 20], "the two columns either side of the step")
            } else {
                let words = marked.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
                XCTAssertEqual(words[5 * 60 + 19], 0xFF00_FF00)
                XCTAssertEqual(words[5 * 60 + 45], pixels.bytes.withUnsafeBytes { $0.bindMemory(to: UInt32.self)[5 * 60 + 45] },
                               "the ramp as it was")
            }
        }
    }

    func testPeakingIsMarkedOverTheClipping() {
        let marked = [UInt8](Self.edges().marked([.clipping, .peaking]).bytes)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(marked[(y * 60 + x) * 4..<(y * 60 + x) * 4 + 4]) }
        XCTAssertEqual(pixel(20, 5), [0, 255, 0, 255], "the edge: green over the white's red")
        XCTAssertEqual(pixel(25, 5), [255, 0, 0, 255], "white, not an edge: clipped, red")
        XCTAssertEqual(pixel(5, 5), [0, 0, 255, 255], "black, not an edge: deep shadow, blue")
    }
}

/// A camera RAW's sensor data read for its exposure, in the decoder, on
/// files made with known clipped and black photosites.
final class SensorExposureTests: XCTestCase {
    func testTheSensorDataIsCountedColourByColourAtWhiteAndBlack() throws {
        let scratch = Scratch()
        XCTAssertEqual(DecoderPool.sensorShadowStops, Exposure.shadowStops, "the decoder counts the shadows the app shows")
        for kind in ["dng-sensor", "cr2", "nef", "arw"] {
            // The top quarter's sites at the white level, the rest at black
            // (large enough that even compressed it is no stripped file's).
            let path = try RawSamples.write(kind, at: scratch.path("extremes.\(kind.prefix(3))"), size: "1200x800",
                                            extremes: true).path
            let exposure = try DecoderPool.shared.sensorExposure(path: path)
            XCTAssertEqual(exposure.source, .sensorData, kind)
            XCTAssertEqual(exposure.pixels, 1200 * 800, kind)
            XCTAssertEqual(exposure.anyClipped, 0.25, accuracy: 0.005, kind)
            XCTAssertEqual(exposure.redClipped, 0.25, accuracy: 0.005, kind)
            XCTAssertEqual(exposure.greenClipped, 0.25, accuracy: 0.005, kind)
            XCTAssertEqual(exposure.blueClipped, 0.25, accuracy: 0.005, kind)
            XCTAssertEqual(exposure.darkShare, 0.75, accuracy: 0.005, kind)
            // A quarter of the sites are red, half green, a quarter blue.
            XCTAssertEqual(exposure.red.reduce(0, +), 1200 * 800 / 4, kind)
            XCTAssertEqual(exposure.green.reduce(0, +), 1200 * 800 / 2, kind)
        }
        // The ordinary sample: nothing clipped (its white develops at 80 %).
        let plain = try RawSamples.write("dng-sensor", at: scratch.path("plain.dng")).path
        XCTAssertEqual(try DecoderPool.shared.sensorExposure(path: plain).anyClipped, 0)
        // A JPEG has no sensor data.
        try PhotoFixtures.jpeg(at: scratch.path("a.jpg"))
        XCTAssertThrowsError(try DecoderPool.shared.sensorExposure(path: scratch.path("a.jpg").path))
        withExtendedLifetime(scratch) {}
    }
}

/// A photo window shows a RAW's exposure from its sensor data, read ahead
/// for its neighbours, and a JPEG's from its pixels.
@MainActor
final class SensorExposureViewerTests: XCTestCase {
    func testARAWsExposureComesFromItsSensorDataReadAhead() async throws {
        let line = PhotoLine(count: 0)
        line.photos = ["a.nef", "b.jpg", "c.cr2"].map { Photo(path: "/p/\($0)", fileSize: 1, modificationTime: 1) }
        let sensor = Exposure(red: [0] * 255 + [10], green: [0] * 255 + [20], blue: [0] * 255 + [10],
                              luminance: [0] * 255 + [40], pixels: 40, clippedAny: 40, dark: 0, source: .sensorData)
        let read = Locked<[String]>([])
        let viewer = PhotoViewerLogic(photo: line.photos[0], sequence: line, decode: { _, side in
            PixelData(width: side, height: side, stride: side * 4, bytes: Data(count: side * side * 4))
        }, readSensor: { path in
            read.withLock { $0.append(path) }
            return path.hasSuffix(".nef") || path.hasSuffix(".cr2") ? sensor : nil
        })
        await viewer.sendAndSettle(.load)
        await viewer.sendAndSettle(.exposureWanted(true))
        XCTAssertEqual(viewer.state.exposure?.source, .sensorData)
        XCTAssertEqual(viewer.state.exposure?.anyClipped, 1)
        await viewer.sendAndSettle(.next)
        XCTAssertEqual(viewer.state.exposure?.source, .picture, "a JPEG's from its pixels")
        XCTAssertEqual(viewer.state.exposure?.anyClipped, 0)
        XCTAssertTrue(read.withLock { $0 }.contains("/p/c.cr2"), "the next RAW read ahead: \(read.withLock { $0 })")
        await viewer.sendAndSettle(.next)
        XCTAssertEqual(viewer.state.exposure?.source, .sensorData)
        XCTAssertEqual(read.withLock { $0 }.filter { $0 == "/p/c.cr2" }.count, 1,
                       "read once, ahead, while the JPEG before it was shown: \(read.withLock { $0 })")
    }
}

private func * (values: [Int], count: Int) -> [Int] { Array(repeating: values.first ?? 0, count: count) }
