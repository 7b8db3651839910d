import Foundation
import GtkKit
import LightboxCore

/// Lightbox starts here: one application, one flow that owns the windows.
@MainActor
func runLightbox() -> Int32 {
    let application = Application(id: AppInfo.id)
    let flow = AppFlow(application: application)
    let status = withExtendedLifetime(flow) { application.run() }
    flow.quitting()
    return status
}

exit(MainActor.assumeIsolated { runLightbox() })
