import Foundation
import Localization

/// The messages of Lightbox's C code (CImaging, CMetadata, and the decoder
/// processes of CDecoderServer), in the person's language. The C code has no
/// translations: it answers in English, and each message a person may see
/// is translated here, in the app, as it becomes an `ImageError`.
public enum ImageMessages {
    /// `message` translated when it is one of the C code's; as it is when
    /// not (a gdk-pixbuf loader's or gexiv2's own words, or a system's).
    public static func translated(_ message: String) -> String {
        switch message {
        case "The file cannot be read.": // untranslated: the C code's words
            return tr("The file cannot be read.")
        case "The file cannot be read into memory.": // untranslated: the C code's words
            return tr("The file cannot be read into memory.")
        case "The image cannot be read.": // untranslated: the C code's words
            return tr("The image cannot be read.")
        case "The image is damaged or incomplete.": // untranslated: the C code's words
            return tr("The image is damaged or incomplete.")
        case "The file is not an image Lightbox can read.": // untranslated: the C code's words
            return tr("The file is not an image Lightbox can read.")
        case "There is not enough memory for the image.": // untranslated: the C code's words
            return tr("There is not enough memory for the image.")
        case "This is not a regular file.": // untranslated: the C code's words
            return tr("This is not a regular file.")
        case "The image could not be shared with Lightbox.": // untranslated: the C code's words
            return tr("The image could not be shared with Lightbox.")
        case "The edited file could not be shared with Lightbox.": // untranslated: the C code's words
            return tr("The edited file could not be shared with Lightbox.")
        case "The file is too large to have its metadata written.": // untranslated: the C code's words
            return tr("The file is too large to have its metadata written.")
        case "The metadata could not be written.": // untranslated: the C code's words
            return tr("The metadata could not be written.")
        case "The image could not be written.": // untranslated: the C code's words
            return tr("The image could not be written.")
        case "The pixels are not a valid image.": // untranslated: the C code's words
            return tr("The pixels are not a valid image.")
        case unsupportedRaw:
            // Translators: why a camera RAW photo (such as a GoPro GPR) is not shown.
            return tr("Lightbox cannot show this kind of RAW file: it holds no preview, and its sensor data is compressed in a way Lightbox cannot read.")
        default: break
        }
        let tooLarge = "The image is too large ({width} × {height} pixels)." // untranslated: the C code's words
        if let size = values(in: message, fitting: tooLarge) {
            // Translators: an image's declared size, {width} and {height} in pixels.
            return tr("The image is too large ({width} × {height} pixels).", ["width": size[0], "height": size[1]])
        }
        if let reason = values(in: message, fitting: "The file cannot be read: {reason}.") { // untranslated: the C code's words
            return unreadable(reason[0])
        }
        // LibRaw's reasons (CRaw) are its own English words, kept as they are.
        if let reason = values(in: message, fitting: "The RAW file cannot be read ({reason}).") { // untranslated: the C code's words
            // Translators: why a camera RAW photo is not shown; {reason} is LibRaw's description, in English.
            return tr("The RAW file cannot be read ({reason}).", ["reason": reason[0]])
        }
        if let reason = values(in: message, fitting: "The RAW file cannot be developed ({reason}).") { // untranslated: the C code's words
            // Translators: why a camera RAW photo's sensor data cannot be shown; {reason} is LibRaw's description, in English.
            return tr("The RAW file cannot be developed ({reason}).", ["reason": reason[0]])
        }
        return message
    }

    /// The C code's words for a RAW file of a kind that cannot be shown.
    static let unsupportedRaw = "Lightbox cannot show this kind of RAW file: it holds no preview, " // untranslated: the C code's words
        + "and its sensor data is compressed in a way Lightbox cannot read." // untranslated: the C code's words

    /// "The file cannot be read: <the system's reason>."
    static func unreadable(_ reason: String) -> String {
        // Translators: {reason} is the system's description of the error ("Permission denied").
        tr("The file cannot be read: {reason}.", ["reason": reason])
    }

    /// Whether `message` reads as `template` does, each `{placeholder}`
    /// standing for any text: whether it is that message, whatever values
    /// it was given.
    public static func message(_ message: String, fits template: String) -> Bool {
        values(in: message, fitting: template) != nil
    }

    /// The texts standing where `template` has its placeholders, in order;
    /// nil when `message` does not read as `template`.
    static func values(in message: String, fitting template: String) -> [String]? {
        var parts: [Substring] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            parts.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        parts.append(rest)
        if parts.count == 1 { return message == template ? [] : nil }
        guard message.hasPrefix(parts[0]) else { return nil }
        var remaining = Substring(message).dropFirst(parts[0].count)
        var values: [String] = []
        for (index, part) in parts.enumerated().dropFirst() {
            let isLast = index == parts.count - 1
            if isLast {
                guard remaining.hasSuffix(part), remaining.count >= part.count else { return nil }
                values.append(String(remaining.dropLast(part.count)))
            } else {
                guard !part.isEmpty, let found = remaining.range(of: part) else { return nil }
                values.append(String(remaining[..<found.lowerBound]))
                remaining = remaining[found.upperBound...]
            }
        }
        return values
    }
}

extension ImageError {
    /// The error a C function reported in `message` (the caller frees it),
    /// in the person's language; `fallback` when it gave no message.
    package init(cMessage message: UnsafePointer<CChar>?, fallback: @autoclosure () -> String, kind: Kind = .file) {
        let english = message.map { String(cString: $0) }
        self.init(english.map(ImageMessages.translated) ?? fallback(),
                  kind: kind == .file && english == ImageMessages.unsupportedRaw ? .unsupportedFile : kind)
    }
}
