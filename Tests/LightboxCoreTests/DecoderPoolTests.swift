import Foundation
import Imaging
import InProcessImaging
@testable import LightboxCore
import XCTest

/// What the decoder processes answer is what decoding in-process gives:
/// pixels (straight and laid out for display), metadata, headers, reasons.
final class DecoderPoolTests: XCTestCase {
    private let decoders = DecoderPool(.standard())
    private let inProcess = DecoderPool.inProcessForBenchmarks()

    /// A PNG with see-through pixels, so premultiplying shows.
    private func translucentPNG(_ scratch: Scratch) throws -> URL {
        var bytes = [UInt8]()
        for y in 0..<40 {
            for x in 0..<60 { bytes += [UInt8(x * 4), UInt8(y * 6), 200, UInt8((x + y) * 2)] }
        }
        let url = scratch.path("translucent.png")
        try Imaging.encode(PixelData(width: 60, height: 40, rgba: Data(bytes)), to: url.path, as: .png)
        return url
    }

    func testPixelsAreThoseDecodedInProcess() throws {
        let scratch = Scratch()
        let jpeg = try TestImages.jpeg(scratch.path("photo.jpg"), width: 300, height: 200, orientation: 6)
        for url in [jpeg, try translucentPNG(scratch)] {
            for size in [64, 1000] {
                let ours = try decoders.decode(path: url.path, maxSize: size)
                let theirs = try inProcess.decode(path: url.path, maxSize: size)
                XCTAssertEqual(ours.pixels, theirs.pixels, "\(url.lastPathComponent) at \(size)")
                XCTAssertEqual(ours.originalWidth, theirs.originalWidth)
                XCTAssertEqual(ours.mimeType, url.pathExtension == "png" ? "image/png" : "image/jpeg")
                let display = try decoders.decodeForDisplay(path: url.path, maxSize: size)
                XCTAssertEqual(display, theirs.premultipliedPixels, "\(url.lastPathComponent) for display")
            }
        }
    }

    func testMetadataAndHeadersAreThoseReadInProcess() throws {
        let scratch = Scratch()
        let jpeg = try TestImages.jpeg(scratch.path("photo.jpg"), width: 320, height: 240, orientation: 3)
        try Imaging.setMetadata([("Exif.Image.Make", "Lightbox"), ("Xmp.dc.title", "Über den Wolken")], path: jpeg.path)
        let ours = try XCTUnwrap(decoders.metadata(path: jpeg.path))
        XCTAssertEqual(ours, inProcess.metadata(path: jpeg.path))
        XCTAssertEqual(ours.cameraMake, "Lightbox")
        XCTAssertEqual(ours.title, "Über den Wolken")
        XCTAssertEqual(ours.orientation, 3)
        let probe = try XCTUnwrap(decoders.probe(path: jpeg.path))
        XCTAssertEqual([probe.width, probe.height], [320, 240])
        XCTAssertEqual(probe.mimeType, "image/jpeg")
        XCTAssertEqual(probe, inProcess.probe(path: jpeg.path))
        let text = scratch.file("notes.txt", "not an image")
        XCTAssertNil(decoders.probe(path: text.path))
        XCTAssertNil(decoders.metadata(path: text.path))
    }

    func testReasonsAreThoseGivenInProcess() throws {
        let scratch = Scratch()
        let cases = [scratch.file("notes.txt", "not an image"), scratch.path("missing.jpg")]
        for url in cases {
            func reason(_ pool: DecoderPool) -> String? {
                do {
                    _ = try pool.decode(path: url.path, maxSize: 64)
                    return nil
                } catch {
                    return error.message
                }
            }
            XCTAssertNotNil(reason(decoders), url.path)
            XCTAssertEqual(reason(decoders), reason(inProcess), url.path)
        }
    }

    func testTheSandboxIsSaidOnceADecoderRan() throws {
        let pool = DecoderPool(.standard())
        XCTAssertNil(pool.sandbox)
        _ = pool.probe(path: "/nonexistent")  // opened by the app: no decoder needed yet
        _ = try pool.decode(path: TestImages.jpeg(Scratch().path("a.jpg"), width: 8, height: 8).path, maxSize: 8)
        let sandbox = try XCTUnwrap(pool.sandbox)
        XCTAssertNotEqual(sandbox, .inProcess)
        if DecoderPool.Configuration.findBubblewrap() == nil {
            XCTAssertEqual(sandbox, .unavailable(reason: "bubblewrap (bwrap) is not installed"))
        }
    }

