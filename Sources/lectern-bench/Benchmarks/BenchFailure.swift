/// A benchmark that could not run (no fixtures, no reference, no scratch folder), said in one line.
public struct BenchFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
