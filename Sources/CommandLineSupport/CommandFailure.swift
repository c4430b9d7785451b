/// A command that could not do its work: printed as one line, exit status 1.
public struct CommandFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
