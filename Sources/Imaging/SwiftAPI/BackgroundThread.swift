import CImaging

/// Scheduling of the threads that do image and file work.
public enum BackgroundThread {
    /// Makes the calling thread yield to the main thread: nice 10.
    @discardableResult
    public static func lowerPriority() -> Bool { lb_thread_set_nice(10) }
}
