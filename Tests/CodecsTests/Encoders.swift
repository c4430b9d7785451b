import Platform
import CGIF
import CJPEG
import CWebP
import Glibc
import Raster

/// Test images made in-process with the same libraries' encoders, so each test shows the picture it decodes.
/// Pixels are straight-alpha (r, g, b, a) tuples from a function of (x, y).
typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

func rgbaBytes(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let p = pixel(x, y)
            bytes += [p.r, p.g, p.b, p.a]
        }
    }
    return bytes
}

/// A baseline (or progressive) JPEG; alpha is ignored, or with `cmyk` the four bytes are stored as C, M, Y, K
/// (libjpeg then writes an Adobe marker).
func encodeJPEG(width: Int, height: Int, quality: Int32 = 95, progressive: Bool = false, cmyk: Bool = false,
                _ pixel: (Int, Int) -> RGBA) -> [UInt8] {
    let info = UnsafeMutablePointer<jpeg_compress_struct>.allocate(capacity: 1)
    let errors = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
    defer { info.deallocate(); errors.deallocate() }
    info.initialize(to: jpeg_compress_struct())
    info.pointee.err = jpeg_std_error(errors)
    jpeg_CreateCompress(info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
    defer { jpeg_destroy_compress(info) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    jpeg_mem_dest(info, &buffer, &size)
    info.pointee.image_width = JDIMENSION(width)
    info.pointee.image_height = JDIMENSION(height)
    let components = cmyk ? 4 : 3
    info.pointee.input_components = Int32(components)
    info.pointee.in_color_space = cmyk ? JCS_CMYK : JCS_RGB
    jpeg_set_defaults(info)
    jpeg_set_quality(info, quality, 1)
    if progressive { jpeg_simple_progression(info) }
    jpeg_start_compress(info, 1)
    var row = [UInt8](repeating: 0, count: width * components)
    for y in 0..<height {
        for x in 0..<width {
            let p = pixel(x, y)
            row[components * x] = p.r; row[components * x + 1] = p.g; row[components * x + 2] = p.b
            if cmyk { row[4 * x + 3] = p.a }
        }
        row.withUnsafeMutableBufferPointer { r in
            var rows: [JSAMPROW?] = [r.baseAddress]
            _ = jpeg_write_scanlines(info, &rows, 1)
        }
    }
    jpeg_finish_compress(info)
    defer { free(buffer) }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
}

/// A lossless WebP.
func encodeWebP(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA) -> [UInt8] {
    let rgba = rgbaBytes(width: width, height: height, pixel)
    var out: UnsafeMutablePointer<UInt8>?
    let size = WebPEncodeLosslessRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), &out)
    defer { WebPFree(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
}

/// A PNG through Raster's encoder (straight alpha in, premultiplied surface between).
func encodePNG(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA) throws -> [UInt8] {
    let s = Surface(width: width, height: height, format: .argb8888)
    for y in 0..<height {
        for x in 0..<width {
            let p = pixel(x, y)
            s[x, y] = Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255,
                            alpha: Double(p.a) / 255).argb
        }
    }
    return try PNGCodec.encode(s)
}

/// One GIF frame: its rectangle on the screen, palette indices row by row, and its transparent index.
struct GIFFrameSpec {
    var left = 0, top = 0, width: Int, height: Int
    var interlaced = false
    var transparent: Int? = nil
    var index: (Int, Int) -> UInt8
}

/// A GIF89a with a global palette and the given frames, in order.
func encodeGIF(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], frames: [GIFFrameSpec]) -> [UInt8] {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    var error: Int32 = 0
    let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { gif, data, count in
        let sink = Unmanaged<Sink>.fromOpaque(gif!.pointee.UserData).takeUnretainedValue()
        sink.bytes += UnsafeBufferPointer(start: data, count: Int(count))
        return count
    }, &error)!
    EGifSetGifVersion(gif, true)
    let colours = palette.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
    let map = GifMakeMapObject(Int32(colours.count), colours)
    defer { GifFreeMapObject(map) }
    _ = EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map)
    for frame in frames {
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_BACKGROUND, UserInputFlag: false, DelayTime: 10,
                                           TransparentColor: frame.transparent.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let n = EGifGCBToExtension(&control, &extensionBytes)
        _ = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(n), extensionBytes)
        _ = EGifPutImageDesc(gif, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height),
                             frame.interlaced, nil)
        // An interlaced frame's rows are written in the order of its four passes.
        let order = frame.interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Array(stride(from: $0.0, to: frame.height, by: $0.1)) }
            : Array(0..<frame.height)
        for y in order {
            var line = (0..<frame.width).map { frame.index($0, y) }
            _ = EGifPutLine(gif, &line, Int32(frame.width))
        }
    }
    _ = EGifCloseFile(gif, &error)
    return sink.bytes
}

/// A fixture from Fixtures/ beside this file, as bytes.
func fixture(_ name: String) -> [UInt8] {
    let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Fixtures/"
    return (try? AtomicFile.read(directory + name)) ?? []
}

/// The channels of a premultiplied pixel, for comparisons with a tolerance (lossy JPEG).
func channels(_ p: UInt32) -> [Int] { [Int(p >> 24), Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }

func close(_ p: UInt32, _ q: UInt32, within tolerance: Int) -> Bool {
    zip(channels(p), channels(q)).allSatisfy { abs($0 - $1) <= tolerance }
}
