import CDecoding
import FilePaths
import CImaging
import Foundation
import Localization

/// Decoder processes, kept alive and reused: every image, thumbnail,
/// avatar and metadata read of the app is done in one of them, so a file
/// that crashes or hangs a decoder (or takes it over) costs that file, not
/// the app. The file goes to the decoder as a descriptor the app opened,
/// never a path; pixels come back in sealed shared memory, not through
/// the socket.
///
/// A decoder that crashes, runs past its limits or answers nonsense is
/// killed; the file gets a reason (`ImageError.Kind`) and the next request
/// starts a fresh decoder. Calls block: make them off the main thread.
public final class DecoderPool: @unchecked Sendable {
    /// Who is waiting for a decoder: a photo window before thumbnails,
    /// thumbnails before work nobody waits for.
    public enum Priority: Sendable {
        /// Work nobody waits for (the sharpness of a folder's photos): it
        /// waits while anything else does, and until a photo window has
        /// asked for nothing for `idleAfter`, so that it runs between the
        /// person's steps and never beside them.
        case idle
        case background, interactive
    }

    /// How long after a photo window's last request work at `.idle`
    /// waits: a person stepping through photos asks every second or so.
    public static let idleAfter: Duration = .milliseconds(1500)

    /// The app's pool: lightbox-decoder next to the program, in bubblewrap.
    public static let shared = DecoderPool(.standard())

