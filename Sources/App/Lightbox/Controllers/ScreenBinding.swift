import GtkKit
import LightboxCore

/// A view a logic can be bound to: it reports intents and renders a state.
@MainActor
protocol ScreenView: AnyObject {
    associatedtype Intent
    associatedtype State
    var onIntent: (Intent) -> Void { get set }
    func render(_ state: State)
}

extension ScreenLogic {
    /// The one binding of a screen: `view`'s intents to this logic
    /// (`intents` translates those the logic takes, and answers nil for the
    /// view's own), the logic's states to the view's `render`, its outputs
    /// to `outputs`. The view is rendered from the state at once.
    func bind<View: ScreenView>(_ view: View, intents: @escaping @MainActor (View.Intent) -> Intent?,
                                outputs: @escaping @MainActor (Output) -> Void) where View.State == State {
        onState = { [weak view] state in view?.render(state) }
        onOutput = outputs
        view.onIntent = { [weak self] intent in
            if let intent = intents(intent) { self?.send(intent) }
        }
        view.render(state)
    }

    /// The binding of a view that speaks the logic's own intents.
    func bind<View: ScreenView>(_ view: View, outputs: @escaping @MainActor (Output) -> Void)
        where View.State == State, View.Intent == Intent {
        bind(view, intents: { $0 }, outputs: outputs)
    }
}

extension MainWindowView: ScreenView {}
extension PhotoWindowView: ScreenView {}
extension CompareWindowView: ScreenView {}
extension ProfileWindowView: ScreenView {}
extension PreferencesWindowView: ScreenView {}
