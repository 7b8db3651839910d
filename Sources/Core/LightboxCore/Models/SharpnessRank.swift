import Localization

/// Where a photo's sharpness stands among its folder's photos measured:
/// how a measure that means nothing alone is told ("Sharper than 80 % of
/// this folder"). It proposes; it never decides for the person.
public struct SharpnessRank: Equatable, Sendable {
    /// How many of the photos measured are less sharp than this one.
    public let softer: Int
    /// How many were measured, this one included.
    public let measured: Int

    public init(softer: Int, measured: Int) {
        self.softer = softer
        self.measured = measured
    }

    /// The share of the other photos measured it is sharper than, 0…1.
    public var sharperThan: Double { measured > 1 ? Double(softer) / Double(measured - 1) : 0 }

    /// The properties' "Sharpness" value, which a screen reader reads.
    public var described: String {
        if softer == measured - 1 {
            // Translators: a photo's sharpness among its folder's photos measured ("Sharpest of 12 in this folder").
            return trn("Sharpest of {count} in this folder", "Sharpest of {count} in this folder", count: measured)
        }
        if softer == 0 {
            // Translators: a photo's sharpness among its folder's photos measured ("Softest of 12 in this folder").
            return trn("Softest of {count} in this folder", "Softest of {count} in this folder", count: measured)
        }
        // Translators: a percentage ("2.1 %").
        let percent = tr("{value} %", ["value": LocaleFormat.decimal((sharperThan * 100).rounded(.down), digits: 0)])
        // Translators: a photo's sharpness among its folder's photos measured; {percent} is a percentage ("Sharper than 80 % of this folder").
        return tr("Sharper than {percent} of this folder", ["percent": percent])
    }
}
