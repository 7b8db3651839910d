import FilePaths
import Foundation
import LightboxCore

/// The parsers this project wrote for bytes it does not control, each as a
/// function of arbitrary bytes that must neither crash nor break its
/// promise. `make fuzz` runs them under libFuzzer (Tools/Fuzz/Swift/Entry);
/// the unit tests replay the seed corpus and every input that once failed
/// (Tools/Fuzz/corpus/TARGET/), so a fixed crash stays fixed.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A file name's bytes, carried in a `String` and given back.
    case pathBytes = "path-bytes"
    /// The text chunks of a thumbnail PNG (the cache's validity check).
    case pngText = "png-text"
    /// `profile.json` as the profile store loads it.
    case profile
    /// Rows of a damaged index, as the library reads them.
    case indexRows = "index-rows"

    public func run(_ bytes: [UInt8]) {
        switch self {
        case .pathBytes: Self.pathBytes(bytes)
        case .pngText: Self.pngText(bytes)
        case .profile: ProfileFuzzing.shared.load(bytes)
        case .indexRows: IndexFuzzing.shared.read(bytes)
        }
    }

    private static func pathBytes(_ bytes: [UInt8]) {
        let path = String(pathBytes: bytes)
        check(path.pathBytes == bytes, "the bytes did not come back")
        check(String(pathBytes: path.pathBytes) == path, "two spellings for one byte string")
        check(!path.displayablePath.hasKeptBytes, "a kept byte is shown")
        if !bytes.contains(0) {
            let viaC = path.withPathCString { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
            check(viaC == bytes, "C got other bytes")
        }
    }

    /// Reading from memory and from a file agree: the fuzzer explores the
    /// parser through the faster one.
    private static func pngText(_ bytes: [UInt8]) {
        let text = PNGText.read(bytes: bytes)
        if bytes.count < 4096, let file = ScratchFile.shared.write(bytes) {
            check(PNGText.read(from: file) == text, "memory and file disagree")
        }
    }
}

/// Stops the process, as a crash would, when a promise is broken: the
/// fuzzer keeps the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// One file rewritten for each input.
final class ScratchFile: Sendable {
    static let shared = ScratchFile()
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lightbox-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ bytes: [UInt8], name: String = "input") -> URL? {
        let url = folder.appendingPathComponent(name)
        return (try? Data(bytes).write(to: url)) == nil ? nil : url
    }
}
