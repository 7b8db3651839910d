import Imaging
import Localization

/// How image decoders run on this machine, in words for the About
/// window's "System" page (the log says it once too, from `DecoderPool`).
enum DecoderSandboxText {
    static func describe(_ sandbox: DecoderPool.Sandbox?) -> String {
        switch sandbox {
        case .bubblewrap:
            tr("Images are decoded in sandboxed helper processes (bubblewrap and a seccomp filter).")
        case .unavailable(let reason):
            // Translators: the About window's System page; {reason} says why there is no sandbox.
            tr("Images are decoded in helper processes without a sandbox: {reason}.", ["reason": reason]) + " "
                + tr("Install bubblewrap and allow unprivileged user namespaces to sandbox them (see the README).")
        case .inProcess:
            tr("Images are decoded inside Lightbox itself (benchmarks only).")
        case nil:
            tr("No image has been decoded yet.")
        }
    }
}
