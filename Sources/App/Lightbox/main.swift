import Foundation
import GtkKit
import LightboxCore
import Localization

/// Lightbox starts here: one application, one flow that owns the windows.
@MainActor
func runLightbox() -> Int32 {
    // Before any text is made: the locale, and where the translations are.
    Translations.setUp()
    let application = Application(id: AppInfo.id)
    let flow = AppFlow(application: application)
    let status = withExtendedLifetime(flow) { application.run() }
    flow.quitting()
    return status
}

ProcessMemory.mapBlocks(over: 128 * 1024)

exit(MainActor.assumeIsolated { runLightbox() })
