/// The one shape of every screen's logic: intents in, one complete state
/// out, outputs for whoever must hear what happened beyond the screen.
///
/// - `send(_:)` is the only way to change a logic. Work an intent starts
///   (a load, a decode, a file job) runs in a task the logic owns; it ends
///   when the logic is closed, and `settled()` waits for it.
/// - `state` is everything the screen shows: its view renders from it
///   alone, and every change is published to `onState`.
/// - `onOutput` hears what happens once: what the screen's view does once
///   (a sound, the clipboard), and what the flow must do (open a window).
///
/// A newcomer adding a screen writes one logic like this, one view with an
/// `Intent` and a `render(State)`, and one binding (see `ScreenBinding` in
/// the app); the compiler refuses anything else.
@MainActor
public protocol ScreenLogic: AnyObject {
    associatedtype Intent: Sendable
    associatedtype State: Equatable & Sendable
    associatedtype Output: Sendable
    /// Where the state is kept and published, and the outputs go out.
    var screen: Screen<State, Output> { get }
    /// Does what the person (or the flow) asked. Answers at once: what can
    /// be shown at once is in `state` on return; slower work publishes as
    /// it goes.
    func send(_ intent: Intent)
}

extension ScreenLogic {
    /// What the screen shows now.
    public var state: State { screen.state }

    /// Told every state published.
    public var onState: (State) -> Void {
        get { screen.onState }
        set { screen.onState = newValue }
    }

    /// Told every output, in order.
    public var onOutput: (Output) -> Void {
        get { screen.onOutput }
        set { screen.onOutput = newValue }
    }

    /// Returns once the work the intents sent so far started has ended
    /// (lasting work, such as watching a folder or a slideshow, aside).
    public func settled() async { await screen.tasks.settled() }

    /// Makes `new` the state and tells `onState`. Only the logic itself
    /// publishes (internal to LightboxCore).
    @discardableResult
    func publish(_ new: State) -> State { screen.publish(new) }

    /// Tells `onOutput`.
    func emit(_ output: Output) { screen.onOutput(output) }

    /// The logic's tasks (see OwnedTasks).
    var tasks: OwnedTasks { screen.tasks }
}

/// A screen logic's state, its listeners and its tasks. A class, so a
/// logic's methods publish through it without being mutating.
@MainActor
public final class Screen<State: Equatable & Sendable, Output: Sendable> {
    public fileprivate(set) var state: State
    public var onState: (State) -> Void = { _ in }
    public var onOutput: (Output) -> Void = { _ in }
    /// Every task an intent started; all cancelled when the screen closes.
    let tasks = OwnedTasks()

    init(_ initial: State) { state = initial }

    @discardableResult
    fileprivate func publish(_ new: State) -> State {
        state = new
        onState(new)
        return new
    }
}
