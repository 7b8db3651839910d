import Foundation

/// Reads the text chunks (tEXt, and uncompressed iTXt) of a PNG file
/// without decoding its pixels: what the thumbnail cache needs to tell
/// whether a thumbnail is valid. Image data is skipped, not read.
public enum PNGText {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// A text chunk larger than this is not a thumbnail key; skip it.
    private static let largestTextChunk = 1 << 16
    private static let mostChunks = 10_000

    /// The keyword → text pairs of the PNG at `url`, or nil when the file
    /// cannot be read or is not a PNG. The first of repeated keys wins.
    public static func read(from url: URL) -> [String: String]? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8), Array(head) == signature else { return nil }
        var offset: UInt64 = 8
        var text: [String: String] = [:]
        for _ in 0..<mostChunks {
            guard let header = try? handle.read(upToCount: 8), header.count == 8 else { break }
            let bytes = Array(header)
            let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            offset += 8
            if type == "IEND" { break }
            if (type == "tEXt" || type == "iTXt"), length <= largestTextChunk {
                guard let data = try? handle.read(upToCount: length), data.count == length else { break }
                if let (key, value) = type == "tEXt" ? parseText(Array(data)) : parseInternational(Array(data)),
                   text[key] == nil {
                    text[key] = value
                }
            }
            // Past the data and the CRC.
            offset += UInt64(length) + 4
            guard (try? handle.seek(toOffset: offset)) != nil else { break }
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