    public let configuration: Configuration
    private let local: (any LocalDecoding)?
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var idle: [Decoder] = []
    private var alive = 0
    private var interactiveWaiting = 0
    private var backgroundWaiting = 0
    /// When a photo window last asked for a decoder.
    private var lastInteractive: ContinuousClock.Instant?
    private var sandboxState: Sandbox?
    /// One starter thread for every pool, living as long as the app.
    private static let starter = DecoderStarter()

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        local = nil
    }

    /// A pool that does its work with `local`, in the calling process
    /// (`InProcessImaging`'s `inProcessForBenchmarks()`).
    public init(local: any LocalDecoding) {
        configuration = .standard()
        self.local = local
        sandboxState = .inProcess
    }

    deinit {
        for decoder in idle { lb_decoder_stop(decoder.pointer) }
    }

    /// How decoders run, once the first has been started (nil before).
    public var sandbox: Sandbox? {
        condition.lock()
        defer { condition.unlock() }
        return sandboxState
    }

    /// Decoders working on a request now.
    public var busy: Int {
        condition.lock()
        defer { condition.unlock() }
        return alive - idle.count
    }

    // MARK: Requests

    /// Decodes `path` to fit `maxSize` × `maxSize`, as `Imaging.decode`.
    public func decode(path: String, maxSize: Int, maxPixels: Int = Imaging.defaultMaxPixels,
                       priority: Priority = .background) throws(ImageError) -> DecodedImage {
        if let local { return try local.decode(path: path, maxSize: maxSize, maxPixels: maxPixels) }
        let result = try request(LB_REQUEST_DECODE, path: path, maxSize: maxSize, maxPixels: maxPixels,
                                 format: LB_PIXELS_RGBA, priority: priority)
        defer { lb_free(result.mime) }
        // The image now owns the mapping of the decoder's shared memory.
        guard let image = result.image else { throw ImageError(tr("The image cannot be read."), kind: .decoderNonsense) }
        return DecodedImage(image, originalWidth: Int(result.original_width),
                            originalHeight: Int(result.original_height),
                            mimeType: result.mime.map { String(cString: $0) }, isFromIncompleteFile: result.incomplete)
    }

    /// Decodes `path` to fit `maxSize` × `maxSize`, laid out for display
    /// (`PixelData.Format.premultipliedARGB32`) by the decoder itself: the
    /// app maps the decoder's memory and shows it as it is, without a pass
    /// of its own over the pixels (a photo window's 48 MB). `inFull` asks
    /// for the file's own pixels (zoomed in): a camera RAW is then developed
    /// from its sensor data unless its preview is as large.
    public func decodeForDisplay(path: String, maxSize: Int, maxPixels: Int = Imaging.defaultMaxPixels,
                                 inFull: Bool = false, priority: Priority = .interactive) throws(ImageError) -> PixelData {
        if let local { return try local.decode(path: path, maxSize: maxSize, maxPixels: maxPixels).premultipliedPixels }
        let result = try request(LB_REQUEST_DECODE, path: path, maxSize: maxSize, maxPixels: maxPixels,
                                 format: LB_PIXELS_PREMULTIPLIED, hints: inFull ? UInt32(LB_HINT_IN_FULL) : 0,
                                 priority: priority)
        lb_free(result.mime)
        guard let rows = result.rows else { throw ImageError(tr("The image cannot be read."), kind: .decoderNonsense) }
        let length = result.rows_length
        let buffer = PixelBuffer(adopting: rows, count: length) { munmap($0, length) }
        var pixels = PixelData.display(buffer, width: Int(result.width), height: Int(result.height))
        if PhotoFormat.isRaw(path) { pixels.origin = result.from_sensor ? .sensorData : .cameraPreview }
        pixels.isFromIncompleteFile = result.incomplete
        return pixels
    }

    /// The stops below white under which the decoder counts a photosite
    /// as deep in the shadows (`Exposure.shadowStops`, which the tests hold
    /// it to).
    package static let sensorShadowStops = Int(LB_SENSOR_DARK_STOPS)

    /// What a camera RAW's sensor data says of its exposure: its
    /// photosites counted, not developed (a Bayer sensor's; LibRaw's
    /// unpacking, in the decoder), each at its own colour's black and the
    /// white level. Throws for a file with no such data (a preview-only or
    /// cut file, another kind of sensor, not a RAW).
    public func sensorExposure(path: String, maxPixels: Int = Imaging.defaultMaxPixels,
                               priority: Priority = .background) throws(ImageError) -> Exposure {
        guard PhotoFormat.isRaw(path) else { throw ImageError(tr("Only a camera RAW file has sensor data.")) }
        // Only lightbox-decoder links LibRaw.
        guard local == nil else { throw ImageError(tr("The sensor data is read by the decoders only.")) }
        let result = try request(LB_REQUEST_SENSOR, path: path, maxSize: 0, maxPixels: maxPixels, format: LB_PIXELS_RGBA,
                                 priority: priority)
        guard result.has_sensor else { throw ImageError(tr("The image cannot be read."), kind: .decoderNonsense) }
        return Exposure(result.sensor, source: .sensorData)
    }

    /// The file's metadata, or nil when it has none readable (or the
    /// decoder failed on it).
    public func metadata(path: String) -> ImageMetadata? {
        if let local { return local.metadata(path: path) }
        guard var result = try? request(LB_REQUEST_METADATA, path: path, maxSize: 0, maxPixels: 0, format: LB_PIXELS_RGBA,
                                       priority: .background),
              result.has_metadata else { return nil }
        defer { lb_metadata_clear(&result.metadata) }
        return ImageMetadata(result.metadata)
    }

    /// The file's format and declared size, or nil when no loader knows it.
    public func probe(path: String) -> ImageProbe? {
        if let local { return local.probe(path: path) }
        guard let result = try? request(LB_REQUEST_PROBE, path: path, maxSize: 0, maxPixels: 0, format: LB_PIXELS_RGBA,
                                         priority: .background)
        else { return nil }
        defer { lb_free(result.mime) }
        return ImageProbe(width: Int(result.width), height: Int(result.height),
                          mimeType: result.mime.map { String(cString: $0) } ?? "application/octet-stream")
    }

    /// One request on a decoder of the pool. The result's image, metadata
    /// and MIME type are the caller's to free; the message is freed here.
    private func request(_ kind: LbRequestKind, path: String, maxSize: Int, maxPixels: Int, format: LbPixelFormat,
                         hints: UInt32 = 0, priority: Priority) throws(ImageError) -> LbDecoderResult {
        try exchange(priority) { decoder, timeout, result in
            path.withPathCString {
                lb_decoder_request(decoder, kind, $0, Int32(clamping: maxSize), Int64(maxPixels), format,
                                   hints | PhotoFormat.hints(for: path), timeout, &result)
            }
        }
    }

    /// Runs `send` (one request) on a decoder of the pool, which is kept
    /// when it answered and replaced when it did not.
    func exchange(_ priority: Priority,
                  _ send: (OpaquePointer, Int32, inout LbDecoderResult) -> LbDecoderStatus) throws(ImageError)
        -> LbDecoderResult {
        // A decoder found dead before the request was sent is not the file's
        // doing: one more try with a fresh one.
        for _ in 0..<2 {
            let decoder = try acquire(priority)
            var result = LbDecoderResult()
            let status = send(decoder.pointer, Int32(clamping: Int(configuration.timeout * 1000)), &result)
            decoder.uses += 1
            release(decoder, healthy: status == LB_DECODER_OK || status == LB_DECODER_FAILED
                        || status == LB_DECODER_UNREADABLE)
            switch status {
            case LB_DECODER_OK:
                return result
            case LB_DECODER_LOST:
                continue
            default:
                defer { lb_decoder_result_clear(&result) }
                throw Self.error(status, result)
            }
        }
        // Translators: why a photo or thumbnail is not shown: the helper process that decodes images failed.
        throw ImageError(tr("The image decoder stopped working."), kind: .decoderUnavailable)
    }

    private static func error(_ status: LbDecoderStatus, _ result: LbDecoderResult) -> ImageError {
        switch status {
        case LB_DECODER_FAILED:
            return ImageError(cMessage: result.message, fallback: tr("The image cannot be read."))
        case LB_DECODER_UNREADABLE:
            return ImageError(ImageMessages.unreadable(String(cString: strerror(result.error_code))))
        case LB_DECODER_CRASHED:
            // Translators: why a photo or thumbnail is not shown (the decoder is the helper process that reads images).
            return ImageError(tr("The image decoder crashed on this file."), kind: .decoderCrashed)
        case LB_DECODER_TIMED_OUT:
            // Translators: why a photo or thumbnail is not shown (the decoder is the helper process that reads images).
            return ImageError(tr("The image decoder took too long on this file and was stopped."),
                              kind: .decoderTimedOut)
        case LB_DECODER_OUT_OF_MEMORY:
            // Translators: why a photo or thumbnail is not shown (the decoder is the helper process that reads images).
            return ImageError(tr("The image needs more memory than Lightbox allows a decoder."),
                              kind: .decoderOutOfMemory)
        default:
            return ImageError(wrongAnswer, kind: .decoderNonsense)
        }
    }

    static var wrongAnswer: String {
        // Translators: why a photo or thumbnail is not shown (the decoder is the helper process that reads images).
        tr("The image decoder gave a wrong answer on this file and was stopped.")
    }

    // MARK: Decoders

    final class Decoder: @unchecked Sendable {
        let pointer: OpaquePointer
        var uses = 0
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }

    private func acquire(_ priority: Priority) throws(ImageError) -> Decoder {
        // A photo window may have one decoder more than the pool's size:
        // thumbnails of files that hang every decoder for up to `timeout`
        // must not keep a photo from being shown.
        let limit = configuration.size + (priority == .interactive ? 1 : 0)
        condition.lock()
        switch priority {
        case .interactive:
            interactiveWaiting += 1
            lastInteractive = .now
        case .background: backgroundWaiting += 1
        case .idle: break
        }
        // Thumbnails wait while a photo window waits; idle work while
        // either does, or a photo window asked lately.
        while true {
            let quietSince = lastInteractive.map { ContinuousClock.now - $0 }
            let waitsForQuiet = priority == .idle && (quietSince.map { $0 < Self.idleAfter } ?? false)
            if (priority != .interactive && interactiveWaiting > 0) || (priority == .idle && backgroundWaiting > 0)
                || (idle.isEmpty && alive >= limit) {
                condition.wait()
            } else if waitsForQuiet, let quietSince {
                _ = condition.wait(until: Date().addingTimeInterval((Self.idleAfter - quietSince).seconds))
            } else {
                break
            }
        }
        switch priority {
        case .interactive: interactiveWaiting -= 1
        case .background: backgroundWaiting -= 1
        case .idle: break
        }
        if let decoder = idle.popLast() {
            condition.unlock()
            return decoder
        }
        alive += 1
        condition.unlock()
        do {
            return try start()
        } catch {
            condition.lock()
            alive -= 1
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    private func release(_ decoder: Decoder, healthy: Bool) {
        condition.lock()
        // The photo window's extra decoder goes once it is not needed.
        let keep = healthy && decoder.uses < configuration.requestsPerDecoder && alive <= configuration.size
        if keep { idle.append(decoder) } else { alive -= 1 }
        condition.broadcast()
        condition.unlock()
        if !keep { lb_decoder_stop(decoder.pointer) }
    }

    /// Starts a decoder on the starter thread: in bubblewrap when it works
    /// here (checked once), else without it, said once in the log.
    private func start() throws(ImageError) -> Decoder {
        let configuration = self.configuration
        let sandboxed = decideSandbox() == .bubblewrap
        let started: Result<OpaquePointer, ImageError> = Self.starter.perform {
            withDecoderConfig(configuration, sandboxed: sandboxed) { config in
                var message: UnsafeMutablePointer<CChar>?
                guard let decoder = lb_decoder_start(config, Int32(clamping: Int(configuration.startupTimeout * 1000)), &message) else {
                    defer { lb_free(message) }
                    // Translators: the reason in "The image decoder could not be started (unknown error)."
                    let why = message.map { String(cString: $0) } ?? tr("unknown error")
                    // Translators: why photos or thumbnails are not shown; {reason} is a technical detail.
                    return .failure(ImageError(tr("The image decoder could not be started ({reason}).", ["reason": why]),
                                               kind: .decoderUnavailable))
                }
                return .success(decoder)
            }
        }
        return Decoder(try started.get())
    }

    private func decideSandbox() -> Sandbox {
        condition.lock()
        if let known = sandboxState {
            condition.unlock()
            return known
        }
        condition.unlock()
        var decided = Sandbox.bubblewrap
        if let bubblewrap = configuration.bubblewrap {
            var reason: UnsafeMutablePointer<CChar>?
            if !lb_sandbox_available(bubblewrap, &reason) {
                decided = .unavailable(reason: reason.map { String(cString: $0) } ?? "unknown") // untranslated: log
            }
            lb_free(reason)
        } else {
            decided = .unavailable(reason: "bubblewrap (bwrap) is not installed") // untranslated: as the C check says it
        }
        condition.lock()
        let first = sandboxState == nil
        if first { sandboxState = decided }
        let result = sandboxState!
        condition.unlock()
        if first, case .unavailable(let reason) = decided {
            FileHandle.standardError.write(Data(("lightbox: image decoders run without a sandbox: \(reason). " // untranslated: log
                + "Install bubblewrap and allow unprivileged user namespaces (see README).\n").utf8)) // untranslated: log
        }
        return result
    }
}

private extension Duration {
    /// The duration in seconds, as a condition's deadline takes it.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
