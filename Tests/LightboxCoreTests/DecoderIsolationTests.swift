import Foundation
import Imaging
@testable import LightboxCore
import XCTest

/// Decoders that crash, hang, lie, run out of memory or try to get out,
/// made so by real loader modules (FaultyLoaders): the file gets a clear
/// reason, the decoder is replaced, and every other file still decodes.
final class DecoderIsolationTests: XCTestCase {
    private func goodPhoto(_ loaders: FaultyLoaders, _ name: String = "good.jpg") throws -> URL {
        try TestImages.jpeg(loaders.scratch.path("photos/\(name)"), width: 640, height: 480)
    }

    private func assertFails(_ pool: DecoderPool, _ file: URL, _ kind: ImageError.Kind,
                             line: UInt = #line) -> ImageError? {
        do {
            _ = try pool.decode(path: file.path, maxSize: 256)
            XCTFail("\(file.lastPathComponent) decoded", line: line)
            return nil
        } catch {
            XCTAssertEqual(error.kind, kind, error.message, line: line)
            return error
        }
    }

    /// Polls `condition` until it holds; throws (the test fails) after
    /// `seconds`: a pool that never gets there fails the test, not hangs it.
    private func waitFor(_ what: String, upTo seconds: Double, until condition: () -> Bool) throws {
        let deadline = DispatchTime.now() + seconds
        while !condition() {
            guard DispatchTime.now() < deadline else { throw Problem("timed out after \(seconds) s waiting for \(what)") }
            usleep(1000)
        }
    }

    func testACrashIsTheFilesReasonAndTheNextFileDecodes() throws {
        let loaders = try FaultyLoaders(port: 9)
        let pool = loaders.pool()
        let good = try goodPhoto(loaders)
        for _ in 0..<2 {
            let error = assertFails(pool, loaders.file(.crash), .decoderCrashed)
            XCTAssertEqual(error?.message, "The image decoder crashed on this file.")
            XCTAssertEqual(try pool.decode(path: good.path, maxSize: 256).width, 256)
        }
    }

    func testAHangingDecoderIsStoppedAtTheTimeLimit() throws {
        let loaders = try FaultyLoaders(port: 9)
        // CPU time would stop it too, but much later: the clock does here.
        let pool = loaders.pool(timeout: 1.5, cpuSeconds: 600)
        let error = assertFails(pool, loaders.file(.loop), .decoderTimedOut)
        XCTAssertEqual(error?.message, "The image decoder took too long on this file and was stopped.")
        XCTAssertEqual(try pool.decode(path: try goodPhoto(loaders).path, maxSize: 100).width, 100)
    }

