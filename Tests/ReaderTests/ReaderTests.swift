import Testing
import Raster
import Reader

@Suite struct TitleScreenTests {
    @Test func titleScreenCoversTheWholeScreenOnPaper() {
        let surface = Surface(width: 320, height: 200, fill: .black)
        let damage = TitleScreen().draw(into: surface)
        #expect(damage.bounds == surface.bounds)
        // The corner opposite the spine is paper, not the black the surface started with.
        #expect(surface[319, 0] == TitleScreen.paper.argb)
        #expect(surface[0, 100] == TitleScreen.accent.argb)
    }
}
