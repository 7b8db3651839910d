import CDecoding
import Foundation

extension DecoderPool {
    /// How decoders are started and what they may use.
    public struct Configuration: Sendable {
        /// The lightbox-decoder program.
        public var executable: String
        /// bubblewrap, or nil to start decoders without a sandbox.
        public var bubblewrap: String?
        /// The most decoders alive at once.
        public var size: Int
        /// How long one request may take, queueing aside, before its
        /// decoder is killed: a decoder that hangs is not waited for.
        public var timeout: Double
        /// How long a new decoder may take to say it is ready (bubblewrap,
        /// exec, reading every loader module), apart from `timeout`: a
        /// machine busy enough to start decoders slowly is no reason to
        /// stop a request, nor a short request limit a reason to give up
        /// on starting one.
        public var startupTimeout: Double
        /// CPU seconds one request may use (RLIMIT_CPU, re-armed for each).
        public var cpuSeconds: Int
        /// Address space a decoder may have (RLIMIT_AS): a decompression
        /// bomb ends in a clear failure, not in the machine swapping.
        public var memoryLimit: Int
        /// Requests a decoder serves before it is replaced, so whatever a
        /// loader leaks stays bounded.
        public var requestsPerDecoder: Int
        /// Variables set for decoders on top of those passed on from the
        /// app's environment (locale, gdk-pixbuf's module settings).
        public var environment: [String: String]

        public init(executable: String, bubblewrap: String? = Configuration.findBubblewrap(),
                    size: Int = ProcessInfo.processInfo.activeProcessorCount, timeout: Double = 30, startupTimeout: Double = 10,
                    cpuSeconds: Int = 20, memoryLimit: Int = 3 << 30, requestsPerDecoder: Int = 1000,
                    environment: [String: String] = [:]) {
            self.executable = executable
            self.bubblewrap = bubblewrap
            self.size = max(1, size)
            self.timeout = timeout
            self.startupTimeout = startupTimeout
            self.cpuSeconds = cpuSeconds
            self.memoryLimit = memoryLimit
            self.requestsPerDecoder = max(1, requestsPerDecoder)
            self.environment = environment
        }

        /// lightbox-decoder where the running program's install puts it
        /// (`../libexec/lightbox/` from `bin/`), else next to the program:
        /// the build folder, and the test runner, which SwiftPM builds
        /// beside it.
        public static func standard() -> Configuration {
            let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            let folder = (own as NSString).deletingLastPathComponent
            let installed = ((folder as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("libexec/lightbox/lightbox-decoder")
            let beside = (folder as NSString).appendingPathComponent("lightbox-decoder")
            return Configuration(executable: access(installed, X_OK) == 0 ? installed : beside)
        }

        /// Debian's bubblewrap, or the first `bwrap` on PATH.
        public static func findBubblewrap() -> String? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            let candidates = ["/usr/bin"] + path.split(separator: ":").map(String.init)
            return candidates.map { $0 + "/bwrap" }.first { access($0, X_OK) == 0 }
        }

        /// What decoders inherit of the app's environment: what the
        /// locale and gdk-pixbuf's modules need, nothing that names the
        /// person's folders (no HOME, no XDG_*), and the overrides.
        var decoderEnvironment: [String: String] {
            let passed = ["LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "GDK_PIXBUF_MODULE_FILE",
                          "GDK_PIXBUF_MODULEDIR", "G_MESSAGES_DEBUG"]
            let own = ProcessInfo.processInfo.environment
            var result = ["PATH": "/usr/bin:/bin"]
            for name in passed { result[name] = own[name] }
            result.merge(environment) { _, override in override }
            return result
        }

        /// Folders outside /usr the sandbox must show (read-only): those of
        /// gdk-pixbuf's module settings when they point elsewhere, where the
        /// loaders they list are expected to live.
        var visiblePaths: [String] {
            let env = decoderEnvironment
            var paths: [String] = []
            if let file = env["GDK_PIXBUF_MODULE_FILE"] { paths.append((file as NSString).deletingLastPathComponent) }
            if let folder = env["GDK_PIXBUF_MODULEDIR"] { paths.append(folder) }
            return (paths + Self.swiftRuntimeFolders).filter { $0.hasPrefix("/") && !$0.hasPrefix("/usr/") }
        }

        /// Where the Swift runtime this process uses lives, when it is a
        /// shared library outside /usr: in a debug or test build the
        /// decoder links it too (a release build links it statically and
        /// this is empty). Read from the app's own mappings.
        static let swiftRuntimeFolders: [String] = {
            // Read to the end by hand: /proc files state a size of 0.
            guard let file = fopen("/proc/self/maps", "r") else { return [] }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
            let maps = String(decoding: bytes, as: UTF8.self)
            let libraries = maps.split(separator: "\n").compactMap { line -> String? in
                guard let slash = line.firstIndex(of: "/") else { return nil }
                let path = String(line[slash...])
                return (path as NSString).lastPathComponent.hasPrefix("libswiftCore.so") ? path : nil
            }
            return Array(Set(libraries.map { ($0 as NSString).deletingLastPathComponent }))
        }()
    }

    /// Whether decoders run in a sandbox, for the log and the About window.
    public enum Sandbox: Equatable, Sendable {
        /// In bubblewrap, behind the seccomp filter.
        case bubblewrap
        /// Plain child processes (still with the seccomp filter and limits);
        /// the reason says why bubblewrap could not be used.
        case unavailable(reason: String)
        /// Benchmarks only: decoded in the app's own process.
        case inProcess
    }
}

/// The C configuration over a Swift one, valid inside `body`.
func withDecoderConfig<Result>(_ configuration: DecoderPool.Configuration, sandboxed: Bool,
                               _ body: (UnsafePointer<LbDecoderConfig>) -> Result) -> Result {
    let environment = configuration.decoderEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    let visible = configuration.visiblePaths.map { strdup($0) } + [nil]
    let executable = strdup(configuration.executable)
    let bubblewrap = sandboxed ? configuration.bubblewrap.map { strdup($0) } : nil
    defer { (environment + visible + [executable, bubblewrap ?? nil]).forEach { free($0) } }
    let environmentPointers = environment.map { $0.map { UnsafePointer($0) } }
    let visiblePointers = visible.map { $0.map { UnsafePointer($0) } }
    return environmentPointers.withUnsafeBufferPointer { env in
        visiblePointers.withUnsafeBufferPointer { paths in
            var config = LbDecoderConfig(
                executable: executable, bwrap: bubblewrap.map { UnsafePointer($0) } ?? nil,
                environment: env.baseAddress, visible_paths: paths.baseAddress,
                memory_limit: Int64(configuration.memoryLimit), cpu_seconds: Int32(configuration.cpuSeconds))
            return body(&config)
        }
    }
}
