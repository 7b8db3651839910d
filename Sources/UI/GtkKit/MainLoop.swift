import CGtkShim
import Dispatch

/// The GLib main loop and Swift concurrency, together.
@MainActor
public enum MainLoop {
    /// Makes the libdispatch main queue (and with it `@MainActor` tasks and
    /// `DispatchQueue.main`) run inside GLib's main loop, driven by the
    /// queue's eventfd. Idempotent. `Application.run` calls it.
    public static func installDispatchBridge() {
        _ = lb_main_queue_bridge_install()
    }

    /// How many times the bridge drained the main queue so far.
    public static var dispatchDrainCount: UInt64 { UInt64(lb_main_queue_bridge_drain_count()) }

    /// Runs the default main context until `condition` holds or `timeout`
    /// seconds pass. Returns whether the condition held. For tests and for
    /// start-up code that must wait for a frame.
    @discardableResult
    public static func iterate(
        until condition: () -> Bool, timeout: Double = 5
    ) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while !condition() {
            if DispatchTime.now().uptimeNanoseconds > deadline { return false }
            // Non-blocking with a short sleep keeps the timeout honest even
            // when no source is ready.
            if lb_main_context_iterate(0) == 0 { usleepBriefly() }
        }
        return true
    }

    /// Runs a GLib main loop until `quit()` is called or `timeout` seconds
    /// pass. Returns true when quit, false on timeout.
    @discardableResult
    public static func run(timeout: Double) -> Bool {
        lb_main_loop_run(UInt32(timeout * 1000)) != 0
    }

    /// Ends the innermost `run(timeout:)`.
    public static func quit() { lb_main_loop_quit() }

    /// Dispatches everything pending on the default main context.
    public static func drainPending() {
        var rounds = 0
        while lb_main_context_iterate(0) != 0, rounds < 10_000 { rounds += 1 }
    }

    private static func usleepBriefly() {
        g_usleep(1000)
    }
}
