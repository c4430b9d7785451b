import CPixman
@testable import Raster

/// A deterministic pseudo-random source (SplitMix64) so every run tests the same pixels.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    mutating func byte() -> UInt32 { UInt32(next() & 0xFF) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A premultiplied colour (no channel above alpha), with alpha 0 and 255 over-represented; one in ten
    /// breaks the premultiplied rule on purpose, where pixman's saturating add still defines the result.
    mutating func premultiplied() -> UInt32 {
        let a: UInt32
        switch below(8) {
        case 0: a = 0
        case 1: a = 255
        default: a = byte()
        }
        if chance(10) { return a << 24 | UInt32(truncatingIfNeeded: next()) & 0x00FF_FFFF }
        func channel() -> UInt32 { a == 0 ? 0 : UInt32(below(Int(a) + 1)) }
        return a << 24 | channel() << 16 | channel() << 8 | channel()
    }

    /// Pixels in runs of one kind (transparent, opaque, translucent), so both the vector fast paths for whole
    /// groups and the mixed groups are exercised.
    mutating func imageRow(count: Int) -> [UInt32] {
        var row: [UInt32] = []
        while row.count < count {
            let kind = below(3), length = 1 + below(11)
            for _ in 0..<length where row.count < count {
                switch kind {
                case 0: row.append(chance(90) ? 0 : premultiplied() & 0x00FF_FFFF)
                case 1: row.append(0xFF00_0000 | UInt32(truncatingIfNeeded: next()) & 0x00FF_FFFF)
                default: row.append(premultiplied())
                }
            }
        }
        return row
    }

    /// Coverage bytes in runs of 0, 255 and anything.
    mutating func coverageRow(count: Int) -> [UInt8] {
        var row: [UInt8] = []
        while row.count < count {
            let kind = below(3), length = 1 + below(13)
            for _ in 0..<length where row.count < count {
                row.append(kind == 0 ? 0 : kind == 1 ? 255 : UInt8(byte()))
            }
        }
        return row
    }
}

/// Runs pixman on a copy of a surface, to compare our bytes with the reference library's.
enum Pixman {
    static func format(_ f: PixelFormat) -> pixman_format_code_t {
        f == .argb8888 ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
    }

    /// A pixman view of `surface`'s pixels (they stay owned by the surface).
    static func image(of surface: Surface) -> OpaquePointer {
        pixman_image_create_bits(format(surface.format), Int32(surface.width), Int32(surface.height),
                                 surface.pixels, Int32(surface.stride * 4))!
    }

    static func solid(_ argb: UInt32) -> OpaquePointer {
        var c = pixman_color_t(red: UInt16(argb >> 16 & 0xFF) * 257, green: UInt16(argb >> 8 & 0xFF) * 257,
                               blue: UInt16(argb & 0xFF) * 257, alpha: UInt16(argb >> 24) * 257)
        return pixman_image_create_solid_fill(&c)!
    }

    /// OVER of `source` (optionally through `mask`) onto `target`, placed at (x, y), size w×h.
    static func over(_ source: OpaquePointer, mask: OpaquePointer?, onto target: Surface,
                     x: Int, y: Int, width: Int, height: Int) {
        let dst = image(of: target)
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask, dst, 0, 0, 0, 0, Int32(x), Int32(y),
                                 Int32(width), Int32(height))
        pixman_image_unref(dst)
    }

    /// An a8 pixman image holding `mask`'s coverage (pixman needs rows padded to 4 bytes).
    static func a8(_ mask: AlphaMask) -> (OpaquePointer, UnsafeMutablePointer<UInt32>) {
        let stride = (mask.width + 3) / 4
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: max(stride * mask.height, 1))
        words.initialize(repeating: 0, count: max(stride * mask.height, 1))
        let bytes = UnsafeMutableRawPointer(words).assumingMemoryBound(to: UInt8.self)
        for y in 0..<mask.height {
            for x in 0..<mask.width { bytes[y * stride * 4 + x] = mask[x, y] }
        }
        let image = pixman_image_create_bits(PIXMAN_a8, Int32(mask.width), Int32(mask.height), words,
                                             Int32(stride * 4))!
        return (image, words)
    }
}

/// Surfaces for comparisons.
enum Fixture {
    /// A surface of random pixels; XRGB ones get random bytes in the unused top byte too.
    static func random(width: Int, height: Int, format: PixelFormat, _ rng: inout SeededRandom) -> Surface {
        let s = Surface(width: width, height: height, format: format)
        for y in 0..<height {
            let row = format == .argb8888 ? rng.imageRow(count: width)
                : (0..<width).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            for x in 0..<width { s[x, y] = row[x] }
        }
        return s
    }

    static func copy(of s: Surface) -> Surface {
        let c = Surface(width: s.width, height: s.height, format: s.format)
        for y in 0..<s.height { for x in 0..<s.width { c[x, y] = s[x, y] } }
        return c
    }

    /// The first differing pixel as text, or nil when equal; XRGB surfaces compare only red, green, blue.
    static func difference(_ a: Surface, _ b: Surface) -> String? {
        let mask: UInt32 = a.format == .xrgb8888 ? 0x00FF_FFFF : 0xFFFF_FFFF
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] & mask != b[x, y] & mask {
                return "(\(x), \(y)): \(hex(a[x, y])) vs pixman \(hex(b[x, y]))"
            }
        }
        return nil
    }

    static func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - s.count) + s
    }
}
