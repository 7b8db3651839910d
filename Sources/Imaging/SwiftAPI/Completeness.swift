import CImaging

/// Whether the bytes of a JPEG, PNG or WebP file make a whole file: its
/// structure runs to its end marker. gdk-pixbuf decodes a cut-off file
/// without an error, so `Imaging.decode` makes this check on the bytes it
/// reads; this is the same check for bytes from elsewhere, fed in pieces of
/// any size.
public struct Completeness {
    public enum Verdict: Equatable, Sendable {
        case whole
        /// Cut short, or malformed.
        case incomplete
        /// Not a JPEG, PNG or WebP (or too few bytes to tell).
        case otherFormat
    }

    private var check = LbIntegrity()

    public init() {
        lb_integrity_init(&check)
    }

    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { lb_integrity_feed(&check, $0.baseAddress, $0.count) }
    }

    /// The verdict on the bytes fed so far.
    public var verdict: Verdict {
        var check = check
        switch lb_integrity_result(&check) {
        case 1: return .whole
        case 0: return .incomplete
        default: return .otherFormat
        }
    }
}
