import Foundation
import Imaging
import InProcessImaging
@testable import LightboxCore
import XCTest

/// Test images made in memory and written with gdk-pixbuf.
enum TestImages {
    /// Opaque RGBA pixels: `fill(x, y)` gives each pixel's RGB.
    static func pixels(width: Int, height: Int,
                       fill: (Int, Int) -> (UInt8, UInt8, UInt8) = { x, y in (UInt8(x & 255), UInt8(y & 255), 128) })
        -> PixelData {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = fill(x, y)
                let i = (y * width + x) * 4
                bytes[i] = r
                bytes[i + 1] = g
                bytes[i + 2] = b
            }
        }
        return PixelData(width: width, height: height, rgba: Data(bytes))
    }

    static func solid(width: Int, height: Int, _ color: (UInt8, UInt8, UInt8)) -> PixelData {
        pixels(width: width, height: height) { _, _ in color }
    }

    @discardableResult
    static func jpeg(_ url: URL, width: Int, height: Int, orientation: Int? = nil,
                     fill: ((Int, Int) -> (UInt8, UInt8, UInt8))? = nil) throws -> URL {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let image = fill.map { Self.pixels(width: width, height: height, fill: $0) }
            ?? Self.pixels(width: width, height: height)
        try Imaging.encode(image, to: url.path, as: .jpeg(quality: 90))
        if let orientation { try Imaging.setOrientation(orientation, path: url.path) }
        return url
    }

    /// The RGB of pixel (x, y).
    static func rgb(_ pixels: PixelData, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = y * pixels.stride + x * 4
        return (Int(pixels.bytes[i]), Int(pixels.bytes[i + 1]), Int(pixels.bytes[i + 2]))
    }

    /// A PNG whose header declares `width`×`height` followed by garbage.
    static func pngDeclaring(width: UInt32, height: UInt32) -> Data {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let header = be(width) + be(height) + [8, 6, 0, 0, 0]  // 8-bit RGBA, no interlace
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let garbage = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        return Data(signature + chunk("IHDR", header) + chunk("IDAT", garbage))
    }

    /// The JPEG `whole` with its frame header (SOF) declaring
    /// `width`×`height` instead.
    static func jpegDeclaring(width: UInt16, height: UInt16, from whole: Data) throws -> Data {
        var bytes = [UInt8](whole)
        var i = 2
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if (0xC0...0xC2).contains(marker) {
                bytes[i + 5...i + 8] = [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
                return Data(bytes)
            }
            i += 2 + length
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    /// A PNG chunk: length, type, data, checksum.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let body = Array(type.utf8) + data
        return be(UInt32(data.count)) + body + be(crc32(body))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension Scratch {
    var cache: ThumbnailCache { ThumbnailCache(directories: XDGDirectories(environment: directories)) }

    /// Sets the file's modification time to `seconds` since 1970.
    func setModificationTime(_ url: URL, _ seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
    }
}

func permissions(_ url: URL) -> Int {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o777)
}
