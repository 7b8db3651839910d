/// Keeps an observation alive: the observer is called until the token is
/// cancelled or released.
@MainActor
public final class ObservationToken {
    private var onCancel: (@MainActor () -> Void)?

    init(_ onCancel: @escaping @MainActor () -> Void) { self.onCancel = onCancel }

    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    isolated deinit { cancel() }
}
