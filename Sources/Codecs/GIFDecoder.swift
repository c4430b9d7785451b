import CGIF
import Raster

/// A GIF's first frame through giflib, read record by record (never DGifSlurp, which would decode every frame
/// of an animation), placed on the logical screen with transparency, and shrunk row by row.
enum GIFDecoder {
    static func decode(_ data: UnsafeBufferPointer<UInt8>, _ limits: DecodeLimits) throws -> Surface {
        var source = GIFSource(data: data)
        return try withUnsafeMutablePointer(to: &source) { source in
            var error: Int32 = 0
            guard let gif = DGifOpen(source, GIFSource.read, &error) else { throw failure(error) }
            defer { DGifCloseFile(gif, &error) }
            return try decodeFirstFrame(gif, limits)
        }
    }

    private static func decodeFirstFrame(_ gif: UnsafeMutablePointer<GifFileType>, _ limits: DecodeLimits) throws
        -> Surface
    {
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        try limits.check(width: width, height: height)
        var transparent = -1
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif.pointee.Error) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif.pointee.Error) }
                let frame = try GIFFrame(gif, transparent: transparent, limits: limits)
                let target = limits.outputSize(width: width, height: height)
                var out = AreaDownsampler(sourceWidth: width, sourceHeight: height, width: target.width,
                                          height: target.height, format: .argb8888)
                try frame.paint(canvasWidth: width, canvasHeight: height, into: &out)
                out.finish()
                return out.surface
            case EXTENSION_RECORD_TYPE:
                transparent = try readExtension(gif) ?? transparent
            case TERMINATE_RECORD_TYPE:
                throw ImageError.corrupt(.gif, "no image before the end")
            default:
                throw ImageError.corrupt(.gif, "unknown record")
            }
        }
    }

    /// Skips an extension's blocks; for a graphics control block, the transparent colour index it sets.
    private static func readExtension(_ gif: UnsafeMutablePointer<GifFileType>) throws -> Int? {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure(gif.pointee.Error) }
        var transparent: Int?
        if code == GRAPHICS_EXT_FUNC_CODE, let block {
            var control = GraphicsControlBlock()
            if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                transparent = Int(control.TransparentColor)
            }
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif.pointee.Error) }
        }
        return transparent
    }

    static func failure(_ code: Int32) -> ImageError {
        .corrupt(.gif, GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
    }
}

/// The bytes giflib reads through its input callback.
private struct GIFSource {
    let data: UnsafeBufferPointer<UInt8>
    var offset = 0

    static let read: InputFunc = { gif, out, count in
        guard let gif, let out, count > 0 else { return 0 }
        let source = gif.pointee.UserData.assumingMemoryBound(to: GIFSource.self)
        let n = min(Int(count), source.pointee.data.count - source.pointee.offset)
        guard n > 0 else { return 0 }
        out.update(from: source.pointee.data.baseAddress! + source.pointee.offset, count: n)
        source.pointee.offset += n
        return Int32(n)
    }
}
