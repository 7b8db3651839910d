/// What to do when a file sent to a folder meets one of the same name.
public enum NameClashAnswer: Sendable, Equatable {
    /// The file sent takes the place of the one there.
    case replace
    /// The file sent gets a free name ("IMG_0001 (2).jpg").
    case keepBoth
    /// The file is not sent.
    case skip
}
