/// Why an animation could not be made: the encoder refused a setting or ran out of memory.
/// Reported as one line naming the output by the command.
public struct AnimationError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) { self.description = description }
}
