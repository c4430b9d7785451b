/// A position or displacement in logical points (1 pt = `scale` pixels on the panel), y growing downwards.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Euclidean length, for slop and movement checks.
    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    public static func += (a: inout Point, b: Point) { a = a + b }
}

/// A velocity in points per second, per axis.
public struct Velocity: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Velocity(x: 0, y: 0)

    /// Points per second regardless of direction.
    public var speed: Double { (x * x + y * y).squareRoot() }
}
