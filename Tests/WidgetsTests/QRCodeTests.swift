import GoldenImages
#if canImport(Glibc)
import Glibc
#endif
import Raster
import Testing
import Widgets

@Suite struct QRCodeTests {
    @Test func gridHasTheVersionsSizeAndFinderPatterns() throws {
        // 5 bytes fit version 1 at level M (14 bytes); 100 need version 6 (106 bytes, 41 modules a side).
        let small = try QRCode(encoding: "HELLO")
        #expect(small.version == 1 && small.size == 21)
        let larger = try QRCode(encoding: String(repeating: "a", count: 100))
        #expect(larger.version == 6 && larger.size == 41)
        for code in [small, larger] {
            for (left, top) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
                for y in 0..<7 {
                    for x in 0..<7 {
                        let ring = max(abs(x - 3), abs(y - 3))
                        #expect(code.isDark(x: left + x, y: top + y) == (ring != 2), "finder at \(left),\(top): \(x),\(y)")
                    }
                }
            }
            // The timing pattern between the top finders alternates, dark first.
            for x in 8..<(code.size - 8) { #expect(code.isDark(x: x, y: 6) == (x % 2 == 0)) }
            #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: code.size, y: 0))
        }
    }

    @Test func overLongTextIsAnError() {
        #expect(throws: QRCodeError.self) { try QRCode(encoding: String(repeating: "x", count: QRCode.capacity + 1)) }
        do {
            _ = try QRCode(encoding: String(repeating: "x", count: 3_000))
            Issue.record("3000 bytes encoded")
        } catch {
            #expect(error.description == "text too long for a QR code: 3000 bytes, at most 2331")
        }
        #expect((try? QRCode(encoding: String(repeating: "x", count: QRCode.capacity)))?.version == 40)
    }

    @Test func scansAtScaleOne() throws {
        let url = "https://samples.lectern.invalid/kitchen/2026/11/quince-paste"
        let scanned = try scan(url, scale: 1, side: 160, background: Theme.light.paper)
        #expect(scanned == url)
    }

    @Test func scansAtScaleTwoOnTheDarkTheme() throws {
        let url = "https://example.org/articles/a-walk-along-the-river?ref=lectern#section-2"
        let scanned = try scan(url, scale: 2, side: 150.3, background: Theme.dark.paper)
        #expect(scanned == url)
    }

    @Test func scansALongURL() throws {
        var url = "https://news.example.net/2026/11/23/"
        while url.utf8.count < 300 { url += "a-very-long-slug-with-many-words-" }
        url += "end?utm_source=wall"
        #expect(url.utf8.count > 300)
        let scanned = try scan(url, scale: 2, side: 300, background: Theme.sepia.paper)
        #expect(scanned == url)
    }

    @Test func modulesAreWholePixelsAndCentred() throws {
        let code = try QRCode(encoding: "https://example.org/")
        let canvas = makeCanvas(width: 200, height: 200, scale: 1.5, background: Theme.dark.paper)
        QRCodeView.draw(code, into: canvas, square: Rect(x: 10, y: 10, width: 100, height: 100))
        // 150 px across for 25 + 8 modules: 4 px each, 132 px of code, 9 px of extra margin on each side.
        let module = QRCodeView.modulePixels(for: code, side: 150)
        #expect(module == 4)
        let codeLeft = 15 + 9 + QRCodeView.quietZone * module
        for y in 0..<code.size {
            for x in 0..<code.size {
                for (dx, dy) in [(0, 0), (module - 1, module - 1)] {
                    let pixel = canvas.surface[codeLeft + x * module + dx, codeLeft + y * module + dy]
                    #expect(pixel == (code.isDark(x: x, y: y) ? QRCodeView.dark : QRCodeView.light).argb)
                }
            }
        }
        // The light square covers exactly the snapped square; the theme's paper stays around it.
        #expect(canvas.surface[15, 15] == QRCodeView.light.argb && canvas.surface[164, 164] == QRCodeView.light.argb)
        #expect(canvas.surface[14, 14] == Theme.dark.paper.argb && canvas.surface[165, 165] == Theme.dark.paper.argb)
    }

    @Test func aSquareTooSmallStaysLightAndANonFiniteOneIsIgnored() throws {
        let code = try QRCode(encoding: "https://example.org/")
        let canvas = makeCanvas(width: 60, height: 60, background: Theme.sepia.paper)
        // 32 px for 33 modules: no whole pixel each.
        QRCodeView.draw(code, into: canvas, square: Rect(x: 10, y: 10, width: 32, height: 32))
        #expect(canvas.surface[10, 10] == QRCodeView.light.argb && canvas.surface[41, 41] == QRCodeView.light.argb)
        #expect(canvas.surface[9, 9] == Theme.sepia.paper.argb && canvas.surface[42, 42] == Theme.sepia.paper.argb)
        QRCodeView.draw(code, into: canvas, square: Rect(x: .nan, y: 0, width: .infinity, height: 10))
        #expect(canvas.surface[0, 0] == Theme.sepia.paper.argb)
    }

    /// Draws `text`'s code into a `side`-point square on `background` and reads it back with zbarimg.
    private func scan(_ text: String, scale: Double, side: Double, background: Color) throws -> String {
        let code = try QRCode(encoding: text)
        let pixels = Int((side + 40) * scale)
        let canvas = makeCanvas(width: pixels, height: pixels, scale: scale, background: background)
        QRCodeView.draw(code, into: canvas, square: Rect(x: 20, y: 20, width: side, height: side))
        let png = try PNGCodec.encode(canvas.surface)
        var template = Array("/tmp/lectern-qr-XXXXXX.png".utf8CString)
        let fd = mkstemps(&template, 4)
        try #require(fd >= 0)
        let path = String(cString: template)
        defer { unlink(path) }
        let written = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try #require(written == png.count)
        let (result, status) = scanQRCode(at: path)
        #expect(status == 0, "zbarimg exit status \(status)")
        return result
    }
}
