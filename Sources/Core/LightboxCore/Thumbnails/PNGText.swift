import Foundation

/// Reads the text chunks (tEXt, and uncompressed iTXt) of a PNG file
/// without decoding its pixels: what the thumbnail cache needs to tell
/// whether a thumbnail is valid. Image data is skipped, not read.
package enum PNGText {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// A text chunk larger than this is not a thumbnail key; skip it.
    private static let largestTextChunk = 1 << 16
    private static let mostChunks = 10_000

    /// The keyword → text pairs of the PNG at `url`, or nil when the file
    /// cannot be read or is not a PNG. The first of repeated keys wins.
    package static func read(from url: URL) -> [String: String]? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var file = FileChunks(handle: handle)
        return read(&file)
    }

    /// The same, of a PNG's bytes in memory.
    package static func read(bytes: [UInt8]) -> [String: String]? {
        var memory = MemoryChunks(bytes: bytes)
        return read(&memory)
    }

    private static func read(_ source: inout some ChunkSource) -> [String: String]? {
        guard source.read(8) == signature else { return nil }
        var offset: UInt64 = 8
        var text: [String: String] = [:]
        for _ in 0..<mostChunks {
            guard let bytes = source.read(8), bytes.count == 8 else { break }
            let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            offset += 8
            if type == "IEND" { break }
            if (type == "tEXt" || type == "iTXt"), length <= largestTextChunk {
                guard let data = source.read(length), data.count == length else { break }
                if let (key, value) = type == "tEXt" ? parseText(data) : parseInternational(data),
                   text[key] == nil {
                    text[key] = value
                }
            }
            // Past the data and the CRC.
            offset += UInt64(length) + 4
            guard source.seek(to: offset) else { break }
        }
        return text
    }

    /// tEXt: keyword, NUL, Latin-1 text.
    private static func parseText(_ data: [UInt8]) -> (String, String)? {
        guard let nul = data.firstIndex(of: 0), nul > 0 else { return nil }
        guard let key = String(bytes: data[..<nul], encoding: .isoLatin1),
              let value = String(bytes: data[(nul + 1)...], encoding: .isoLatin1) else { return nil }
        return (key, value)
    }

    /// iTXt: keyword, NUL, compression flag, method, language, NUL,
    /// translated keyword, NUL, UTF-8 text. Compressed text is skipped.
    private static func parseInternational(_ data: [UInt8]) -> (String, String)? {
        guard let nul = data.firstIndex(of: 0), nul > 0, data.count >= nul + 3,
              data[nul + 1] == 0 else { return nil }
        guard let key = String(bytes: data[..<nul], encoding: .isoLatin1) else { return nil }
        let rest = data[(nul + 3)...]
        guard let languageEnd = rest.firstIndex(of: 0) else { return nil }
        let afterLanguage = rest[(languageEnd + 1)...]
        guard let translatedEnd = afterLanguage.firstIndex(of: 0) else { return nil }
        guard let value = String(validating: afterLanguage[(translatedEnd + 1)...], as: UTF8.self) else { return nil }
        return (key, value)
    }
}

/// Where PNG chunks are read from: image data is skipped by seeking.
private protocol ChunkSource {
    /// Up to `count` bytes; nil when nothing can be read.
    mutating func read(_ count: Int) -> [UInt8]?
    mutating func seek(to offset: UInt64) -> Bool
}

private struct FileChunks: ChunkSource {
    let handle: FileHandle

    mutating func read(_ count: Int) -> [UInt8]? {
        (try? handle.read(upToCount: count)).map(Array.init)
    }

    mutating func seek(to offset: UInt64) -> Bool {
        (try? handle.seek(toOffset: offset)) != nil
    }
}

private struct MemoryChunks: ChunkSource {
    let bytes: [UInt8]
    var position = 0

    mutating func read(_ count: Int) -> [UInt8]? {
        guard position < bytes.count else { return nil }
        let end = position + min(count, bytes.count - position)
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// As a file seeks: past the end is allowed, and reads there find nothing.
    mutating func seek(to offset: UInt64) -> Bool {
        position = Int(clamping: offset)
        return true
    }
}
