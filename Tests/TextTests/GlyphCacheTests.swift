import Raster
import Testing
@testable import Text

@Suite struct GlyphCacheTests {
    @Test func drawingInksTheSurfaceAndRepeatsHitTheCache() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("Hello, reader. Hello again.", style: TextStyle(size: 20)), width: 400)
        let cache = GlyphCache()
        let surface = Surface(width: 420, height: 60, fill: .white)
        cache.draw(layout, into: surface, x: 10, y: 10)
        var inked = 0
        for y in 0..<surface.height { for x in 0..<surface.width where surface[x, y] != Color.white.argb { inked += 1 } }
        #expect(inked > 300)
        let firstMisses = cache.misses
        #expect(firstMisses > 0 && firstMisses < layout.glyphs.count)  // "Hello" repeats
        cache.resetStatistics()
        cache.draw(layout, into: surface, x: 10, y: 10)
        #expect(cache.misses == 0 && cache.hits == layout.glyphs.count)
        #expect(cache.hitRate == 1)
    }

    @Test func subpixelPositionsUseSeparateRenderings() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("l", style: TextStyle(size: 20)), width: 100)
        let cache = GlyphCache()
        let a = Surface(width: 40, height: 40, fill: .white), b = Surface(width: 40, height: 40, fill: .white)
        cache.draw(layout, into: a, x: 10, y: 5)
        cache.draw(layout, into: b, x: 10.5, y: 5)
        #expect(cache.count == 2)
        var same = true
        for y in 0..<40 { for x in 0..<40 where a[x, y] != b[x, y] { same = false } }
        #expect(!same)
    }

    @Test func cacheStaysWithinItsByteLimit() throws {
        let t = try makeTypesetter()
        let text = (0x41...0x5A).map { String(UnicodeScalar($0)!) }.joined(separator: " ")
        let layout = t.layout(Paragraph(text, style: TextStyle(size: 48)), width: 2000)
        let cache = GlyphCache(byteLimit: 8192)
        let surface = Surface(width: 2000, height: 200, fill: .white)
        cache.draw(layout, into: surface, x: 0, y: 0)
        #expect(cache.byteCount <= 8192)
        #expect(cache.count < 26)
        // Evicted glyphs come back when drawn again.
        cache.resetStatistics()
        cache.draw(layout, into: surface, x: 0, y: 0)
        #expect(cache.misses > 0)
        #expect(cache.byteCount <= 8192)
    }

    @Test func clipLimitsDrawing() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph(String(repeating: "Clip me please. ", count: 40), style: TextStyle(size: 16)),
                              width: 300)
        let surface = Surface(width: 320, height: 400, fill: .white)
        let clip = PixelRect(x: 0, y: 100, width: 320, height: 40)
        GlyphCache().draw(layout, into: surface, x: 0, y: 0, clip: clip)
        var inside = 0, outside = 0
        for y in 0..<400 {
            for x in 0..<320 where surface[x, y] != Color.white.argb {
                if y >= 100 && y < 140 { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 100 && outside == 0)
    }
}

@Suite struct HintingTests {
    @Test func hintingModesRenderDifferently() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("Hamburgefonstiv", style: TextStyle(size: 13)), width: 300)
        var images: [[UInt32]] = []
        for hinting in [Hinting.none, .light, .full] {
            let s = Surface(width: 160, height: 30, fill: .white)
            GlyphCache(hinting: hinting).draw(layout, into: s, x: 2, y: 2)
            images.append((0..<30).flatMap { y in (0..<160).map { s[$0, y] } })
        }
        #expect(images[0] != images[1])
        #expect(images[1] != images[2])
        #expect(images.allSatisfy { $0.contains { $0 != Color.white.argb } })
    }
}
