extension PhotoListLogic {
    /// The grid's thumbnails at `level` from now on, and in the next window.
    @discardableResult
    public func zoom(to level: GridZoom) -> State {
        guard level != zoom else { return state }
        zoom = level
        settings?.save(level)
        return state
    }
}
