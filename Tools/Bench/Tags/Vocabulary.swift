import Foundation
import LightboxCore

/// The same numbers on every run: the photos' tags are drawn from it.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What people tag a photo library with: a few hundred keywords (places
/// in a hierarchy, many with accents; subjects; people; events), titles and
/// captions in French and English.
enum Vocabulary {
    static let regions: [(String, [String])] = [
        ("Places|France|Brittany", ["Finistère", "Morbihan", "Côtes-d'Armor", "Ille-et-Vilaine", "Quimper", "Brest",
                                    "Concarneau", "Crozon", "Ouessant", "Pointe du Raz", "Carnac", "Saint-Malo",
                                    "Douarnenez", "Locronan", "Bénodet", "Perros-Guirec", "Île de Batz", "Pont-Aven"]),
        ("Places|France|Normandy", ["Étretat", "Honfleur", "Mont-Saint-Michel", "Bayeux", "Fécamp", "Granville",
                                    "Cherbourg", "Deauville", "Giverny"]),
        ("Places|France|Provence", ["Arles", "Aix-en-Provence", "Gordes", "Roussillon", "Cassis", "Marseille",
                                    "Les Baux", "Sénanque", "Valensole"]),
        ("Places|France|Paris", ["Montmartre", "Le Marais", "Belleville", "Île de la Cité", "Canal Saint-Martin"]),
        ("Places|Portugal", ["Lisbon", "Porto", "Sintra", "Évora", "Nazaré", "Óbidos", "Coimbra", "Lagos"]),
        ("Places|Spain", ["Sevilla", "Córdoba", "Cádiz", "Málaga", "Granada", "A Coruña", "San Sebastián"]),
        ("Places|Germany", ["München", "Köln", "Lübeck", "Düsseldorf", "Würzburg", "Görlitz"]),
        ("Places|Iceland", ["Reykjavík", "Húsavík", "Vík", "Höfn", "Jökulsárlón", "Thingvellir"]),
        ("Places|Norway", ["Narvik", "Ålesund", "Lofoten", "Geirangerfjord", "Å i Lofoten"]),
    ]

    static let subjects = [
        "sunset", "sunrise", "harbour", "lighthouse", "boat", "fishing boat", "beach", "dunes", "cliffs", "waves",
        "storm", "fog", "rain", "snow", "market", "church", "chapel", "cathedral", "castle", "bridge", "river",
        "lake", "forest", "mountain", "hiking", "cycling", "surfing", "sailing", "kayak", "picnic", "portrait",
        "family", "friends", "wedding", "birthday", "festival", "concert", "fest-noz", "crêpes", "café",
        "restaurant", "street", "night", "stars", "moon", "birds", "seagull", "puffin", "cat", "dog", "horse",
        "cows", "flowers", "garden", "orchard", "vineyard", "wine", "cheese", "bread", "architecture", "window",
        "door", "stairs", "graffiti", "museum", "train", "car", "bicycle", "tram", "airport", "black and white",
        "panorama", "macro", "long exposure", "reflection", "silhouette", "golden hour", "blue hour", "rocks",
        "tide pools", "shells", "menhir", "dolmen", "calvary", "granite", "heather", "gorse", "hydrangea",
        "oysters", "lobster", "cider", "galette", "kouign-amann", "pardon", "regatta", "ferry", "island",
        "coastal path", "windmill", "watermill", "village", "square", "fountain", "statue", "mural", "library",
        "kids", "grandparents", "baby", "school", "sport", "football", "rugby", "swimming", "skiing", "camping",
        "tent", "campfire", "road trip", "van", "motorbike", "sheep", "goats", "deer", "fox", "hedgehog",
        "butterfly", "bee", "autumn", "spring", "summer", "winter", "rainbow", "clouds", "lightning", "ice",
    ]

