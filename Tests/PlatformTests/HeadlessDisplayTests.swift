import Testing
import Platform
import Raster

@Suite struct HeadlessDisplayTests {
    @Test func presentCopiesOnlyTheDamage() throws {
        let display = HeadlessDisplay(width: 20, height: 10)
        display.shadow.clear(to: .white)
        try display.present(DamageRegion(PixelRect(x: 2, y: 3, width: 4, height: 2)))
        #expect(display.presentedFrames == 1)
        #expect(display.copiedPixels == 8)
        #expect(display.scanout[2, 3] == Color.white.argb)
        #expect(display.scanout[5, 4] == Color.white.argb)
        #expect(display.scanout[6, 4] == Color.black.argb)
        #expect(display.scanout[2, 5] == Color.black.argb)
    }

    @Test func damageOutsideTheScreenIsIgnored() throws {
        let display = HeadlessDisplay(width: 8, height: 8)
        display.shadow.clear(to: .white)
        try display.present(DamageRegion(PixelRect(x: 6, y: 6, width: 100, height: 100)))
        #expect(display.copiedPixels == 4)
        #expect(display.scanout[7, 7] == Color.white.argb)
    }
}
