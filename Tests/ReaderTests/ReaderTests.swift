import Testing
import Raster
import Reader
import Text

@Suite struct TitleScreenTests {
    @Test func titleScreenCoversTheWholeScreenOnPaper() {
        let surface = Surface(width: 320, height: 200, fill: .black)
        let damage = TitleScreen().draw(into: surface)
        #expect(damage.bounds == surface.bounds)
        // The corner opposite the spine is paper, not the black the surface started with.
        #expect(surface[319, 0] == TitleScreen.paper.argb)
        #expect(surface[0, 100] == TitleScreen.accent.argb)
    }

    @Test func restingDotsAreRoundAndGrey() {
        let surface = Surface(width: 1280, height: 800)
        TitleScreen().draw(into: surface)
        // 8 px units on 800 px: dots of radius 4 at x = 1260, centred on 400 and 33.35 px apart.
        for y in [367, 400, 433] {
            #expect(surface[1260, y] == TitleScreen.restingDot.argb, "dot centre at y \(y)")
            #expect(surface[1260, y + 6] == TitleScreen.paper.argb, "outside the dot at y \(y + 6)")
        }
        // Round, not square: the corner of the dot's bounding box is only partly covered.
        #expect(surface[1263, 403] != TitleScreen.restingDot.argb)
    }

    @Test func theNameIsSetAboveTheRule() throws {
        let typesetter = Typesetter(library: try FontLibrary())
        let surface = Surface(width: 1280, height: 800)
        TitleScreen(typesetter: typesetter).draw(into: surface)
        let ink = TitleScreen.ink.argb
        var inkAbove = 0, inkBelow = 0
        for y in 200..<420 { for x in 320..<960 where surface[x, y] == ink { inkAbove += 1 } }
        for y in 440..<800 { for x in 20..<1240 where surface[x, y] == ink { inkBelow += 1 } }
        #expect(inkAbove > 2000, "solid ink of the title's letters: \(inkAbove) px")
        #expect(inkBelow == 0)
    }
}
