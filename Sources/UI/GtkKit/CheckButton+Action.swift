import CGtkShim

extension CheckButton {
    /// The on/off action the check box shows and flips ("win.include-subfolders"):
    /// GTK keeps the two in step, whoever changes the action's state.
    public var actionName: String? {
        get { gtk_actionable_get_action_name(lb_actionable(gobject)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(lb_actionable(gobject), newValue) }
    }
}
