/// A position in surface pixels, fractional: (0, 0) is the top-left corner of the top-left pixel, y grows down.
public struct PixelPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = PixelPoint(x: 0, y: 0)

    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}
