/// How the 8 high bits of a pixel are read: XRGB ignores them (scanout), ARGB keeps premultiplied alpha.
public enum PixelFormat: Sendable {
    case xrgb8888
    case argb8888
}

/// A block of premultiplied 32-bit pixels, rows `stride` pixels apart.
///
/// A class so a surface can own its memory (shadow buffers, offscreen pages) or borrow it (a mapped scanout
/// buffer); the pixels are reached through a raw pointer so hot loops pay no exclusivity or bounds checks.
public final class Surface: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Distance between rows, in pixels (not bytes).
    public let stride: Int
    public let format: PixelFormat
    public let pixels: UnsafeMutablePointer<UInt32>
    private let ownsPixels: Bool

    /// A new surface filled with `fill` (transparent black by default).
    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888, fill: Color = .clear) {
        precondition(width >= 0 && height >= 0, "surface size must not be negative")
        self.width = width
        self.height = height
        self.stride = width
        self.format = format
        let count = max(width * height, 1)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: fill.argb, count: count)
        ownsPixels = true
    }

    /// Wraps memory owned elsewhere, such as a mapped dumb buffer; the caller keeps it alive.
    public init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int,
                format: PixelFormat) {
        precondition(width >= 0 && height >= 0 && stride >= width, "bad surface geometry")
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        ownsPixels = false
    }

    deinit {
        if ownsPixels { pixels.deallocate() }
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixel at (x, y); for tests and snapshots, never for scanout memory.
    public subscript(x: Int, y: Int) -> UInt32 {
        get {
            precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(bounds)")
            return pixels[y * stride + x]
        }
        set {
            precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel (\(x), \(y)) outside \(bounds)")
            pixels[y * stride + x] = newValue
        }
    }

    /// Pointer to the first pixel of row `y`.
    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * stride }
}

extension Surface {
    /// How many pixels differ from `other`'s by more than `tolerance` in some colour channel (alpha is not
    /// compared: snapshots are opaque); nil when the sizes differ. For goldens, whose text may be rounded a
    /// little differently by another FreeType build.
    public func differingPixels(from other: Surface, tolerance: Int) -> Int? {
        guard width == other.width, height == other.height else { return nil }
        var differing = 0
        for y in 0..<height {
            let a = row(y), b = other.row(y)
            for x in 0..<width {
                let p = a[x], q = b[x]
                for shift: UInt32 in [0, 8, 16] {
                    let d = Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)
                    if d > tolerance || -d > tolerance {
                        differing += 1
                        break
                    }
                }
            }
        }
        return differing
    }
}