    static let people = [
        "Anne", "Yann", "Maëlle", "Gwenaël", "Loïc", "Soizic", "Erwan", "Nolwenn", "Zoé", "Noé", "Chloé", "Hélène",
        "José", "João", "Inês", "Jürgen", "Sören", "Björn", "Ségolène", "Françoise", "Gaëlle", "Tanguy", "Morgane",
        "Ronan", "Élodie", "Clément", "Agnès", "Benoît", "Léa", "Raphaël",
    ]

    static let events: [String] = (2014...2025).flatMap { year in
        ["Events|\(year)|Summer holidays", "Events|\(year)|Christmas"]
    } + ["Events|Wedding of Anne and Yann", "Events|Fest-noz in Quimper", "Events|Tour de Bretagne à vélo",
         "Events|Festival interceltique", "Events|Route du Rhum", "Events|Les Vieilles Charrues"]

    /// Every keyword: 278.
    static let keywords: [Keyword] = {
        var all: [String] = []
        for (region, places) in regions {
            all.append(region)
            all += places.map { "\(region)|\($0)" }
        }
        all += subjects
        all += people.map { "People|\($0)" }
        all += events
        return all.compactMap(Keyword.init)
    }()

    static let placeNames: [String] = regions.flatMap(\.1)

    static let titleForms = [
        "{place} at dusk", "{place} au petit matin", "Harbour of {place}", "Lighthouse near {place}",
        "Low tide, {place}", "{place} in the rain", "Chapelle de {place}", "Marché de {place}", "{person} at {place}",
        "Sunset over {place}", "{place}, the old town", "Boats at {place}", "Fête à {place}", "Street in {place}",
        "{person}'s birthday", "Dinner with {person}", "Cliffs of {place}", "Brume sur {place}",
    ]

    static let captionForms = [
        "Marée basse à {place}, les bateaux posés sur le sable.", "Marée haute, la mer monte vite à {place}.",
        "Low tide at {place}: boats resting on the sand, gulls everywhere.",
        "The storm came in from the west just after we arrived in {place}.",
        "Crêpes chez {person} après la balade sur le sentier côtier.",
        "Taken from the coastal path above {place}, late afternoon light.",
        "{person} and the kids on the beach, first swim of the year.",
        "Le phare au loin, vu depuis la pointe, près de {place}.",
        "Market day in {place}: oysters, cider and far breton.",
        "Fog lifting over the bay of {place} in the early morning.",
        "Soirée d'été sur les maisons de granit de {place}.",
        "Fest-noz under the market hall, {person} dancing all night.",
    ]

    static func fill(_ form: String, using random: inout SplitMix64) -> String {
        form.replacingOccurrences(of: "{place}", with: placeNames.randomElement(using: &random)!)
            .replacingOccurrences(of: "{person}", with: people.randomElement(using: &random)!)
    }

    /// A photo's tags: labels on ~15 %, 0–5 keywords, a title on ~20 %, a
    /// caption on ~10 %.
    static func tags(using random: inout SplitMix64) -> PhotoTags {
        let label: ColorLabel? = random.next() % 100 < 15 ? ColorLabel.allCases.randomElement(using: &random) : nil
        var keywords: [Keyword] = []
        for _ in 0..<Int(random.next() % 6) {
            let keyword = Vocabulary.keywords.randomElement(using: &random)!
            if !keywords.contains(keyword) { keywords.append(keyword) }
        }
        let title = random.next() % 100 < 20 ? fill(titleForms.randomElement(using: &random)!, using: &random) : nil
        let caption = random.next() % 100 < 10 ? fill(captionForms.randomElement(using: &random)!, using: &random) : nil
        return PhotoTags(label: label, keywords: keywords, title: title, caption: caption)
    }

    /// What a search looks in, as the app folds it for each photo (the file
    /// name, the title, the caption and the keywords' paths, one a line,
    /// without case or accents): here built once, in lowercase ASCII.
    static func searchText(name: String, tags: PhotoTags) -> String {
        var text = fold(name)
        for field in [tags.title, tags.caption].compactMap({ $0 }) + tags.keywords.map(\.path) {
            text += "\n" + fold(field)
        }
        return text
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
