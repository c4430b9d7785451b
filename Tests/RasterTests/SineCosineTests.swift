import Glibc
import Testing
@testable import Raster

@Suite struct SineCosineTests {
    @Test func matchesLibmAcrossManyTurns() {
        var worst = 0.0
        var angle = -40.0
        while angle < 40 {
            let (s, c) = sineCosine(angle)
            worst = max(worst, abs(s - sin(angle)), abs(c - cos(angle)))
            angle += 0.0137
        }
        #expect(worst < 1e-13, "worst difference \(worst)")
        for exact in [0.0, Double.pi / 2, Double.pi, -Double.pi / 2, 2 * Double.pi] {
            let (s, c) = sineCosine(exact)
            #expect(abs(s - sin(exact)) < 1e-15 && abs(c - cos(exact)) < 1e-15)
        }
        #expect(sineCosine(.nan).sin.isNaN)
        #expect(sineCosine(.infinity).cos.isNaN)
    }
}
