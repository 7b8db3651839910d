import Foundation
import Imaging
import Localization

/// A colour label, as Lightroom names them in xmp:Label (and keys 6–9 set
/// the first four, as in Lightroom and Photo Mechanic).
public enum ColorLabel: String, CaseIterable, Codable, Sendable, Comparable {
    case red = "Red"  // untranslated: xmp:Label's name, as Lightroom writes it
    case yellow = "Yellow"  // untranslated: xmp:Label's name, as Lightroom writes it
    case green = "Green"  // untranslated: xmp:Label's name, as Lightroom writes it
    case blue = "Blue"  // untranslated: xmp:Label's name, as Lightroom writes it
    case purple = "Purple"  // untranslated: xmp:Label's name, as Lightroom writes it

    /// The label xmp:Label names: Lightroom's English names in any letter
    /// case; nil for any other text (another tool's own label).
    public init?(xmpName: String) {
        let name = xmpName.trimmingCharacters(in: .whitespaces).lowercased()
        guard let label = ColorLabel.allCases.first(where: { $0.rawValue.lowercased() == name }) else { return nil }
        self = label
    }

    /// The key that toggles it: 6 red, 7 yellow, 8 green, 9 blue.
    public var key: Int? {
        switch self {
        case .red: 6
        case .yellow: 7
        case .green: 8
        case .blue: 9
        case .purple: nil
        }
    }

    public static func forKey(_ key: Int) -> ColorLabel? { allCases.first { $0.key == key } }

    /// "Red", for a person.
    public var title: String {
        switch self {
        // Translators: a colour label a photo can carry.
        case .red: tr("Red")
        // Translators: a colour label a photo can carry.
        case .yellow: tr("Yellow")
        // Translators: a colour label a photo can carry.
        case .green: tr("Green")
        // Translators: a colour label a photo can carry.
        case .blue: tr("Blue")
        // Translators: a colour label a photo can carry.
        case .purple: tr("Purple")
        }
    }

    /// "Red label": how a cell's accessible description names it.
    public var spoken: String {
        switch self {
        // Translators: part of a photo's accessible description: it carries the red colour label.
        case .red: tr("Red label")
        // Translators: part of a photo's accessible description: it carries the yellow colour label.
        case .yellow: tr("Yellow label")
        // Translators: part of a photo's accessible description: it carries the green colour label.
        case .green: tr("Green label")
        // Translators: part of a photo's accessible description: it carries the blue colour label.
        case .blue: tr("Blue label")
        // Translators: part of a photo's accessible description: it carries the purple colour label.
        case .purple: tr("Purple label")
        }
    }

