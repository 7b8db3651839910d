/// Whether photos sent to another folder stay where they were too.
public enum PhotoTransferMode: Sendable, Equatable {
    case copy, move
}
