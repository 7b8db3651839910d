import Foundation
import LightboxCore

/// `lightbox-rating-writer --measure PHOTO`: how long writing a rating into
/// PHOTO takes, and re-stamping its thumbnail against making it again
/// (medians; the photo's rating is changed, its image data is not).
func measure(_ photo: String) {
    func median(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return times.sorted()[runs / 2]
    }
    let writer = FileRatingWriter()
    var stars = 0
    let write = median(21) {
        stars = stars % 5 + 1
        _ = try? writer.write(stars, for: photo, storage: .photoFiles)
    }
    print(String(format: "write a rating into the photo: %.1f ms", write))

    let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-measure-\(getpid())")
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let cache = ThumbnailCache(directories: XDGDirectories(environment: [
        "HOME": cacheHome.path, "XDG_CACHE_HOME": cacheHome.path]))
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: photo),
          let size = (attributes[.size] as? NSNumber)?.int64Value,
          let date = attributes[.modificationDate] as? Date else { return }
    let source = ThumbnailSource(path: photo, modificationTime: Int(date.timeIntervalSince1970), fileSize: size)
    let moved = ThumbnailSource(path: photo, modificationTime: source.modificationTime + 1, fileSize: size + 1)
    for thumbnailSize in [ThumbnailSize.normal, .large] {
        let thumbnail = cache.path(for: cache.uri(for: photo), size: thumbnailSize)
        let generate = median(11) {
            try? FileManager.default.removeItem(at: thumbnail)
            _ = try? cache.thumbnail(for: source, size: thumbnailSize)
        }
        // Re-stamp there and back, so each run finds a valid thumbnail.
        var forth = true, restamped = 0
        let restamp = median(11) {
            restamped += forth ? cache.restamp(from: source, to: moved) : cache.restamp(from: moved, to: source)
            forth.toggle()
        }
        guard restamped == 11 else { return print("re-stamping failed (\(restamped) of 11)") }
        try? FileManager.default.removeItem(at: thumbnail)
        print(String(format: "%@ thumbnail: decode and write %.1f ms, re-stamp %.2f ms (%.0f× less)",
                     thumbnailSize.folderName, generate, restamp, generate / max(restamp, 0.001)))
    }
}
