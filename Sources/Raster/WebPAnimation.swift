import CWebP

/// Why an animation could not be made; libwebp's own reason where it gives one.
public struct WebPError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// An animated WebP built frame by frame in memory (libwebp's animation encoder): a person can watch an
/// interaction without a panel. Frames are the real ones the app drew; file access stays with the caller.
public final class WebPAnimation {
    public let width: Int
    public let height: Int
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private var picture = WebPPicture()
    private var lastTimestamp = 0

    /// `quality` 0…100 of lossy frames; animations of text and flat colour look right from about 80.
    public init(width: Int, height: Int, quality: Float = 85) throws {
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw WebPError(description: "a WebP picture is 1 to 16383 pixels on a side, not \(width)x\(height)")
        }
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0,
              let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw WebPError(description: "cannot start the WebP animation encoder (libwebp version mismatch?)")
        }
        self.encoder = encoder
        guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else {
            WebPAnimEncoderDelete(encoder)
            throw WebPError(description: "cannot set up a WebP picture")
        }
        config.quality = min(max(quality, 0), 100)
        // Fast enough for hundreds of frames; the frames differ little, which the encoder exploits anyway.
        config.method = 2
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else {
            WebPAnimEncoderDelete(encoder)
            throw WebPError(description: "out of memory for a \(width)x\(height) WebP picture")
        }
    }

    deinit {
        WebPPictureFree(&picture)
        WebPAnimEncoderDelete(encoder)
    }

    /// Adds `surface` (its size must be the animation's) shown from `milliseconds` after the start.
    public func add(_ surface: Surface, at milliseconds: Int) throws {
        guard surface.width == width, surface.height == height else {
            throw WebPError(description: "frame \(surface.width)x\(surface.height) in a \(width)x\(height) animation")
        }
        let opaque = surface.format == .xrgb8888
        let stride = Int(picture.argb_stride)
        for y in 0..<height {
            let from = surface.row(y), to = picture.argb + y * stride
            for x in 0..<width {
                let p = from[x]
                // libwebp takes straight alpha; every frame the app draws is opaque.
                to[x] = opaque ? p | 0xFF00_0000 : Self.unpremultiplied(p)
            }
        }
        lastTimestamp = max(lastTimestamp, milliseconds)
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw WebPError(description: "cannot add a frame: \(message)")
        }
    }

    /// The finished file, the last frame shown until `endMilliseconds`.
    public func finish(endMilliseconds: Int) throws -> [UInt8] {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(max(endMilliseconds, lastTimestamp + 1)), nil) != 0 else {
            throw WebPError(description: "cannot close the animation: \(message)")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw WebPError(description: "cannot assemble the animation: \(message)")
        }
        defer { WebPDataClear(&data) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private var message: String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "libwebp gave no reason"
    }

    private static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        guard a != 0, a != 255 else { return p }
        func channel(_ shift: UInt32) -> UInt32 { min(255, ((p >> shift & 0xFF) * 255 + a / 2) / a) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }
}