    public static func < (lhs: ColorLabel, rhs: ColorLabel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A keyword, as a path from the top of its hierarchy down
/// ("Places|Brittany|Finistère"; a flat keyword is a path of one level).
/// Lightroom's lr:hierarchicalSubject holds the path, dc:subject the leaf.
public struct Keyword: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The levels joined by "|", as lr:hierarchicalSubject writes them.
    public let path: String

    /// A keyword from what a person typed or a file stated: levels split
    /// by "|", each trimmed; nil when nothing is left.
    public init?(_ text: String) {
        let levels = text.split(whereSeparator: { $0 == "|" || $0 == "\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !levels.isEmpty else { return nil }
        path = levels.joined(separator: "|")
    }

    /// What people read: the last level ("Finistère").
    public var leaf: String { path.split(separator: "|").last.map(String.init) ?? path }
    /// The levels above the leaf ("Places › Brittany"), nil for a flat one.
    public var parents: String? {
        let levels = path.split(separator: "|")
        guard levels.count > 1 else { return nil }
        return levels.dropLast().joined(separator: " › ")
    }

    public var description: String { path }

    public static func < (lhs: Keyword, rhs: Keyword) -> Bool {
        lhs.leaf.localizedStandardCompare(rhs.leaf) == .orderedAscending
            || (lhs.leaf == rhs.leaf && lhs.path < rhs.path)
    }
}

/// The decisions a person keeps in a photo's XMP besides its rating: a
/// colour label, keywords, a title and a caption.
public struct PhotoTags: Hashable, Sendable {
    public var label: ColorLabel?
    public var keywords: [Keyword]
    /// dc:title: shown in the grid instead of the file name.
    public var title: String?
    /// dc:description.
    public var caption: String?

    public init(label: ColorLabel? = nil, keywords: [Keyword] = [], title: String? = nil, caption: String? = nil) {
        self.label = label
        self.keywords = keywords
        self.title = title.flatMap(PhotoTags.nonBlank)
        self.caption = caption.flatMap(PhotoTags.nonBlank)
    }

    public static let none = PhotoTags()

    public var isEmpty: Bool { label == nil && keywords.isEmpty && title == nil && caption == nil }

    static func nonBlank(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Keywords as the index keeps them: paths, one a line.
    var keywordLines: String? { keywords.isEmpty ? nil : keywords.map(\.path).joined(separator: "\n") }

    static func keywords(lines: String?) -> [Keyword] {
        guard let lines else { return [] }
        var seen = Set<Keyword>()
        return lines.split(separator: "\n").compactMap { Keyword(String($0)) }.filter { seen.insert($0).inserted }
    }

    /// These tags, with what `over` states winning field by field: a
    /// sidecar's tags over the photo's (see the README, "Ratings").
    func overlaid(by over: PhotoTags) -> PhotoTags {
        PhotoTags(label: over.label ?? label, keywords: over.keywords.isEmpty ? keywords : over.keywords,
                  title: over.title ?? title, caption: over.caption ?? caption)
    }
}

/// A change a person made to photos' tags, to be written into their
/// files: fields left nil stay as the file has them, keywords are added
/// and removed one by one (another tool's keywords stay). Applying it
/// twice changes nothing more: a write tried again is harmless.
public struct TagEdit: Codable, Hashable, Sendable {
    /// The label's xmp:Label name; "" takes the label away.
    public var label: String?
    /// "" takes the title away.
    public var title: String?
    /// "" takes the caption away.
    public var caption: String?
    public var added: [String] = []
    public var removed: [String] = []

    public init(label: ColorLabel?? = nil, title: String? = nil, caption: String? = nil,
                adding added: [Keyword] = [], removing removed: [Keyword] = []) {
        self.label = label.map { $0?.rawValue ?? "" }
        self.title = title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        self.caption = caption.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        self.added = added.map(\.path)
        self.removed = removed.map(\.path)
    }

    public var isEmpty: Bool { label == nil && title == nil && caption == nil && added.isEmpty && removed.isEmpty }

    /// This edit followed by `next`, as one: what a queued write becomes
    /// when the person changes the same photo again before it is written.
    func then(_ next: TagEdit) -> TagEdit {
        var merged = self
        merged.label = next.label ?? label
        merged.title = next.title ?? title
        merged.caption = next.caption ?? caption
        merged.added = added.filter { !next.removed.contains($0) } + next.added.filter { !added.contains($0) }
        merged.removed = removed.filter { !next.added.contains($0) } + next.removed.filter { !removed.contains($0) }
        return merged
    }

    /// The edit that takes this one back on a photo whose tags were `before`.
    func inverse(from before: PhotoTags) -> TagEdit {
        var undo = TagEdit()
        if label != nil { undo.label = before.label?.rawValue ?? "" }
        if title != nil { undo.title = before.title ?? "" }
        if caption != nil { undo.caption = before.caption ?? "" }
        let had = Set(before.keywords.map(\.path))
        undo.removed = added.filter { !had.contains($0) }
        undo.added = removed.filter { had.contains($0) }
        return undo
    }

    /// `tags` with this edit made.
    func applied(to tags: PhotoTags) -> PhotoTags { applier()(tags) }

    /// `applied(to:)` for many photos: the edit's keywords and label are
    /// read once, not once a photo.
    func applier() -> (PhotoTags) -> PhotoTags {
        let label = label.map { ColorLabel(xmpName: $0) }, title = title.map(PhotoTags.nonBlank)
        let caption = caption.map(PhotoTags.nonBlank)
        let removed = Set(removed.compactMap(Keyword.init)), added = added.compactMap(Keyword.init)
        return { tags in
            var result = tags
            if let label { result.label = label }
            if let title { result.title = title }
            if let caption { result.caption = caption }
            if !removed.isEmpty { result.keywords.removeAll { removed.contains($0) } }
            for keyword in added where !result.keywords.contains(keyword) { result.keywords.append(keyword) }
            return result
        }
    }
}

extension TagEdit {
    /// The edit as gexiv2 makes it (see `lb_metadata_edit` for the tags
    /// kept in step: XMP always, IPTC and EXIF where the file has them).
    var metadataEdit: MetadataEdit {
        var edit = MetadataEdit()
        edit.label = label
        edit.title = title
        edit.caption = caption
        edit.addedKeywords = added
        edit.removedKeywords = removed
        return edit
    }
}
