import CGIF
import Raster

/// The first frame's rectangle and colours, and how its rows are laid onto the logical screen.
struct GIFFrame {
    private let gif: UnsafeMutablePointer<GifFileType>
    private let left: Int, top: Int, width: Int, height: Int
    private let interlaced: Bool
    /// Palette index to premultiplied colour; indices past the palette and the transparent one are clear.
    private let colours: [UInt32]

    init(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int, limits: DecodeLimits) throws {
        self.gif = gif
        let desc = gif.pointee.Image
        left = Int(desc.Left)
        top = Int(desc.Top)
        width = Int(desc.Width)
        height = Int(desc.Height)
        interlaced = desc.Interlace
        try limits.check(width: width, height: height)
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap else {
            throw ImageError.corrupt(.gif, "no colour table")
        }
        var colours = [UInt32](repeating: 0, count: 256)
        for i in 0..<min(Int(map.pointee.ColorCount), 256) where i != transparent {
            let c = map.pointee.Colors[i]
            colours[i] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
        }
        self.colours = colours
    }

    /// Feeds every canvas row to `out`: clear where the frame does not reach. An interlaced frame's rows come
    /// in four passes, so its indices (a byte a pixel) are gathered first; others stream a row at a time.
    func paint(canvasWidth: Int, canvasHeight: Int, into out: inout AreaDownsampler) throws {
        var indices = [GifByteType](repeating: 0, count: interlaced ? width * height : width)
        if interlaced {
            for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                for y in stride(from: start, to: height, by: step) { try readLine(into: &indices, at: y * width) }
            }
        }
        var canvasRow = [UInt32](repeating: 0, count: canvasWidth)
        let visible = max(0, min(left + width, canvasWidth) - left)
        for y in 0..<canvasHeight {
            let frameY = y - top
            canvasRow.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            if frameY >= 0 && frameY < height {
                if !interlaced { try readLine(into: &indices, at: 0) }
                let base = interlaced ? frameY * width : 0
                for x in 0..<visible { canvasRow[left + x] = colours[Int(indices[base + x])] }
            }
            canvasRow.withUnsafeBufferPointer { out.add($0) }
        }
    }

    private func readLine(into indices: inout [GifByteType], at offset: Int) throws {
        let ok = indices.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress! + offset, Int32(width)) }
        guard ok == GIF_OK else { throw GIFDecoder.failure(gif.pointee.Error) }
    }
}
