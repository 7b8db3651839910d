import CGtkShim

/// The person's system account, as GLib reads it from the password
/// database. Safe on any thread.
public enum UserAccount {
    /// The full name ("Zoë Saldaña"); GLib answers "Unknown" when the
    /// database has none.
    public static var realName: String { String(cString: g_get_real_name()) }

    /// The login name ("zoe").
    public static var userName: String { String(cString: g_get_user_name()) }
}
