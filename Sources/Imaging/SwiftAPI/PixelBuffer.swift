import Foundation

/// Pixel bytes in memory of their own, written once while the buffer is
/// made and never after. Whatever shows them (a texture) can keep the
/// buffer alive instead of copying the bytes: a 12-megapixel photo is
/// 48 MB, held once.
public final class PixelBuffer: Sendable {
    public let count: Int
    // Written only inside `init`; read-only once the buffer exists.
    private nonisolated(unsafe) let address: UnsafeMutableRawPointer
    /// Gives the memory back: deallocates it, or unmaps a decoder's.
    private let release: @Sendable (UnsafeMutableRawPointer) -> Void

    /// A buffer of `count` bytes that `fill` writes (all of them).
    public init(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        self.count = count
        address = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
        release = { $0.deallocate() }
        fill(UnsafeMutableRawBufferPointer(start: address, count: count))
    }

    /// Bytes someone else wrote (a decoder's shared memory, mapped
    /// read-only), given back through `release`.
    init(adopting address: UnsafeMutableRawPointer, count: Int,
         release: @escaping @Sendable (UnsafeMutableRawPointer) -> Void) {
        self.count = count
        self.address = address
        self.release = release
    }

    deinit { release(address) }

    /// The bytes. They stay where they are for as long as the buffer
    /// lives, so code that keeps the buffer may keep this too.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: address, count: count) }
}
