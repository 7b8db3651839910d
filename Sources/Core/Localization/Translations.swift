import CLocalization
import Foundation

/// Lightbox's translations: gettext's "lightbox" domain, looked up with
/// `tr` and `trn`, and bound at start-up to the folder that holds them.
public enum Translations {
    public static let domain = "lightbox"

    /// Takes the locale from the environment and binds the translations.
    /// Called once, before any text is shown. Answers false when the
    /// environment names a locale this system does not have (the app then
    /// runs in English, as the C library does).
    @discardableResult
    public static func setUp(localeDirectory: String? = localeDirectory()) -> Bool {
        lb_intl_init(domain, localeDirectory) != 0
    }

    /// Where the compiled translations are for the running program: the
    /// build folder's `.build/locale` when run from the source tree (from
    /// `.build/x86_64-unknown-linux-gnu/debug`, which `.build/debug` links
    /// to), else `PREFIX/share/locale` beside `PREFIX/bin`; nil (the
    /// system's folder) when none is there.
    public static func localeDirectory(executable: String = Bundle.main.executablePath ?? "") -> String? {
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        return ["../../locale", "../locale", "../share/locale"]
            .map { folder.appendingPathComponent($0).standardizedFileURL.path }
            .first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// The translation of `message` (as it appears in `po/lightbox.pot`).
public func tr(_ message: StaticString) -> String {
    message.withCString { String(cString: lb_dgettext(Translations.domain, $0)) }
}

/// The translation of `message` with its `{name}` placeholders filled in.
/// Whole numbers are written in the locale's way ("1.204" in German).
public func tr(_ message: StaticString, _ values: KeyValuePairs<String, Any>) -> String {
    fill(tr(message), values)
}

/// The translation fitting `count` (German has two forms, Arabic six),
/// with `{count}` and the other placeholders filled in.
public func trn(_ singular: StaticString, _ plural: StaticString, count: Int,
                _ values: KeyValuePairs<String, Any> = [:]) -> String {
    let form = singular.withCString { one in
        plural.withCString { many in
            String(cString: lb_dngettext(Translations.domain, one, many, UInt(clamping: count)))
        }
    }
    return fill(form, values, count: count)
}

private extension StaticString {
    /// String literals are stored with a terminating NUL; a literal of one
    /// character may be stored as that character alone, and is copied.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
        guard hasPointerRepresentation else { return description.withCString(body) }
        return body(UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self))
    }
}

/// Replaces each `{name}` by its value; a placeholder without a value is
/// left as it is, where a reader (and a test) sees it.
private func fill(_ text: String, _ values: KeyValuePairs<String, Any>, count: Int? = nil) -> String {
    guard text.contains("{") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        result += rest[..<open]
        let name = rest[rest.index(after: open)..<close]
        if name == "count", let count {
            result += LocaleFormat.number(count)
        } else if let value = values.first(where: { $0.key == name })?.value {
            result += LocaleFormat.text(value)
        } else {
            result += rest[open...close]
        }
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}
