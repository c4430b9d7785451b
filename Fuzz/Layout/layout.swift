// libFuzzer entry for the article page: any bytes as HTML through `ArticleBlocks.make`, then `ArticleBody` laid
// out whole in a narrow and a wide column, tapped, and its first screen drawn. scripts/fuzz.sh compiles this
// file into the Reader module with the few Reader files the page is made of, so the checks can read what the
// page placed (`placed`, `pieces`, `styles`).
import Feeds
import Raster
import Text
import Touch
import Widgets

/// Fonts and glyphs are loaded once: opening the system's fonts for every input would be most of each run.
nonisolated(unsafe) let fuzzTypesetter: Typesetter = {
    do { return Typesetter(library: try FontLibrary()) } catch { fatalError("layout fuzzing needs fonts: \(error)") }
}()
nonisolated(unsafe) let fuzzGlyphs = GlyphCache(byteLimit: 4 << 20)
nonisolated(unsafe) let fuzzPictures = FuzzPictures()

/// Pictures chosen by the URL, so the seeds reach every way a box is set: decoded (larger than the narrow column,
/// so drawing shrinks it), only its size known (tall), or not at hand (the alt box).
final class FuzzPictures: ArticleImages {
    let picture = Surface(width: 300, height: 200, fill: Color(red: 0.2, green: 0.5, blue: 0.8))

    func image(for url: String) -> Surface? { url.utf8.count % 3 == 1 ? picture : nil }
    func size(for url: String) -> (width: Int, height: Int)? { url.utf8.count % 3 == 2 ? (200, 900) : nil }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let blocks = ArticleBlocks.make(from: Markup(kind: .html, text: html, base: "https://example.org/a/"))
    let header = ArticleHeader(title: "Fuzz", feed: "Feed", date: "Today", readingTime: "1 min read")
    // Narrow: the column's 60-point minimum at scale 2 with large text, where words are cut and indents cap.
    // Wide: the 640-point maximum measure at scale 1.
    for (width, scale, textSize) in [(110.0, 2.0, 24.0), (800.0, 1.0, 17.0)] {
        let typography = Typography(typesetter: fuzzTypesetter, scale: Scale(scale))
        let body = ArticleBody(header: header, blocks: blocks, width: width, typography: typography, theme: .light,
                               textSize: textSize, images: fuzzPictures)
        // The first screen first, as the pager does: drawing sets only what it shows.
        let screen = body.renderFirstScreen(height: 160, glyphs: fuzzGlyphs)
        body.layOut(through: .infinity)
        let overhang = checkPlacement(of: body)
        checkMargins(screen, of: body, overhang: overhang)
        for y in stride(from: 0, to: min(body.contentHeight, 2_000), by: 37) {
            _ = body.target(at: Point(x: body.columnX + body.column / 2, y: y))
        }
    }
    return 0
}

/// Everything set lies within the column, and pieces follow one another down the page without overlapping.
/// One exception: a line holding a single character wider than its measure (a 35-point bold heading glyph in the
/// narrowest column, a three-em dash) passes the right edge, as the typesetter cuts words between clusters and
/// never inside one. Returns how far such lines reach past the column, points, for the drawing check.
func checkPlacement(of body: ArticleBody) -> Double {
    // Pixel rounding of a layout's widths, points.
    let tolerance = 0.5
    let left = body.columnX - tolerance, right = body.columnX + body.column + tolerance
    func inColumn(_ minX: Double, _ maxX: Double, _ what: String) {
        check(minX.isFinite && maxX.isFinite && minX >= left && maxX <= right,
              "\(what) at \(minX)...\(maxX) outside the column \(body.columnX)+\(body.column)")
    }
    check(body.isComplete && body.placed.count == body.pieces.count)
    let scale = body.typography.scale
    var overhang = 0.0
    var bottom = -Double.infinity
    for placed in body.placed {
        let piece = body.pieces[placed.index]
        check(placed.top.isFinite && placed.height.isFinite && placed.height >= 0, "piece has no size")
        check(placed.top >= bottom, "piece \(placed.index) overlaps the one above")
        bottom = placed.bottom
        if let box = placed.box { inColumn(box.minX, box.maxX, "box of piece \(placed.index)") }
        // The piece's text, and a table row's cells (or its card) with the paragraphs they were set from.
        var texts: [(layout: TextLayout, origin: Point, text: String)] = []
        if let text = placed.text { texts.append((text, placed.textOrigin, piece.text)) }
        for cell in placed.cells {
            texts.append((cell.layout, cell.origin, cell.paragraph.spans.map(\.text).joined()))
        }
        for rule in placed.rules { inColumn(rule.rect.minX, rule.rect.maxX, "rule of piece \(placed.index)") }
        for (text, origin, source) in texts {
            let scalars = Array(source.unicodeScalars)
            for line in text.lines {
                let minX = origin.x + scale.points(Double(line.x))
                let maxX = minX + scale.points(Double(line.width))
                if maxX > right && line.characters.lowerBound >= 0 && line.characters.upperBound <= scalars.count {
                    var shown = String.UnicodeScalarView(scalars[line.characters])
                    while shown.last?.properties.isWhitespace == true { shown.removeLast() }
                    if String(shown).count == 1 {
                        overhang = max(overhang, maxX - right)
                        continue
                    }
                }
                inColumn(minX, maxX, "line \(line.characters) of piece \(placed.index)")
            }
        }
        for marker in placed.markers {
            inColumn(marker.origin.x, marker.origin.x + body.typography.width(of: marker.layout), "list marker")
        }
        for bar in piece.bars {
            inColumn(body.columnX + bar.x, body.columnX + bar.x + body.styles.quoteBarWidth, "quote bar")
        }
    }
    check(body.contentHeight.isFinite && body.contentHeight >= bottom)
    return overhang
}

extension ArticlePiece {
    /// The text the piece's layout was set from.
    var text: String {
        switch content {
        case .text(let paragraph): paragraph.spans.map(\.text).joined()
        case .code(let code, _, _): code
        case .image(_, let alt, _): alt ?? "Image"
        case .media(let media): media.label
        case .rule: ""
        case .tableRow: ""
        }
    }
}

/// The margins beside the column stay paper: nothing is drawn there. Glyphs may overhang their advance a little
/// (an italic f), so the check starts a fifth of an em out, and further right by any `overhang` of a lone wide
/// character.
func checkMargins(_ screen: Surface, of body: ArticleBody, overhang: Double) {
    let scale = body.typography.scale
    let slack = body.styles.size * 0.2
    let left = Int(scale.pixels(body.columnX - slack).rounded(.down))
    let right = Int(scale.pixels(body.columnX + body.column + overhang + slack).rounded(.up))
    let paper = Surface(width: 1, height: 1, fill: body.theme.paper)[0, 0]
    for y in 0..<screen.height {
        let row = screen.row(y)
        for x in 0..<max(0, min(left, screen.width)) {
            check(row[x] == paper, "ink at (\(x), \(y)) left of the column")
        }
        for x in min(max(0, right), screen.width)..<screen.width {
            check(row[x] == paper, "ink at (\(x), \(y)) right of the column")
        }
    }
}