    func testAPhotoWindowIsShownWhileEveryDecoderHangs() throws {
        let loaders = try FaultyLoaders(port: 9)
        let pool = loaders.pool(size: 1, timeout: 5, cpuSeconds: 600)
        let hanging = loaders.file(.loop).path
        let outcome = ResultSlots<ImageError.Kind?>(count: 1)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do throws(ImageError) {
                _ = try pool.decode(path: hanging, maxSize: 256)
                outcome.set(0, nil)
            } catch {
                outcome.set(0, error.kind)
            }
            done.signal()
        }.start()
        // The pool's one decoder is spinning on the loop...
        try waitFor("the pool's one decoder to take the looping file", upTo: 10) { pool.busy > 0 }
        // ...and the photo window still gets a decoder of its own.
        let good = try goodPhoto(loaders)
        let photo = try pool.decodeForDisplay(path: good.path, maxSize: 100, priority: .interactive)
        XCTAssertEqual(photo.width, 100)
        XCTAssertEqual(pool.busy, 1, "the loop is still running")
        // Its time limit is 5 s.
        guard done.wait(timeout: .now() + 30) == .success else {
            throw Problem("the looping decode did not end in 30 s: its 5 s time limit did not stop it")
        }
        XCTAssertEqual(outcome.values, [.decoderTimedOut])
    }

    func testTheCPULimitStopsALoopBeforeTheClockDoes() throws {
        let loaders = try FaultyLoaders(port: 9)
        // The clock would take ten minutes: only the CPU limit ends this soon.
        let pool = loaders.pool(timeout: 600, cpuSeconds: 1)
        _ = assertFails(pool, loaders.file(.loop), .decoderTimedOut)
        XCTAssertEqual(try pool.decode(path: try goodPhoto(loaders).path, maxSize: 100).width, 100)
    }

    func testABombEndsInAMemoryFailure() throws {
        let loaders = try FaultyLoaders(port: 9)
        let pool = loaders.pool(memoryLimit: 1 << 30)
        let error = assertFails(pool, loaders.file(.bomb), .decoderOutOfMemory)
        XCTAssertEqual(error?.message, "The image needs more memory than Lightbox allows a decoder.")
        XCTAssertEqual(try pool.decode(path: try goodPhoto(loaders).path, maxSize: 100).width, 100)
    }

    func testAForgedAnswerStopsTheDecoder() throws {
        let loaders = try FaultyLoaders(port: 9)
        let pool = loaders.pool()
        _ = assertFails(pool, loaders.file(.lie), .decoderNonsense)
        XCTAssertEqual(try pool.decode(path: try goodPhoto(loaders).path, maxSize: 100).width, 100)
    }

    func testAnIntruderCannotWriteTheHomeFolderSeeItReachTheNetworkOrTypeInTheTerminal() throws {
        let listener = try Listener()
        let loaders = try FaultyLoaders(port: listener.port)
        let pool = loaders.pool()
        let error = assertFails(pool, loaders.file(.intrude), .file)
        let message = try XCTUnwrap(error?.message)
        // The app runs decoders in bubblewrap wherever it works; a machine
        // where it does not cannot check the sandbox, and that fails.
        XCTAssertEqual(pool.sandbox, .bubblewrap, "bubblewrap cannot make a sandbox here (README, Decoders and the sandbox)")
        // The filter refuses writing and sockets; the sandbox has no home.
        XCTAssertTrue(message.contains("write EPERM"), message)
        XCTAssertTrue(message.contains("read ENOENT"), message)
        XCTAssertTrue(message.contains("socket EPERM"), message)
        XCTAssertTrue(message.contains("type EPERM; paste EPERM"), message)
        XCTAssertEqual(try String(contentsOf: loaders.secret, encoding: .utf8), "nobody may change this\n")
        XCTAssertEqual(listener.connections(), 0)
    }

    func testWithoutBubblewrapTheFilterStillRefusesWritingAndSockets() throws {
        let listener = try Listener()
        let loaders = try FaultyLoaders(port: listener.port)
        let pool = loaders.pool(bubblewrap: nil)
        let message = try XCTUnwrap(assertFails(pool, loaders.file(.intrude), .file)?.message)
        XCTAssertEqual(pool.sandbox, .unavailable(reason: "bubblewrap (bwrap) is not installed"))
        XCTAssertTrue(message.contains("write EPERM"), message)
        XCTAssertTrue(message.contains("socket EPERM"), message)
        XCTAssertTrue(message.contains("type EPERM; paste EPERM"), message)
        XCTAssertEqual(try String(contentsOf: loaders.secret, encoding: .utf8), "nobody may change this\n")
        XCTAssertEqual(listener.connections(), 0)
        XCTAssertEqual(try pool.decode(path: try goodPhoto(loaders).path, maxSize: 100).width, 100)
    }

    func testThumbnailsOfOtherPhotosKeepComingAndTheCrashIsRemembered() async throws {
        let loaders = try FaultyLoaders(port: 9)
        let pool = loaders.pool(timeout: 1.5, cpuSeconds: 600)
        let cache = ThumbnailCache(directories: XDGDirectories(environment: loaders.scratch.directories),
                                   decoders: pool)
        let loader = ThumbnailLoader(cache: cache, size: .normal)
        let good = try (0..<6).map { try goodPhoto(loaders, "good-\($0).jpg") }
        let bad: [FaultyLoaders.Behaviour] = [.crash, .loop, .lie]
        let sources = try (good + bad.map(loaders.file)).map { try XCTUnwrap(ThumbnailSource(path: $0.path)) }
        let results = await withTaskGroup(of: (String, Result<PixelData, ThumbnailError>).self) { group in
            for source in sources {
                group.addTask {
                    do { return (source.path, .success(try await loader.thumbnail(for: source))) }
                    catch { return (source.path, .failure(error as? ThumbnailError ?? ThumbnailError(reason: "\(error)"))) }
                }
            }
            return await group.reduce(into: [String: Result<PixelData, ThumbnailError>]()) { $0[$1.0] = $1.1 }
        }
        for url in good { XCTAssertEqual(try results[url.path]?.get().width, 128, url.lastPathComponent) }
        let reasons: [FaultyLoaders.Behaviour: String] = [
            .crash: "The image decoder crashed on this file.",
            .loop: "The image decoder took too long on this file and was stopped.",
            .lie: "The image decoder gave a wrong answer on this file and was stopped.",
        ]
        for (behaviour, reason) in reasons {
            let path = loaders.file(behaviour).path
            guard case .failure(let error) = results[path] else { return XCTFail("\(behaviour) has a thumbnail") }
            XCTAssertEqual(error.reason, reason)
            let text = PNGText.read(from: cache.failurePath(for: cache.uri(for: path)))
            XCTAssertEqual(text?["Lightbox::Reason"], reason, "\(behaviour)'s fail entry")
        }
    }

    @MainActor
    func testThePhotoWindowAndTheAvatarSayTheDecoderCrashed() async throws {
        let loaders = try FaultyLoaders(port: 9)
        let pool = loaders.pool()
        let file = loaders.file(.crash)
        let photo = Photo(path: file.path, fileSize: 207, modificationTime: 0)
        let logic = PhotoViewerLogic(photo: photo, sequence: nil, decode: PhotoViewerLogic.decoding(with: pool))
        await logic.sendAndSettle(.load)
        XCTAssertEqual(logic.state.picture, .failed(photo, "The image decoder crashed on this file."))
        XCTAssertThrowsError(try AvatarImage.decode(path: file.path, decoders: pool)) { error in
            XCTAssertTrue((error as? AvatarError)?.message.hasSuffix("The image decoder crashed on this file.") == true,
                          "\(error)")
        }
    }
}
