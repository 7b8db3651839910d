import GtkKit
import LightboxCore

/// Which cells wait for a thumbnail, and when the screen is filled.
extension PhotoGridView {
    /// After the next frame (once cells are allocated), asks for the
    /// thumbnails of the cells on screen or within a screen of it, those
    /// on screen first. GTK 4.8 keeps about 30 rows of cells bound: the
    /// ones further away drop their thumbnails (memory stays at about three
    /// screens of them plus the shared cache) and wait for none.
    func scheduleVisibilityCheck() {
        guard !visibilityCheckPending else { return }
        visibilityCheckPending = true
        root.onNextPaint { [weak self] in
            guard let self else { return }
            self.visibilityCheckPending = false
            let reach = Double(self.root.height)
            let placeholders = self.placeholders
            var onScreen: [Photo] = [], nearby: [Photo] = []
            for (id, binding) in self.bindings {
                if binding.cell.root.isShown(within: self.root, margin: reach) {
                    guard !binding.hasThumbnail else { continue }
                    if binding.cell.root.isShown(within: self.root) {
                        onScreen.append(binding.photo)
                    } else {
                        nearby.append(binding.photo)
                    }
                } else if binding.hasThumbnail {
                    self.bindings[id]?.hasThumbnail = false
                    binding.cell.showLoading(placeholders)
                }
            }
            self.onIntent(.thumbnailsWanted(onScreen: onScreen, nearby: nearby))
            self.reportWhenScreenFilled()
        }
    }

    /// Reports once the cells on screen all show their thumbnails (checked
    /// on the next turn, after GTK's burst of binds).
    func reportWhenScreenFilled() {
        guard !screenFilledCheckPending else { return }
        screenFilledCheckPending = true
        tasks.start { [weak self] in
            await Task.yield()
            guard let self else { return }
            self.screenFilledCheckPending = false
            guard !self.visibilityCheckPending else { return }
            let onScreen = self.bindings.values.filter { $0.cell.root.isShown(within: self.root) }
            guard !onScreen.isEmpty, onScreen.allSatisfy(\.hasThumbnail) else { return }
            self.onIntent(.screenFilled(cells: onScreen.count))
        }
    }
}
