import Foundation
import Imaging

extension ThumbnailCache {
    /// A file's metadata changed but its pixels did not (a rating was
    /// written): its thumbnails, valid for the file as it was, are made
    /// valid for it as it is by rewriting their MTime and Size text alone,
    /// instead of decoding the photo again. Returns how many were
    /// re-stamped; those that were not valid for `old` are left alone.
    @discardableResult
    package func restamp(from old: ThumbnailSource, to new: ThumbnailSource) -> Int {
        let uri = uri(for: old.path)
        var count = 0
        for size in ThumbnailSize.allCases {
            let url = path(for: uri, size: size)
            guard let text = PNGText.read(from: url), Self.isValid(text, uri: uri, source: old),
                  let data = try? Data(contentsOf: url),
                  let stamped = PNGText.replacing([Key.mtime: String(new.modificationTime),
                                                   Key.size: String(new.fileSize)], in: data)
            else { continue }
            do throws(ImageError) {
                try write(url) { temporary throws(ImageError) in
                    guard FileManager.default.createFile(atPath: temporary, contents: stamped) else {
                        throw ImageError("Could not write a thumbnail.") // untranslated: not shown, the write is skipped
                    }
                }
                count += 1
            } catch {
                continue
            }
        }
        return count
    }
}

extension PNGText {
    /// `png` with the text of its tEXt chunks named in `values` replaced
    /// (each chunk's CRC computed anew); nil when it is not a whole PNG.
    static func replacing(_ values: [String: String], in png: Data) -> Data? {
        let bytes = [UInt8](png)
        guard bytes.count > 8, bytes[0] == 0x89, bytes[1] == 0x50 else { return nil }
        var output = Array(bytes[0..<8])
        output.reserveCapacity(bytes.count + 64)
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - at - 12 else { return nil }
            let type = bytes[at + 4..<at + 8]
            let body = bytes[at + 8..<at + 8 + length]
            if Array(type) == Array("tEXt".utf8), let nul = body.firstIndex(of: 0),
               let key = String(bytes: body[body.startIndex..<nul], encoding: .isoLatin1), let value = values[key] {
                let newBody = Array(body[body.startIndex...nul]) + Array(value.utf8)
                output += chunk(type: Array(type), body: newBody)
            } else {
                output += bytes[at..<at + 12 + length]
            }
            at += 12 + length
            if Array(type) == Array("IEND".utf8) { return Data(output) }
        }
        return nil
    }

    private static func chunk(type: [UInt8], body: [UInt8]) -> [UInt8] {
        let length = UInt32(body.count), crc = crc32(type + body)
        return bigEndian(length) + type + body + bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
}
