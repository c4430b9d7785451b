import Feeds
import Glibc
import GoldenImages
import Raster
import Testing
import Text
import Touch
import Widgets
@testable import Reader

/// Players, missing pictures and captions on the article page: what they say, where they sit, what a tap on
/// them gives, and that the page holds still when a picture comes.
@Suite struct ArticleMediaTests {
    static let watchPage = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    static let still = "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"

    /// A YouTube still as i.ytimg.com gives it: 4:3 with the 16:9 picture between black bars.
    static func youTubeStill() -> Surface {
        let surface = Surface(width: 480, height: 360, fill: .black)
        for y in 45..<315 {
            let row = surface.row(y)
            let t = Double(y - 45) / 270
            for x in 0..<480 {
                let hill = 200 + 40 * sin(Double(x) / 60) < Double(y - 45)
                let color = hill ? Color(red: 0.25, green: 0.45 - 0.2 * t, blue: 0.3)
                    : Color(red: 0.95 - 0.4 * t, green: 0.6 - 0.2 * t, blue: 0.45 + 0.3 * t)
                row[x] = color.argb
            }
        }
        return surface
    }

    /// A photograph: a warm field under a pale sky.
    static func photo(width: Int, height: Int) -> Surface {
        let surface = Surface(width: width, height: height, fill: .white)
        for y in 0..<height {
            let row = surface.row(y)
            let field = y > height * 3 / 5
            let color = field ? Color(red: 0.75, green: 0.55, blue: 0.2) : Color(red: 0.6, green: 0.75, blue: 0.9)
            for x in 0..<width { row[x] = color.argb }
        }
        return surface
    }

    static let article = """
        <p>The harbour master recorded the first boats of the season.</p>
        <iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Boats at first light"></iframe>
        <p>The sound of the market, recorded at seven:</p>
        <audio controls src="https://cdn.example.fm/market.mp3"></audio>
        <figure><img src="https://example.org/boats.jpg" width="1200" height="800" alt="Boats in the harbour at dawn">
        <figcaption>The first boats, before the fog lifted. Photo: A. Lima</figcaption></figure>
        <p>And a map of where they landed: <img src="https://example.org/icon.png" width="16" height="16" alt=""></p>
        <iframe src="https://maps.example.com/embed?pb=harbour"></iframe>
        <figure><img src="https://example.org/stalls.jpg" alt="Market stalls"><figcaption>Stalls at noon.</figcaption></figure>
        """

    static func blocks() -> [ArticleBlock] {
        EnclosureBlocks.adding([Enclosure(url: "https://cdn.example.fm/ep42.mp3", type: "audio/mpeg")], to: html(article),
                               page: "https://example.fm/42", duration: 4_320)
    }

