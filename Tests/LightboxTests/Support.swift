import Foundation
import GtkKit
import GtkTestSupport
import Imaging
@testable import Lightbox
import LightboxCore
import XCTest

/// One registered, non-unique application for all view tests.
@MainActor
let testApplication: Application = {
    let application = Application(id: "org.lightboxphotos.LightboxTests", isUnique: false)
    try? application.register()
    return application
}()

/// Photos that exist only as values (the views never touch their files).
func samplePhotos(_ count: Int, folder: String = "/photos/Holidays") -> [Photo] {
    (0..<count).map { index in
        Photo(path: "\(folder)/photo-\(String(format: "%03d", index)).jpg", fileSize: Int64(1000 + index),
              modificationTime: 1_600_000_000 + index)
    }
}

/// A scratch folder of small real JPEGs ("a.jpg", …) and the XDG folders of
/// a run of Lightbox beside it; removed when the test is done with it.
final class PhotoFolder {
    let root: URL
    let photos: URL

    init(_ names: [String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-app-\(UUID().uuidString)")
        photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (index, name) in names.enumerated() {
            let pixels = PixelData(width: 64, height: 48, rgba: Data(repeating: UInt8(40 * index % 256), count: 64 * 48 * 4))
            try Imaging.encode(pixels, to: path(name), as: .jpeg(quality: 80))
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The path of the photo named `name` ("a" → …/photos/a.jpg).
    func path(_ name: String) -> String { photos.appendingPathComponent("\(name).jpg").standardizedFileURL.path }

    var directories: XDGDirectories {
        XDGDirectories(environment: ["HOME": root.path, "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
                                     "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                                     "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                                     "XDG_CONFIG_HOME": root.appendingPathComponent("config").path])
    }

    /// Thumbnails as the app makes them for a grid at `zoom`, cached in
    /// this folder's XDG cache.
    @MainActor
    func thumbnails(for zoom: GridZoom = .standard) -> ThumbnailTextures {
        let cells = ThumbnailSize.forCells(zoom.points, scale: 1)
        let loader = ThumbnailLoader(cache: ThumbnailCache(directories: directories), size: cells.size,
                                     fitting: cells.shown, memoryLimit: 0)
        return ThumbnailTextures(loader: loader, memoryLimit: 1 << 20)
    }
}
