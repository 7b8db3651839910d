import Foundation
import Imaging

/// What Lightbox measures of a photo once its folder is loaded, to help a
/// decision it never makes: how sharp the photo is, and how much of it
/// the highlights clipped.
public struct PhotoMeasures: Equatable, Sendable {
    /// `PixelData.sharpness` where the camera focused, else over the frame.
    public var sharpness: Double
    /// The share clipped at white (any channel), 0…1: of a camera RAW's
    /// photosites (its sensor data), else of the photo's pixels.
    public var highlightsClipped: Double

    public init(sharpness: Double, highlightsClipped: Double) {
        self.sharpness = sharpness
        self.highlightsClipped = highlightsClipped
    }
}

extension PhotoLibrary {
    /// Measures `photos` (`PhotoMeasures`) in the background: each decoded
    /// at `PixelData.sharpnessSide` by the decoders, and a RAW's sensor
    /// data read, when nothing else wants them and no photo window asked
    /// lately (`DecoderPool.Priority.idle`); measured on low-priority
    /// threads and saved in the index. The stream gives the measures by
    /// path as they come, a few at a time, and ends once every photo was
    /// measured or could not be (a file that cannot be decoded has no
    /// measure); stopping the consuming task stops the work. It only
    /// measures: nothing about a photo changes but what the index knows.
    public func measure(_ photos: [Photo], decoders: DecoderPool = .shared) -> AsyncStream<[String: PhotoMeasures]> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let cancelled = AtomicFlag()
            continuation.onTermination = { _ in cancelled.set() }
            let index = self.index
            PhotoLibrary.measuring.submit {
                let batches = MeasureBatches(index: index, continuation: continuation)
                PhotoLibrary.measuringEach.forEach(photos) { photo in
                    guard !cancelled.isSet,
                          let pixels = try? decoders.decodeForDisplay(path: photo.path, maxSize: PixelData.sharpnessSide,
                                                                      priority: .idle)
                    else { return }
                    // A RAW's sensor tells what it really clipped; its
                    // preview clips earlier, or later.
                    let raw = photo.raw ?? (PhotoFormat.isRaw(photo.path) ? photo.path : nil)
                    let sensor = raw.flatMap { try? decoders.sensorExposure(path: $0, priority: .idle) }
                    let clipped = (sensor ?? pixels.exposure()).anyClipped
                    batches.add(photo, PhotoMeasures(sharpness: PhotoLibrary.sharpness(of: photo, in: pixels),
                                                     highlightsClipped: clipped))
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
    private static let measuring = WorkerPool(name: "lb-survey", threads: 1)
    /// The measures themselves, one a core (each waits on a decoder most of
    /// the time, then measures for a few milliseconds).
    private static let measuringEach = WorkerPool(
        name: "lb-measure", threads: ProcessInfo.processInfo.activeProcessorCount)
}

/// Measures gathered from several threads, handed on and saved a few at a
/// time: a folder's thousand measures make a few dozen index writes and
/// list updates, not a thousand.
private final class MeasureBatches: Sendable {
    private let index: LibraryIndex
    private let continuation: AsyncStream<[String: PhotoMeasures]>.Continuation
    private let pending = Locked<(measures: [LibraryIndex.Measured], since: ContinuousClock.Instant)>(([], .now))

    init(index: LibraryIndex, continuation: AsyncStream<[String: PhotoMeasures]>.Continuation) {
        self.index = index
        self.continuation = continuation
    }

    func add(_ photo: Photo, _ measures: PhotoMeasures) {
        let full = pending.withLock { pending in
            pending.measures.append(LibraryIndex.Measured(path: photo.path, size: photo.fileSize,
                                                          modificationTime: photo.modificationTime, measures: measures))
            return pending.measures.count >= 64 || ContinuousClock.now - pending.since >= .milliseconds(250)
        }
        if full { flush() }
    }

    func flush() {
        let measured = pending.withLock { pending in
            defer { pending = ([], .now) }
            return pending.measures
        }
        guard !measured.isEmpty else { return }
        try? index.saveMeasures(measured)
        continuation.yield(Dictionary(measured.map { ($0.path, $0.measures) }, uniquingKeysWith: { $1 }))
    }
}
