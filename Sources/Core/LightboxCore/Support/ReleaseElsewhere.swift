import Dispatch

/// Lets go of `value` on another thread. The last reference to a list of
/// 100,000 photos dropped on the main thread releases each photo's shared
/// data in turn, a cache miss apiece: 3 to 5 ms of a frame, at every
/// change of a big folder's list while it loads. Whoever holds the list
/// too keeps it; what is released here is only this reference.
package func releaseElsewhere<Value: Sendable>(_ value: consuming Value) {
    let held = value
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(held) {} }
}