    @Test func aTapOnTheVideoBoxGivesItsWatchPage() throws {
        let body = articleBody(Self.blocks(), typography: try makeArticleTypography())
        body.layOut(through: .infinity)
        let video = try #require(body.placed.first { piece in
            if case .media(let media) = body.pieces[piece.index].content { media.kind == .video } else { false }
        })
        let box = try #require(video.box)
        #expect(body.target(at: box.center) == .link(Self.watchPage))
        #expect(body.target(at: Point(x: box.minX + 4, y: box.maxY - 4)) == .link(Self.watchPage))
        // Just outside it, nothing.
        #expect(body.target(at: Point(x: box.minX + 4, y: box.maxY + 2)) == nil)
        // The still's frame is 16:9 of the column, whether the still is here or not.
        let frame = try #require(video.frame)
        #expect(frame.width == body.column && frame.height == (body.column * 9 / 16).rounded())

        // Each box hands over its own page: the episode its entry's page, the sound its file, the frame its address.
        let links = body.placed.compactMap { piece -> String? in
            guard case .media = body.pieces[piece.index].content, let box = piece.box else { return nil }
            if case .link(let link) = body.target(at: box.center) { return link }
            return nil
        }
        #expect(links == ["https://example.fm/42", Self.watchPage, "https://cdn.example.fm/market.mp3",
                          "https://maps.example.com/embed?pb=harbour"])
    }

    @Test func boxesSayWhatAndWhere() throws {
        let body = articleBody(Self.blocks(), typography: try makeArticleTypography())
        body.layOut(through: .infinity)
        let words = body.pieces.compactMap { piece -> String? in
            guard case .media(let media) = piece.content else { return nil }
            return PieceSetter.mediaParagraphs(media, styles: body.styles).first?.spans.first?.text
        }
        #expect(words == ["Episode · 1 h 12 min", "Video · youtube.com", "Audio · cdn.example.fm",
                          "Embedded page · maps.example.com"])
        // The episode opens the article, above its first paragraph.
        #expect(body.pieces.firstIndex { if case .media = $0.content { true } else { false } } == 2)
    }

    @Test func aMissingPictureKeepsItsShapeAndThePageHoldsWhenItComes() throws {
        let images = StubImages()
        let body = articleBody(Self.blocks(), typography: try makeArticleTypography(), images: images)
        body.layOut(through: .infinity)
        let index = try #require(body.placed.firstIndex { piece in
            if case .image(let url, _, _) = body.pieces[piece.index].content { url.hasSuffix("boats.jpg") } else { false }
        })
        // 1200 x 800 pixels at scale 2: 600 x 400 points, centred; its words inside it.
        let box = try #require(body.placed[index].box)
        #expect(box.width == 600 && box.height == 400 && box.midX == body.columnX + body.column / 2)
        let label = try #require(body.placed[index].text)
        #expect(label.lines.count >= 2)
        let height = body.contentHeight
        let captionTop = body.placed[index + 1].top
        // The caption sits tight under it, set small.
        #expect(abs(captionTop - body.placed[index].bottom - body.styles.captionGap) < 0.001)
        if case .text(let caption) = body.pieces[index + 1].content {
            #expect(caption.spans.first?.style.size == body.styles.caption.size)
            #expect(caption.spans.first?.style.color == body.styles.theme.faint)
        } else {
            Issue.record("no caption under the picture")
        }

        images.images["https://example.org/boats.jpg"] = Self.photo(width: 1200, height: 800)
        body.imageArrived(url: "https://example.org/boats.jpg")
        body.layOut(through: .infinity)
        #expect(body.placed[index].box == box && body.placed[index].image != nil)
        #expect(body.contentHeight == height)
        #expect(body.placed[index + 1].top == captionTop)
    }

    @Test func iconsAreALineAndHugeSizesAreCapped() throws {
        let typography = try makeArticleTypography()
        let body = articleBody(html("""
            <img src="https://example.org/icon.png" width="16" height="16" alt="">
            <img src="https://example.org/tall.png" width="400" height="20000">
            <img src="https://example.org/wide.png" width="20000" height="400">
            """), typography: typography, images: nil, viewHeight: 1000)
        body.layOut(through: .infinity)
        let boxes = Array(body.placed.compactMap(\.box).suffix(3))
        #expect(boxes[0].height == body.styles.pictureLineHeight)
        // 90 % of the screen's height at most, the aspect kept.
        #expect(boxes[1].height == 900 && boxes[1].width == 18)
        #expect(boxes[2].width == body.column && boxes[2].height == (body.column * 400 / 20000).rounded())
        #expect(body.target(at: boxes[0].center) == .image(url: "https://example.org/icon.png", alt: nil))
    }

    @Test func boxesStayInANarrowColumn() throws {
        let typography = try makeArticleTypography()
        // Deep in a list on the narrowest page: the badge gives the words its room rather than push them out.
        let blocks = [ArticleBlock.list(ordered: false, items: [Self.blocks()])] + Self.blocks()
        for width in [960.0, 320, 120, 60] {
            let body = articleBody(blocks, width: width, typography: typography)
            body.layOut(through: .infinity)
            let left = body.columnX, right = body.columnX + body.column
            for piece in body.placed {
                if let box = piece.box { #expect(box.minX >= left - 0.01 && box.maxX <= right + 0.01, "box at \(width)") }
                guard let text = piece.text, !text.lines.isEmpty else { continue }
                let x = piece.textOrigin.x
                #expect(x >= left - 0.01 && x + typography.scale.points(Double(text.width)) <= right + 0.01,
                        "text of piece \(piece.index) at width \(width)")
            }
        }
    }

    // MARK: Goldens

    /// The article above drawn whole, a page as tall as its content, at the 7" panel's width and a 1080p one's.
    @Test(arguments: [(800.0, 480.0, 1.0), (1920.0, 1080.0, 2.0)])
    func mediaArticleMatchesItsGolden(pixels: (width: Double, height: Double, scale: Double)) throws {
        let typography = try makeArticleTypography(scale: pixels.scale)
        let images = StubImages([Self.still: Self.youTubeStill(),
                                 "https://example.org/stalls.jpg": Self.photo(width: 900, height: 500)])
        let width = pixels.width / pixels.scale, height = pixels.height / pixels.scale
        let body = articleBody(Self.blocks(), width: width, typography: typography, images: images,
                               viewHeight: height)
        body.layOut(through: .infinity)
        let page = body.renderFirstScreen(height: body.contentHeight.rounded(.up), glyphs: GlyphCache())
        let name = "media-page-light-\(Int(pixels.width))x\(Int(pixels.height))"
        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
        if let problem = try compareWithGolden(page, named: name, in: directory).problem(name) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
