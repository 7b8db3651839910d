import CGtkShim
import FilePaths

/// A GtkApplication: one per process, single instance over D-Bus unless
/// `isUnique` is false. Owns the "app." actions and the accelerators.
@MainActor
public final class Application: Object, ActionMap {
    /// - Parameters:
    ///   - id: the reverse-DNS application id.
    ///   - isUnique: whether a second launch hands its command line to the
    ///     running instance (needs a D-Bus session bus). Tests pass false.
    public init(id: String, isUnique: Bool = true) {
        var flags = G_APPLICATION_HANDLES_COMMAND_LINE.rawValue
        if !isUnique { flags |= G_APPLICATION_NON_UNIQUE.rawValue }
        super.init(lb_object(gtk_application_new(id, GApplicationFlags(rawValue: flags))), transfer: .full)
    }

    var application: UnsafeMutablePointer<GtkApplication> { lb_gtk_application(gobject) }
    private var gApplication: UnsafeMutablePointer<GApplication> { lb_g_application(gobject) }

    /// Runs the application with the process's arguments until it quits.
    /// Returns the exit status.
    public func run() -> Int32 {
        MainLoop.installDispatchBridge()
        return g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
    }

    public func quit() { g_application_quit(gApplication) }

    /// Registers the application without running it (emits "startup").
    /// `run` does this itself; tests that build windows call it.
    public func register() throws(GtkError) {
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(gApplication, nil, &error) == 0 { throw GtkError(consuming: error) }
    }

    /// Keeps the application running with no window open, until `release`.
    public func hold() { g_application_hold(gApplication) }
    public func release() { g_application_release(gApplication) }

    public func setAccelerators(_ accelerators: [String], for action: String) {
        lb_application_set_accels(gobject, action, accelerators.joined(separator: " "))
    }

    // MARK: Command line

    public func addVersionOption(description: String) {
        lb_application_add_version_option(gobject, description)
    }

    public func setHelp(parameter: String, summary: String) {
        lb_application_set_parameter_summary(gobject, parameter, summary)
    }

    /// Runs in the launching process, before it contacts a running
    /// instance. Return an exit status to stop there, or nil to go on.
    public func onHandleLocalOptions(_ body: @escaping @MainActor (LocalOptions) -> Int32?) {
        connect("handle-local-options") { args in
            let status = body(LocalOptions(args: args))
            lb_return_int(args.returnValue, status ?? -1)
        }
    }

    /// Runs in the primary instance for every launch, its own included.
    /// The returned status becomes the launching process's exit status.
    public func onCommandLine(_ body: @escaping @MainActor (CommandLineInvocation) -> Int32) {
        connect("command-line") { args in
            guard let line = args.object(1) else { return }
            lb_return_int(args.returnValue, body(CommandLineInvocation(line)))
        }
    }

    public func onStartup(_ body: @escaping @MainActor () -> Void) {
        connect("startup") { _ in body() }
    }

}

/// The options parsed in the launching process.
@MainActor
public struct LocalOptions {
    let args: SignalArguments

    public func contains(_ name: String) -> Bool {
        lb_param_options_contains(args.params, 1, name) != 0
    }
}

/// One launch's command line, as the primary instance sees it.
@MainActor
public final class CommandLineInvocation: Object {
    init(_ line: UnsafeMutablePointer<GObject>) {
        super.init(line, transfer: .none)
    }

    /// The arguments after the program name, as absolute paths resolved
    /// against the launching process's working directory.
    public var paths: [String] {
        (0..<lb_command_line_argument_count(gobject)).compactMap { index in
            guard let path = lb_command_line_path(gobject, index) else { return nil }
            defer { g_free(path) }
            return String(pathCString: path)
        }
    }

    /// Prints on the launching process's standard error.
    public func printError(_ message: String) { lb_command_line_printerr(gobject, message) }

    /// Prints on the launching process's standard output.
    public func print(_ message: String) { lb_command_line_print(gobject, message) }
}
