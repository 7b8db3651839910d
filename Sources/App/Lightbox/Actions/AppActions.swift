import GtkKit

/// The application's own actions ("app.", reached from menus, buttons and
/// keys in every window): the one place they are declared, each the
/// `AppAction` it sends into the flow.
@MainActor
enum AppActions {
    private static var all: [(id: ActionID, action: AppAction)] {
        [
            (ActionNames.newWindow, .newWindow),
            (ActionNames.quit, .quit),
            (ActionNames.showAbout, .showAbout),
            (ActionNames.showShortcuts, .showShortcuts),
            (ActionNames.editProfile, .editProfile),
            (ActionNames.showPreferences, .showPreferences),
        ]
    }

    /// Adds every application action to `application`, each sending its
    /// AppAction to `send`.
    static func install(in application: Application, send: @escaping (AppAction) -> Void) {
        for (id, action) in all {
            application.addAction(Action(id) { send(action) })
        }
    }
}
