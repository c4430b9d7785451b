import Testing
@testable import Raster

@Suite struct ScaleTests {
    @Test func aPanelsScaleComesFromItsPixelDensityInHalfSteps() {
        // A 7" 800x480 panel (154 mm wide, ~132 dpi): 1. A 10.1" 1920x1080 panel (223 mm, ~219 dpi): 2.
        #expect(Scale.forPanel(widthPixels: 800, widthMillimetres: 154) == Scale(1))
        #expect(Scale.forPanel(widthPixels: 1920, widthMillimetres: 223) == Scale(2))
        // A 10.1" 1280x800 panel (217 mm, ~150 dpi): 1.5. A 24" monitor at 1920 (531 mm, ~92 dpi): never under 1.
        #expect(Scale.forPanel(widthPixels: 1280, widthMillimetres: 217) == Scale(1.5))
        #expect(Scale.forPanel(widthPixels: 1920, widthMillimetres: 531) == Scale(1))
        // A panel that does not say how big it is (0 mm, or an aspect ratio in cm) gives no answer.
        #expect(Scale.forPanel(widthPixels: 1280, widthMillimetres: 0) == nil)
        #expect(Scale.forPanel(widthPixels: 1280, widthMillimetres: 16) == nil)
    }

    @Test func badValuesFallBackAndTheRangeIsHeld() {
        #expect(Scale(.nan) == .one && Scale(-2) == .one && Scale(0) == .one)
        #expect(Scale(100).pixelsPerPoint == 8 && Scale(0.01).pixelsPerPoint == 0.25)
        #expect(Scale(2).pixels(3) == 6 && Scale(2).points(3) == 1.5)
        #expect(Scale(2).transform == .scale(2))
    }
}

@Suite struct ColorFadeTests {
    @Test func fadingScalesEveryPremultipliedChannel() {
        let c = Color(argb: 0xFF80_4020)
        #expect(c.faded(by: 1) == c && c.faded(by: 2) == c)
        #expect(c.faded(by: 0) == .clear && c.faded(by: -1) == .clear)
        #expect(c.faded(by: 0.5) == Color(argb: 0x8040_2010))
        #expect(c.faded(by: 0.5).isPremultiplied)
    }
}

@Suite struct WebPAnimationTests {
    @Test func framesBecomeAnAnimatedWebP() throws {
        let animation = try WebPAnimation(width: 32, height: 24)
        let frame = Surface(width: 32, height: 24, fill: .white)
        try animation.add(frame, at: 0)
        frame.fill(PixelRect(x: 4, y: 4, width: 10, height: 10), with: .black)
        try animation.add(frame, at: 100)
        let bytes = try animation.finish(endMilliseconds: 200)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8))
        // An animation: the extended header with its animation chunk, and a frame chunk per changed picture.
        let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x2E }, as: UTF8.self)
        #expect(text.contains("VP8X") && text.contains("ANIM") && text.contains("ANMF"))
    }

    @Test func aFrameOfAnotherSizeOrAnImpossibleSizeIsAClearError() {
        #expect(throws: WebPError.self) { try WebPAnimation(width: 0, height: 10) }
        #expect(throws: WebPError.self) {
            try WebPAnimation(width: 10, height: 10).add(Surface(width: 11, height: 10), at: 0)
        }
    }
}
