/// A premultiplied ARGB colour packed as the panel stores it: 0xAARRGGBB in a native 32-bit word.
public struct Color: Hashable, Sendable {
    public var argb: UInt32

    public init(argb: UInt32) { self.argb = argb }

    /// Straight (not premultiplied) components in 0…1; the result is premultiplied and rounded.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func byte(_ v: Double) -> UInt32 {
            guard v.isFinite else { return 0 }
            return UInt32((min(max(v, 0), 1) * 255).rounded())
        }
        let a = byte(alpha)
        let scale = Double(a) / 255
        argb = a << 24 | byte(red * scale) << 16 | byte(green * scale) << 8 | byte(blue * scale)
    }

    public var alpha: UInt8 { UInt8(truncatingIfNeeded: argb >> 24) }
    public var red: UInt8 { UInt8(truncatingIfNeeded: argb >> 16) }
    public var green: UInt8 { UInt8(truncatingIfNeeded: argb >> 8) }
    public var blue: UInt8 { UInt8(truncatingIfNeeded: argb) }
    public var isOpaque: Bool { alpha == 255 }
    /// No channel exceeds alpha, as a premultiplied colour's should. Blending such a colour never overflows a
    /// byte, so painters can skip pixman's saturating add; others take the general path.
    public var isPremultiplied: Bool { red <= alpha && green <= alpha && blue <= alpha }

    /// The same colour seen through `opacity` (0…1): every premultiplied channel scaled, rounded to nearest.
    public func faded(by opacity: Double) -> Color {
        guard opacity < 1 else { return self }
        guard opacity > 0 else { return .clear }
        func scaled(_ channel: UInt8) -> UInt32 { UInt32((Double(channel) * opacity).rounded()) }
        return Color(argb: scaled(alpha) << 24 | scaled(red) << 16 | scaled(green) << 8 | scaled(blue))
    }

    public static let black = Color(argb: 0xFF00_0000)
    public static let white = Color(argb: 0xFFFF_FFFF)
    public static let clear = Color(argb: 0)
}
