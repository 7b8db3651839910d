import CLocalization
import Foundation

/// Numbers, dates and sizes written the way the person's locale writes
/// them. Foundation on Linux does not take its current locale from the
/// environment (it answers "en_001" under any LANG), so the locale comes
/// from the C library's, as set by `Translations.setUp`.
public enum LocaleFormat {
    /// The locale for numbers (LC_NUMERIC), as Foundation names it.
    static var numbers: Locale { locale(.NUMERIC) }
    /// The locale for dates and times (LC_TIME).
    public static var dates: Locale { locale(.TIME) }

    /// 1204 → "1,204" (English), "1.204" (German): the C library's
    /// grouping, as GNOME's programs write numbers. Not Foundation's
    /// formatter: it opens ICU's data, 3 MB of the empty window's memory
    /// for the star menus' "1 star" (Tools/Bench/README.md).
    public static func number(_ value: Int) -> String {
        formatted { lb_format_integer(Int64(value), $0, $1) }
    }

    /// 2.8 → "2.8" or "2,8", with exactly `digits` digits after the point.
    public static func decimal(_ value: Double, digits: Int) -> String {
        formatted { lb_format_decimal(value, Int32(clamping: digits), $0, $1) }
    }

    private static func formatted(_ write: (UnsafeMutablePointer<CChar>, UInt) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, UInt($0.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A file's size: "12.3 MB", "12,3 MB".
    public static func byteCount(_ bytes: Int64) -> String {
        bytes.formatted(.byteCount(style: .file).locale(numbers))
    }

    /// A medium date with a short time: "14 Nov 2023, 22:13".
    public static func dateAndTime(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: dates))
    }

    /// A month and its year: "July 2024", "Juli 2024".
    public static func month(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(locale: dates).month(.wide).year())
    }

    /// A placeholder's value as text: whole numbers in the locale's way.
    static func text(_ value: Any) -> String {
        switch value {
        case let whole as Int: number(whole)
        case let whole as Int64: number(Int(clamping: whole))
        default: "\(value)"
        }
    }

    private enum Category { case NUMERIC, TIME }

    /// "de_DE.UTF-8@euro" → de_DE; the C and POSIX locales → English.
    private static func locale(_ category: Category) -> Locale {
        var buffer = [UInt8](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                lb_locale_name(category == .NUMERIC ? LB_LOCALE_NUMERIC : LB_LOCALE_TIME, $0.baseAddress, UInt($0.count))
            }
        }
        let name = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        let language = name.prefix { $0 != "." && $0 != "@" }
        if language.isEmpty || language == "C" || language == "POSIX" { return Locale(identifier: "en_US") }
        return Locale(identifier: String(language))
    }
}
