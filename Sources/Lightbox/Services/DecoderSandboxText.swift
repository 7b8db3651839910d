import Imaging

/// How image decoders run on this machine, in words for the About
/// window's "System" page (the log says it once too, from `DecoderPool`).
enum DecoderSandboxText {
    static func describe(_ sandbox: DecoderPool.Sandbox?) -> String {
        switch sandbox {
        case .bubblewrap:
            "Images are decoded in sandboxed helper processes (bubblewrap and a seccomp filter)."
        case .unavailable(let reason):
            "Images are decoded in helper processes without a sandbox: \(reason). "
                + "Install bubblewrap and allow unprivileged user namespaces to sandbox them (see the README)."
        case .inProcess:
            "Images are decoded inside Lightbox itself (benchmarks only)."
        case nil:
            "No image has been decoded yet."
        }
    }
}
