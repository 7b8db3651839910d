import Foundation
import Imaging

extension PhotoLibrary {
    /// Measures how sharp `photos` are, in the background: each decoded at
    /// `PixelData.sharpnessSide` by the decoders when nothing else wants
    /// them and no photo window asked lately (`DecoderPool.Priority.idle`),
    /// measured where the camera focused (else over the
    /// whole frame) on low-priority threads, and saved in the index. The
    /// stream gives the measures by path as they come, a few at a time, and
    /// ends once every photo was measured or could not be (a file that
    /// cannot be decoded has no measure); stopping the consuming task stops
    /// the work. It only measures: nothing about a photo changes but what
    /// the index knows.
    public func measureSharpness(of photos: [Photo], decoders: DecoderPool = .shared) -> AsyncStream<[String: Double]> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let cancelled = AtomicFlag()
            continuation.onTermination = { _ in cancelled.set() }
            let index = self.index
            PhotoLibrary.measuring.submit {
                let batches = SharpnessBatches(index: index, continuation: continuation)
                PhotoLibrary.measuringEach.forEach(photos) { photo in
                    guard !cancelled.isSet,
                          let pixels = try? decoders.decodeForDisplay(path: photo.path, maxSize: PixelData.sharpnessSide,
                                                                      priority: .idle)
                    else { return }
                    batches.add(photo, PhotoLibrary.sharpness(of: photo, in: pixels))
                }
                batches.flush()
                continuation.finish()
            }
        }
    }

    /// How sharp `pixels` (the photo decoded, upright) are where its camera
    /// focused, when the focus can be placed on them; else over all of them.
    static func sharpness(of photo: Photo, in pixels: PixelData) -> Double {
        let focus = photo.metadata?.focusShown
        guard let focus, case .areas(let areas, _) = focus, focus.fits(width: pixels.width, height: pixels.height)
        else { return pixels.sharpness() }
        return pixels.sharpness(where: areas)
    }

    /// The survey's own thread, which hands the photos out and waits.
    private static let measuring = WorkerPool(name: "lb-sharp", threads: 1)
    /// The measures themselves, one a core (each waits on a decoder most of
    /// the time, then measures for a few milliseconds).
    private static let measuringEach = WorkerPool(
        name: "lb-measure", threads: ProcessInfo.processInfo.activeProcessorCount)
}

/// Measures gathered from several threads, handed on and saved a few at a
/// time: a folder's thousand measures make a few dozen index writes and
/// list updates, not a thousand.
private final class SharpnessBatches: Sendable {
    private let index: LibraryIndex
    private let continuation: AsyncStream<[String: Double]>.Continuation
    private let pending = Locked<(measures: [(path: String, size: Int64, modificationTime: Int, sharpness: Double)],
                                  since: ContinuousClock.Instant)>(([], .now))

    init(index: LibraryIndex, continuation: AsyncStream<[String: Double]>.Continuation) {
        self.index = index
        self.continuation = continuation
    }

    func add(_ photo: Photo, _ sharpness: Double) {
        let full = pending.withLock { pending in
            pending.measures.append((photo.path, photo.fileSize, photo.modificationTime, sharpness))
            return pending.measures.count >= 64 || ContinuousClock.now - pending.since >= .milliseconds(250)
        }
        if full { flush() }
    }

    func flush() {
        let measures = pending.withLock { pending in
            defer { pending = ([], .now) }
            return pending.measures
        }
        guard !measures.isEmpty else { return }
        try? index.saveSharpness(measures)
        continuation.yield(Dictionary(measures.map { ($0.path, $0.sharpness) }, uniquingKeysWith: { $1 }))
    }
}
