import Foundation
import FuzzTargets

// Built two ways. With FUZZING (`make fuzz`: -sanitize=fuzzer,address),
// `main` hands the command line to libFuzzer, which calls the target
// LIGHTBOX_FUZZ_TARGET names once per input. Without it,
// `lightbox-fuzz TARGET FILE|FOLDER…` runs each input once, so a crash the
// fuzzer found can be replayed in an ordinary build.

#if FUZZING
import CFuzzer

private let target: FuzzTarget = {
    guard let name = ProcessInfo.processInfo.environment["LIGHTBOX_FUZZ_TARGET"],
          let target = FuzzTarget(rawValue: name) else {
        fatalError("LIGHTBOX_FUZZ_TARGET must be one of: " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return target
}()

/// libFuzzer's own code refers to this name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main
enum Fuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}
#else
@main
enum Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data(("usage: lightbox-fuzz TARGET FILE|FOLDER...\ntargets: "
                + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ") + "\n").utf8))
            exit(2)
        }
        var count = 0
        for input in arguments.dropFirst() {
            for file in files(at: input) {
                target.run(Array((try? Data(contentsOf: file)) ?? Data()))
                count += 1
            }
        }
        print("\(name): \(count) inputs, no failure")
    }

    private static func files(at path: String) -> [URL] {
        let url = URL(fileURLWithPath: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [url] }
        return names.sorted().map { url.appendingPathComponent($0) }
    }
}
#endif
