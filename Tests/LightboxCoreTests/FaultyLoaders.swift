import Foundation
import Imaging
import XCTest

/// gdk-pixbuf loader modules that crash, hang, intrude, lie or blow up on
/// files with their own magic bytes (Tests/Fixtures/faulty-loader.c),
/// compiled with cc and registered through a loaders.cache of their own,
/// and decoder pools whose decoders load them. Real faults in real
/// decoder processes: nothing here is a stand-in for the decoder.
final class FaultyLoaders: Sendable {
    enum Behaviour: String, CaseIterable {
        case crash = "CRASH", loop = "LOOP", intrude = "INTRUDE", lie = "LIE", bomb = "BOMB"

        /// How a file for this loader starts. gdk-pixbuf picks a loader by
        /// the MIME type shared-mime-info sniffs from the first bytes, so
        /// each loader claims a type that no real image loader does, with
        /// that type's own magic.
        var magic: String {
            switch self {
            case .crash: "%PDF-1.4"
            case .loop: "%!PS-Adobe-3.0"
            case .intrude: "MThd"
            case .lie: "fLaC"
            case .bomb: "Rar!"
            }
        }

        var mimeType: String {
            switch self {
            case .crash: "application/pdf"
            case .loop: "application/postscript"
            case .intrude: "audio/midi"
            case .lie: "audio/flac"
            case .bomb: "application/vnd.rar"
            }
        }
    }

    let scratch = Scratch()
    /// The file an intruding loader tries to write and read: in a "home"
    /// the sandbox does not show.
    let secret: URL
    /// A TCP port on 127.0.0.1 that the test listens on.
    let port: UInt16
    let moduleFile: URL

    init(port: UInt16) throws {
        guard access("/usr/bin/cc", X_OK) == 0 else {
            throw Problem("no C compiler at /usr/bin/cc to build the faulty loaders (Debian: gcc; scripts/install-deps.sh --test)")
        }
        self.port = port
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/faulty-loader.c").standardizedFileURL
        secret = scratch.file("home/secret", "nobody may change this\n")
        let folder = scratch.path("loaders")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let flags = try Self.output(["pkg-config", "--cflags", "--libs", "gdk-pixbuf-2.0"])
            .split(separator: " ").map(String.init)
        // The system's loaders still load: their entries come first.
        let systemCache = try Self.output(["pkg-config", "--variable=gdk_pixbuf_cache_file", "gdk-pixbuf-2.0"])
        var cache = (try? String(contentsOfFile: systemCache, encoding: .utf8)) ?? ""
        for behaviour in Behaviour.allCases {
            let module = folder.appendingPathComponent("libfaulty-\(behaviour.rawValue.lowercased()).so").path
            _ = try Self.output(["cc", "-shared", "-fPIC", "-O1", "-o", module, source.path,
                                 "-DLB_\(behaviour.rawValue)", "-DLB_MAGIC=\"\(behaviour.magic)\"",
                                 "-DLB_SECRET=\"\(secret.path)\"", "-DLB_PORT=\(port)"] + flags)
            cache += """

                "\(module)"
                "faulty-\(behaviour.rawValue.lowercased())" 4 "gdk-pixbuf" "faulty" "LGPL"
                "\(behaviour.mimeType)" ""
                "faulty\(behaviour.rawValue.lowercased())" ""
                "\(behaviour.magic)" "" 100

                """
        }
        // gdk-pixbuf takes an entry in only once a blank line ends it.
        cache += "\n"
        moduleFile = folder.appendingPathComponent("loaders.cache")
        try cache.write(to: moduleFile, atomically: true, encoding: .utf8)
    }

    /// A file starting with `behaviour`'s magic bytes.
    func file(_ behaviour: Behaviour) -> URL {
        scratch.file("photos/\(behaviour.rawValue.lowercased()).faulty", behaviour.magic + " LBFAULTY " + String(repeating: "!", count: 200))
    }

    /// Decoders that load these modules, with limits small enough to reach.
    func pool(size: Int = 2, timeout: Double = 20, cpuSeconds: Int = 20, memoryLimit: Int = 1 << 30,
              bubblewrap: String? = DecoderPool.Configuration.findBubblewrap()) -> DecoderPool {
        var configuration = DecoderPool.Configuration.standard()
        configuration.bubblewrap = bubblewrap
        configuration.size = size
        configuration.timeout = timeout
        configuration.cpuSeconds = cpuSeconds
        configuration.memoryLimit = memoryLimit
        configuration.environment = ["GDK_PIXBUF_MODULE_FILE": moduleFile.path]
        return DecoderPool(configuration)
    }

    private static func output(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            struct Failed: Error { let command: String }
            throw Failed(command: arguments.joined(separator: " "))
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A TCP listener on 127.0.0.1 that counts who connected.
final class Listener {
    let socket: Int32
    let port: UInt16

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && listen(socket, 8) == 0
                    && getsockname(socket, address, &length) == 0
            }
        }
        guard socket >= 0, bound else { throw Problem("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))") }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socket) }

    /// Connections made so far (accepted and closed).
    func connections() -> Int {
        var count = 0
        while case let client = accept(socket, nil, nil), client >= 0 {
            close(client)
            count += 1
        }
        return count
    }
}
