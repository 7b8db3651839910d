import GtkKit
import LightboxCore

/// The grid's selection: what people select is reported; what the window
/// renders is applied by photo identity; a drag carries the selection.
extension PhotoGridView {
    /// The photos selected in the grid, in its order.
    var selectedPhotos: [Photo] {
        selection.selectedPositions.compactMap(source.element(at:))
    }

    func selectionChanged() {
        guard !applyingSelection else { return }
        let paths = selection.selectedPositions.compactMap { source.element(at: $0)?.path }
        selectedPaths = Set(paths)
        onIntent(.selectionChanged(paths))
    }

    /// A key that acts on the selection (a rating, X, Delete, Ctrl+C) acts
    /// on the photo under the keyboard when nothing is selected, as Return
    /// opens it: that photo becomes the selection first. (GTK focuses the
    /// first cell of a folder without selecting it, so a person who opens a
    /// folder and presses 4 would otherwise rate nothing.)
    func selectFocusedPhotoIfNoneIsSelected() {
        guard selection.selectedPositions.isEmpty, let position = focusedPosition else { return }
        selection.selectedPositions = [position]
    }

    /// Whether a photo's cell has the keyboard focus.
    var hasFocusedPhoto: Bool { focusedPosition != nil }

    /// A selected photo drags the whole selection along; another one,
    /// itself; a RAW+JPEG pair, both its files.
    func filesToDrag(from path: String) -> [String] {
        guard selectedPaths.contains(path) else {
            return source.elements.first { $0.path == path }?.files ?? [path]
        }
        return source.elements.filter { self.selectedPaths.contains($0.path) }.flatMap(\.files)
    }

    /// Selects exactly `paths` among the photos shown, in one change, when
    /// the grid's selection differs (the list moved, or the selection came
    /// from elsewhere: Select All in a menu, a photo window closing).
    func applySelection(_ paths: Set<String>) {
        let positions = paths.isEmpty ? [] : source.positions(of: paths)
        guard paths != selectedPaths || positions != selection.selectedPositions else { return }
        selectedPaths = paths
        selection.selectedPositions = positions
    }
}
