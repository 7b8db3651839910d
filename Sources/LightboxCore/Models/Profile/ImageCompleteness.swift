import Foundation

/// Whether an image file is whole. gdk-pixbuf decodes a truncated PNG or
/// JPEG without an error (the missing rows come out blank), so avatars
/// check the format's end marker themselves: IEND for PNG, EOI for JPEG,
/// the trailer byte for GIF. Other formats are taken as they are.
enum ImageCompleteness {
    static func isTruncated(path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 8), head.count >= 3,
              let size = try? file.seekToEnd()
        else { return false }
        let tailLength = min(size, 1024)
        guard (try? file.seek(toOffset: size - tailLength)) != nil,
              let tail = try? file.readToEnd().map([UInt8].init) ?? []
        else { return false }
        let start = [UInt8](head)
        if start.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The IEND chunk: empty, type "IEND", its fixed CRC.
            return !contains(tail, [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        }
        if start.starts(with: [0xFF, 0xD8, 0xFF]) {
            // Entropy-coded data stuffs 0xFF as FF 00, so FF D9 is the marker.
            return !contains(tail, [0xFF, 0xD9])
        }
        if start.starts(with: Array("GIF8".utf8)) {
            return tail.last(where: { $0 != 0 }) != 0x3B
        }
        return false
    }

    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
}
