/// The shape every logic controller shares: what its screen shows now
/// (`state`), one callback told every state published (those of async
/// work under way too), and one method per user action that answers with
/// the new state. Publishing is written once, in `StateOutput`: a logic
/// keeps one and publishes through it, so no logic can change its state
/// without telling its screen.
@MainActor
public protocol StatePublishing: AnyObject {
    associatedtype State: Equatable & Sendable
    /// Where the state is kept and published.
    var output: StateOutput<State> { get }
}

extension StatePublishing {
    /// What the screen shows now.
    public var state: State { output.state }

    /// Told every state published.
    public var onChange: (State) -> Void {
        get { output.onChange }
        set { output.onChange = newValue }
    }

    /// Makes `new` the state and tells `onChange`. Only the logic itself
    /// publishes (internal to LightboxCore).
    @discardableResult
    func publish(_ new: State) -> State { output.publish(new) }
}

/// A logic controller's state and its listener. A class, so a logic's
/// methods publish through it without being mutating.
@MainActor
public final class StateOutput<State: Equatable & Sendable> {
    public fileprivate(set) var state: State
    public var onChange: (State) -> Void = { _ in }

    init(_ initial: State) { state = initial }

    @discardableResult
    fileprivate func publish(_ new: State) -> State {
        state = new
        onChange(new)
        return new
    }
}
