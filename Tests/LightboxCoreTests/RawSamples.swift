import Foundation

/// Camera RAW files written at test time by Tests/Fixtures/raw_samples.py:
/// sensor data that develops red, blue previews (see its docstring).
enum RawSamples {
    private static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/raw_samples.py").standardizedFileURL.path

    /// A picture embedded beside the sensor data, as raw_samples.py's
    /// `--json` describes it.
    struct Embedded: Decodable {
        let role: String
        let location: String
        let width: Int
        let height: Int
        let encoding: String
        let length: Int
        let colour: String

        private enum CodingKeys: String, CodingKey {
            case role, location = "where", width, height, encoding, length, colour
        }
    }

    private struct Sample: Decodable {
        let embedded: [Embedded]
    }

    /// Writes a RAW file of `kind` (dng-sensor, dng-preview, cr2, nef, arw, orf).
    /// A preview may name its own colour ("640x427:green").
    @discardableResult
    /// `extremes`: the sensor data at its limits, the top quarter's sites
    /// at the white level and the rest at black (exposure tests).
    static func write(_ kind: String, at url: URL, size: String = "600x400", previews: [String] = [],
                      orientation: Int = 1, thumbnailColour: String? = nil, extremes: Bool = false) throws -> URL {
        _ = try run(kind, at: url, size: size, previews: previews, orientation: orientation,
                    thumbnailColour: thumbnailColour, describe: false, extremes: extremes)
        return url
    }

    /// Writes a RAW file as `write` does, and answers what it embeds where.
    static func writeDescribed(_ kind: String, at url: URL, size: String = "600x400", previews: [String] = [],
                               orientation: Int = 1, thumbnailColour: String? = nil) throws -> [Embedded] {
        let json = try run(kind, at: url, size: size, previews: previews, orientation: orientation,
                           thumbnailColour: thumbnailColour, describe: true, extremes: false)
        return try JSONDecoder().decode(Sample.self, from: json).embedded
    }

    private static func run(_ kind: String, at url: URL, size: String, previews: [String], orientation: Int,
                            thumbnailColour: String?, describe: Bool, extremes: Bool) throws -> Data {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var arguments = [generator, kind, url.path, "--size", size, "--orientation", String(orientation)]
        arguments += previews.flatMap { ["--preview", $0] }
        if let thumbnailColour { arguments += ["--thumbnail-colour", thumbnailColour] }
        if describe { arguments.append("--json") }
        if extremes { arguments.append("--extremes") }
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Problem("raw_samples.py \(kind): \(message)") }
        return printed
    }
}
