import Glibc

/// A file name on Linux is a string of bytes, not of characters: a name
/// written by an old camera or unpacked from a Windows archive can be
/// Latin-1 or Shift JIS, which is not UTF-8. Swift strings hold only valid
/// Unicode, so such a name cannot be a `String` as it stands, and reading
/// it as one (`String(cString:)`) would replace its odd bytes with U+FFFD:
/// the path would no longer name the file.
///
/// Lightbox keeps paths in `String`s anyway (they are sorted, searched,
/// shown, keyed on and stored in the index as text everywhere), and makes
/// the string carry the exact bytes: each byte that is not part of valid
/// UTF-8 is kept as one scalar of the last private-use plane,
/// U+10FF00 + byte (bytes 0x80–0xFF, so U+10FF80–U+10FFFF). This is the
/// idea of Python's "surrogateescape", which Swift cannot use (its strings
/// cannot hold lone surrogates). A name that really contains one of those
/// scalars has its four bytes kept the same way, so every byte string has
/// exactly one spelling and comes back unchanged.
///
/// Where a path enters (a folder's entries, GLib, the command line) it is
/// read with `String(pathBytes:)`; where it leaves for the system (every C
/// call and URI) it is written with `withPathCString` or `pathBytes`;
/// people see `displayablePath`, with U+FFFD for each kept byte.
extension String {
    /// The string for the bytes of a path, as the system gave them.
    public init(pathBytes bytes: some Collection<UInt8>) {
        if !bytes.contains(PathEscape.leadByte), let valid = String(validating: bytes, as: UTF8.self) {
            self = valid
            return
        }
        self = PathEscape.decode(Array(bytes))
    }

    /// The string for a NUL-terminated path from C.
    public init(pathCString: UnsafePointer<CChar>) {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pathCString).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(pathCString))
        self.init(pathBytes: bytes)
    }

    /// The bytes this path stands for.
    public var pathBytes: [UInt8] {
        hasKeptBytes ? PathEscape.encode(self) : Array(utf8)
    }

    /// Calls `body` with the path as the NUL-terminated bytes C expects.
    public func withPathCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasKeptBytes else { return try withCString(body) }
        var bytes = PathEscape.encode(self)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path as people read it: each byte that is not UTF-8 shows as
    /// U+FFFD, as GLib's `g_filename_display_name` shows it.
    public var displayablePath: String {
        guard hasKeptBytes else { return self }
        var shown = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            shown.append(PathEscape.isKeptByte(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(shown)
    }

    /// Whether the path holds bytes that are not UTF-8. A kept byte's
    /// scalar is the only one whose UTF-8 starts with 0xF4 0x8F 0xBE/0xBF,
    /// and 0xF4 is rare in names, so the common case costs one scan.
    public var hasKeptBytes: Bool {
        utf8.contains(PathEscape.leadByte) && unicodeScalars.contains(where: PathEscape.isKeptByte)
    }
}

/// The spelling of kept bytes (see `String(pathBytes:)`).
enum PathEscape {
    static let base: UInt32 = 0x10_FF00
    /// The first byte of the UTF-8 of every scalar from U+100000 on.
    static let leadByte: UInt8 = 0xF4

    static func isKeptByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base + 0x80
    }

    static func decode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        func keep(_ count: Int) {
            for byte in bytes[offset..<offset + count] { scalars.append(Unicode.Scalar(base + UInt32(byte))!) }
        }
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if isKeptByte(scalar) { keep(encoded.count) } else { scalars.append(scalar) }
                offset += encoded.count
            case .error(let length):
                keep(length)
                offset += length
            case .emptyInput:
                break decoding
            }
        }
        return String(scalars)
    }

    static func encode(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isKeptByte(scalar) {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return bytes
    }
}

extension String {
    /// Whether this string's UTF-8 comes before `other`'s, byte by byte
    /// (the index's order: SQLite compares text so). One `memcmp` over
    /// both strings' storage: `utf8.lexicographicallyPrecedes` steps
    /// through them a byte at a time, and sorting each folder's photos by
    /// path so took the walk of a 100,000-photo library 365 ms of CPU.
    public func precedesInUTF8(_ other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs -> Bool in
                let common = Swift.min(mine.count, theirs.count)
                if common > 0, let a = mine.baseAddress, let b = theirs.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return mine.count < theirs.count
            }
        }
        return (compared ?? nil) ?? utf8.lexicographicallyPrecedes(other.utf8)
    }
}
