/// The tasks a window's controller starts (decodes, a slideshow, a resize's
/// redecode), each kept until it ends, all cancelled when the window
/// closes: none goes on working for a window nobody sees, nor publishes
/// to a view that is gone.
@MainActor
final class OwnedTasks {
    private var running: [Int: Task<Void, Never>] = [:]
    /// Started and not yet ended: a task may end within `start`, before
    /// its handle is kept.
    private var unfinished: Set<Int> = []
    private var lastID = 0
    private var isClosed = false

    /// Starts `body` at once, running up to its first wait in this turn of
    /// the main loop (a rating shows before the next frame). The handle
    /// lets the caller cancel this one task (a step superseding another);
    /// nil once closed, when nothing starts.
    @discardableResult
    func start(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never>? {
        guard !isClosed else { return nil }
        lastID += 1
        let id = lastID
        unfinished.insert(id)
        let task = Task.immediate { [weak self] in
            await body()
            self?.ended(id)
        }
        if unfinished.contains(id) { running[id] = task }
        return task
    }

    /// The window closed: every task is cancelled, and none starts after.
    func cancelAll() {
        isClosed = true
        for task in running.values { task.cancel() }
        running = [:]
        unfinished = []
    }

    private func ended(_ id: Int) {
        unfinished.remove(id)
        running[id] = nil
    }

    isolated deinit {
        for task in running.values { task.cancel() }
    }
}