    func testWhereBubblewrapCannotMakeASandboxDecodersRunWithoutItAndSaySo() throws {
        let scratch = Scratch()
        // What bwrap does on a kernel that refuses unprivileged user namespaces.
        let bwrap = scratch.file("bin/bwrap", """
            #!/bin/sh
            echo "bwrap: No permissions to create a new namespace" >&2
            exit 1

            """)
        chmod(bwrap.path, 0o755)
        var configuration = DecoderPool.Configuration.standard()
        configuration.bubblewrap = bwrap.path
        let pool = DecoderPool(configuration)
        let photo = try TestImages.jpeg(scratch.path("photo.jpg"), width: 64, height: 48)
        XCTAssertEqual(try pool.decode(path: photo.path, maxSize: 32).width, 32)
        XCTAssertEqual(pool.sandbox, .unavailable(reason: "bwrap: No permissions to create a new namespace"))
    }

    func testStartingADecoderHasItsOwnTimeLimitApartFromTheRequests() throws {
        let scratch = Scratch()
        // A decoder that takes a second to start, as on a loaded machine:
        // bubblewrap, slowed down.
        let slow = scratch.file("bin/bwrap", """
            #!/bin/sh
            sleep 1
            exec \(try XCTUnwrap(DecoderPool.Configuration.findBubblewrap())) "$@"

            """)
        chmod(slow.path, 0o755)
        let photo = try TestImages.jpeg(scratch.path("photo.jpg"), width: 64, height: 48)
        var configuration = DecoderPool.Configuration.standard()
        configuration.bubblewrap = slow.path
        configuration.timeout = 0.5
        configuration.startupTimeout = 10
        XCTAssertEqual(try DecoderPool(configuration).decode(path: photo.path, maxSize: 32).width, 32,
                       "a slow start is not a slow request")
        configuration.startupTimeout = 0.3
        XCTAssertThrowsError(try DecoderPool(configuration).decode(path: photo.path, maxSize: 32)) { error in
            XCTAssertEqual((error as? ImageError)?.message,
                           "The image decoder could not be started (the decoder did not start in time).")
        }
    }

    /// A decoder is the app's background work: in the app's session (where
    /// the kernel groups processes by session, a session of its own would
    /// share the processor with the whole app as an equal), at nice 10,
    /// in a process group of its own (Ctrl+C in the app's terminal is the
    /// app's to handle).
    func testADecoderRunsBehindTheAppInItsSession() throws {
        let scratch = Scratch()
        let photo = try TestImages.jpeg(scratch.path("photo.jpg"), width: 64, height: 48)
        var configuration = DecoderPool.Configuration.standard()
        configuration.size = 1
        let pool = DecoderPool(configuration)
        let before = Set(Self.decoderProcesses())
        XCTAssertEqual(try pool.decode(path: photo.path, maxSize: 32).width, 32)
        XCTAssertEqual(pool.sandbox, .bubblewrap)
        let started = Self.decoderProcesses().filter { !before.contains($0) }
        XCTAssertEqual(started.count, 1, "one decoder started")
        // A kernel built without autogroups has no such file: the session
        // is checked there still, and the skip says what was not.
        let autogroups = FileManager.default.fileExists(atPath: "/proc/self/autogroup")
        for pid in started {
            let fields = try XCTUnwrap(Self.stat(of: pid))
            XCTAssertEqual(fields[3], String(getsid(0)), "the app's session")
            XCTAssertEqual(fields[16], "10", "nice 10")
            XCTAssertEqual(fields[2], String(pid), "a process group of its own")
            if autogroups {
                XCTAssertEqual(try String(contentsOfFile: "/proc/\(pid)/autogroup", encoding: .utf8),
                               try String(contentsOfFile: "/proc/self/autogroup", encoding: .utf8), "the app's autogroup")
            }
        }
        if !autogroups {
            throw XCTSkip("no /proc/self/autogroup (a kernel without autogroups): the decoder's autogroup was not compared")
        }
    }

    /// The fields of /proc/PID/stat after the program's name: the state
    /// first, then the parent, process group, session… (proc(5) from 3 on).
    private static func stat(of pid: Int32) -> [String]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").map(String.init)
    }

    /// The lightbox-decoder processes below this one.
    private static func decoderProcesses() -> [Int32] {
        let me = getpid()
        func parent(of pid: Int32) -> Int32? { stat(of: pid).flatMap { Int32($0[1]) } }
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
        return pids.filter { pid in
            guard (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "lightbox-decode\n" else {
                return false
            }
            var ancestor = parent(of: pid)
            while let current = ancestor, current > 1 {
                if current == me { return true }
                ancestor = parent(of: current)
            }
            return false
        }
    }
}
