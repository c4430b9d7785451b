import Reader
import Raster

/// The reference benchmark's geometry and pictures (its shapes.h), so lectern's benchmark
/// draws exactly what cairo, pixman and ThorVG draw there.
enum BenchGeometry {
    /// Opaque shape colour, premultiplied: 0xFF3399E6.
    static let shapeColor = Color(argb: 0xFF33_99E6)
    /// Overlay colour (0.1, 0.1, 0.15) at alpha 230/255, premultiplied.
    static let overlay = Color(argb: 0xE612_121B)

    /// shapes.h bg_pixel: the frame's content under every operation.
    static func backgroundSurface(width: Int, height: Int) -> Surface {
        let s = Surface(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            let row = s.row(y)
            for x in 0..<width {
                row[x] = 0xFF00_0000 | UInt32((x * 3 + y) & 0xFF) << 16 | UInt32((x ^ y) & 0xFF) << 8
                    | UInt32((x * y) & 0xFF)
            }
        }
        return s
    }

    /// shapes.h menu_pixel: a premultiplied checkerboard of alpha 255 and 160.
    static func menuImage(width: Int, height: Int) -> Surface {
        let s = Surface(width: width, height: height, format: .argb8888)
        for y in 0..<height {
            let row = s.row(y)
            for x in 0..<width {
                let a: UInt32 = ((x >> 4) + (y >> 4)) & 1 == 1 ? 255 : 160
                let r = UInt32(x & 0xFF) * a / 255, g = UInt32(y & 0xFF) * a / 255, b = 0x40 * a / 255
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return s
    }

    /// shapes.h init_positions: 64 sub-pixel positions spread over the frame.
    struct Positions {
        var x: [Double] = []
        var y: [Double] = []

        init() {
            for i in 0..<64 {
                x.append(30 + Double((i * 197) % 1000) + Double(i % 7) * 0.13 + 0.05)
                y.append(30 + Double((i * 113) % 400) + Double(i % 5) * 0.21 + 0.07)
            }
        }
    }
}
