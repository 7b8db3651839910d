import Foundation
import Imaging
import InProcessImaging
@testable import LightboxCore

/// Real image files for tests, made with the project's own encoder.
enum PhotoFixtures {
    /// A JPEG of `width`×`height` with a diagonal gradient.
    @discardableResult
    static func jpeg(at url: URL, width: Int = 64, height: Int = 48, tags: [(key: String, value: String)] = []) throws -> URL {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var bytes = Data(count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                bytes[offset] = UInt8((x * 255) / max(1, width - 1))
                bytes[offset + 1] = UInt8((y * 255) / max(1, height - 1))
                bytes[offset + 2] = 128
                bytes[offset + 3] = 255
            }
        }
        try Imaging.encode(PixelData(width: width, height: height, rgba: bytes), to: url.path, as: .jpeg(quality: 85))
        if !tags.isEmpty { try Imaging.setMetadata(tags, path: url.path) }
        return url
    }

    /// Sets a file's modification time.
    static func setModificationTime(_ seconds: Int, of url: URL) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: url.path)
    }

    static let cameraTags: [(key: String, value: String)] = [
        ("Exif.Photo.DateTimeOriginal", "2023:06:15 14:30:00"),
        ("Exif.Image.Make", "Canon"),
        ("Exif.Image.Model", "Canon EOS R6"),
        ("Exif.Photo.ExposureTime", "1/250"),
        ("Exif.Photo.FNumber", "28/10"),
        ("Exif.Photo.FocalLength", "50/1"),
        ("Exif.Photo.ISOSpeedRatings", "400"),
    ]
}
