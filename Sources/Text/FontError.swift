/// Why a font could not be used; names the file so a wrong configuration is easy to find.
public struct FontError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
