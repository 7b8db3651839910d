/// The tasks a screen's logic (or the flow) starts: decodes, a load, a
/// slideshow, a file job. Each is kept until it ends and all are cancelled
/// when the screen closes: none goes on working for a window nobody sees,
/// nor publishes to a view that is gone.
@MainActor
public final class OwnedTasks {
    private var running: [Int: Task<Void, Never>] = [:]
    /// Started and not yet ended: a task may end within `start`, before
    /// its handle is kept.
    private var unfinished: Set<Int> = []
    /// Those `settled()` does not wait for (a watch, a slideshow).
    private var lasting: Set<Int> = []
    private var lastID = 0
    private var isClosed = false

    public init() {}

    /// Starts `body` at once, running up to its first wait in this turn of
    /// the main loop (a rating shows before the next frame). The handle
    /// lets the caller cancel this one task (a step superseding another);
    /// nil once closed, when nothing starts. `lasting`: it runs until
    /// stopped (a watch, a slideshow), and `settled()` does not wait for it.
    @discardableResult
    public func start(lasting: Bool = false, _ body: @escaping @MainActor () async -> Void) -> Task<Void, Never>? {
        guard !isClosed else { return nil }
        lastID += 1
        let id = lastID
        unfinished.insert(id)
        if lasting { self.lasting.insert(id) }
        let task = Task.immediate { [weak self] in
            await body()
            self?.ended(id)
        }
        if unfinished.contains(id) { running[id] = task }
        return task
    }

    /// The screen closed: every task is cancelled, and none starts after.
    public func cancelAll() {
        isClosed = true
        for task in running.values { task.cancel() }
        running = [:]
        unfinished = []
        lasting = []
    }

    /// Returns once every task but the lasting ones has ended, those they
    /// started meanwhile included.
    public func settled() async {
        while let task = running.first(where: { !lasting.contains($0.key) })?.value {
            await task.value
            // A task that ended within `start` is never in `running`; one
            // awaited here has ended, and may have started others.
            await Task.yield()
        }
    }

    private func ended(_ id: Int) {
        unfinished.remove(id)
        lasting.remove(id)
        running[id] = nil
    }

    isolated deinit {
        for task in running.values { task.cancel() }
    }
}
