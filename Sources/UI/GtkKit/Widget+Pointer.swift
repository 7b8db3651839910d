import CGtkShim

extension Widget {
    /// Whether a pointer button is held down now, as the window this widget
    /// is in sees the pointer (asked of the display server: GDK keeps no
    /// button state of its own). False while the widget is in no window.
    public var isPointerButtonHeld: Bool {
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native),
              let seat = gdk_display_get_default_seat(gdk_surface_get_display(surface)),
              let pointer = gdk_seat_get_pointer(seat) else { return false }
        var state = GdkModifierType(rawValue: 0)
        _ = gdk_surface_get_device_position(surface, pointer, nil, nil, &state)
        let held = GDK_BUTTON1_MASK.rawValue | GDK_BUTTON2_MASK.rawValue | GDK_BUTTON3_MASK.rawValue
        return state.rawValue & held != 0
    }
}
