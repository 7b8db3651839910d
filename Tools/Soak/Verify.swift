import FilePaths
import Foundation
import Imaging

/// `lightbox-soak verify`: every file in the folders given, looked at with
/// the app's own means: decoded by the sandboxed decoders, and its image
/// data compared with the photo's pristine copy (`Imaging.haveSameImageData`,
/// the check a rating write makes: every byte of the image apart from
/// metadata). One JSON line a file; the orchestrator judges.
func verify(pristine: String, folders: [String], output: String) throws {
    struct Line: Encodable, Sendable {
        var path: String
        var number: Int?
        var decodes: Bool
        var sameImageData: Bool?
        var error: String?
    }
    var found: [String] = []
    for folder in folders {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var info = stat()
            let path = folder + "/" + name
            if Posix.lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { found.append(path) }
        }
    }
    let files = found
    let lines = Guarded([Line?](repeating: nil, count: files.count))
    // Two at a time: the decoders are one per core.
    DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { worker in
        var at = worker
        while at < files.count {
            let path = files[at]
            var line = Line(path: path, number: soakNumber(of: path), decodes: false)
            do {
                _ = try DecoderPool.shared.decode(path: path, maxSize: 64)
                line.decodes = true
                if let number = line.number {
                    let original = pristine + "/" + String(format: "P%06d.jpg", number)
                    line.sameImageData = try Imaging.haveSameImageData(original, path)
                }
            } catch let error as ImageError {
                line.error = error.message
            } catch {
                line.error = "\(error)"
            }
            lines.with { $0[at] = line }
            at += ProcessInfo.processInfo.activeProcessorCount
        }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = Data()
    for line in lines.with({ $0 }) {
        guard let line else { continue }
        data.append(try encoder.encode(line))
        data.append(UInt8(ascii: "\n"))
    }
    try data.write(to: URL(fileURLWithPath: output))
}
