import Testing
@testable import Raster

@Suite struct QuarterTurnTests {
    /// A logical picture whose every pixel is unique, so a misplaced pixel cannot go unnoticed.
    private func numbered(width: Int, height: Int) -> Surface {
        let s = Surface(width: width, height: height, format: .argb8888)
        for y in 0..<height { for x in 0..<width { s[x, y] = UInt32(y * 1000 + x + 1) } }
        return s
    }

    /// Where logical pixel (x, y) must appear for each mounting, worked out by hand for a W×H picture.
    private func expectedPosition(_ x: Int, _ y: Int, w: Int, h: Int, turn: QuarterTurn) -> (Int, Int) {
        switch turn {
        case .none: return (x, y)
        case .clockwise90: return (h - 1 - y, x)
        case .clockwise180: return (w - 1 - x, h - 1 - y)
        case .clockwise270: return (y, w - 1 - x)
        }
    }

    @Test(arguments: QuarterTurn.allCases)
    func wholePictureLandsTurned(turn: QuarterTurn) {
        let w = 5, h = 3
        let source = numbered(width: w, height: h)
        let scanout = turn.swapsAxes ? Surface(width: h, height: w, format: .argb8888)
                                     : Surface(width: w, height: h, format: .argb8888)
        scanout.copyTurned(from: source, rect: source.bounds, turn: turn)
        for y in 0..<h {
            for x in 0..<w {
                let (px, py) = expectedPosition(x, y, w: w, h: h, turn: turn)
                #expect(scanout[px, py] == source[x, y], "\(turn) logical \(x),\(y)")
            }
        }
    }

    @Test(arguments: QuarterTurn.allCases)
    func damagedRectangleTouchesOnlyItsTurnedPlace(turn: QuarterTurn) {
        let w = 8, h = 6
        let source = numbered(width: w, height: h)
        let scanout = turn.swapsAxes ? Surface(width: h, height: w, format: .argb8888)
                                     : Surface(width: w, height: h, format: .argb8888)
        let rect = PixelRect(x: 2, y: 1, width: 3, height: 2)
        scanout.copyTurned(from: source, rect: rect, turn: turn)
        let target = turn.apply(to: rect, logicalWidth: w, logicalHeight: h)
        #expect(target.area == rect.area)
        var written = 0
        for y in 0..<scanout.height {
            for x in 0..<scanout.width where scanout[x, y] != 0 {
                written += 1
                #expect(target.contains(PixelRect(x: x, y: y, width: 1, height: 1)))
            }
        }
        #expect(written == rect.area)
    }
}
