import Foundation

/// Camera RAW files written at test time by Tests/Fixtures/raw_samples.py:
/// sensor data that develops red, blue previews (see its docstring).
enum RawSamples {
    private static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/raw_samples.py").standardizedFileURL.path

    /// Writes a RAW file of `kind` (dng-sensor, dng-preview, cr2, nef, arw, orf).
    @discardableResult
    static func write(_ kind: String, at url: URL, size: String = "600x400", previews: [String] = [],
                      orientation: Int = 1) throws -> URL {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [generator, kind, url.path, "--size", size, "--orientation", String(orientation)]
            + previews.flatMap { ["--preview", $0] }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Problem("raw_samples.py \(kind): \(message)") }
        return url
    }
}
