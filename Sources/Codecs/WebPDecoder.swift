import CWebP
import Raster

/// WebP through libwebp, whose rescaler shrinks rows as they are decoded, straight into the surface's memory in
/// premultiplied native order. Animated WebPs need the demux library and are refused.
enum WebPDecoder {
    static func decode(_ data: UnsafeBufferPointer<UInt8>, _ limits: DecodeLimits) throws -> Surface {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw ImageError.outOfMemory(.webp) }
        let status = WebPGetFeatures(data.baseAddress, data.count, &config.input)
        guard status == VP8_STATUS_OK else { throw ImageError.corrupt(.webp, describe(status)) }
        guard config.input.has_animation == 0 else { throw ImageError.unsupported(.webp, "animation") }
        let width = Int(config.input.width), height = Int(config.input.height)
        try limits.check(width: width, height: height)
        let target = limits.outputSize(width: width, height: height)
        let surface = Surface(width: target.width, height: target.height, format: .argb8888)
        if target.width != width || target.height != height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(target.width)
            config.options.scaled_height = Int32(target.height)
        }
        #if _endian(little)
        config.output.colorspace = MODE_bgrA
        #else
        config.output.colorspace = MODE_Argb
        #endif
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = UnsafeMutableRawPointer(surface.pixels).assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(surface.stride * 4)
        config.output.u.RGBA.size = surface.stride * surface.height * 4
        let decoded = WebPDecode(data.baseAddress, data.count, &config)
        WebPFreeDecBuffer(&config.output)
        guard decoded == VP8_STATUS_OK else { throw ImageError.corrupt(.webp, describe(decoded)) }
        return surface
    }

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the data ends early"
        default: "libwebp status \(status.rawValue)"
        }
    }
}
