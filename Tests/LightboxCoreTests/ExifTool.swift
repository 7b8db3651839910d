import Foundation
import XCTest

/// exiftool, the independent reader and writer the rating tests check
/// Lightbox against (Debian: libimage-exiftool-perl, installed by
/// `scripts/install-deps.sh --test`).
enum ExifTool {
    static let path = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs exiftool; throws when it is missing or fails.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        guard let path else {
            throw NSError(domain: "exiftool", code: 127, userInfo: [
                NSLocalizedDescriptionKey: "exiftool is not installed (Debian: libimage-exiftool-perl): run scripts/install-deps.sh --test"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "exiftool", code: Int(process.terminationStatus), userInfo: [
                NSLocalizedDescriptionKey: "exiftool \(arguments): \(String(decoding: problems, as: UTF8.self))"])
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One tag's value as exiftool prints it (`-s3`, numbers as numbers);
    /// nil when the file lacks it.
    static func value(_ tag: String, of file: URL) throws -> String? {
        let text = try run(["-s3", "-n", "-\(tag)", file.path]).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Writes tags in place (`-TAG=VALUE` arguments), as another tool would.
    static func write(_ assignments: [String], to file: URL) throws {
        try run(["-q", "-overwrite_original"] + assignments + [file.path])
    }

    /// Every tag exiftool finds, by group and name, with what a rating
    /// write may change left out: the rating tags, XMP's toolkit, and
    /// the file system's and exiftool's own facts.
    static func otherMetadata(of file: URL) throws -> [String: String] {
        let json = try run(["-j", "-G1", "-a", "-n", "-b", file.path])
        let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        var tags: [String: String] = [:]
        for (key, value) in objects?.first ?? [:] {
            let group = key.split(separator: ":").first.map(String.init) ?? ""
            let name = key.split(separator: ":").last.map(String.init) ?? key
            if ["System", "File", "ExifTool", "Composite"].contains(group) || key == "SourceFile" { continue }
            if ["Rating", "RatingPercent", "XMPToolkit"].contains(name) { continue }
            tags[key] = "\(value)"
        }
        return tags
    }
}
