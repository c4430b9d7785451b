import ReaderSamples
import Feeds
import GoldenImages
import Raster
import Testing
import Text
import Touch
import Widgets
@testable import Reader

/// What an article holds beyond running text, set whole on the narrowest panel (800x480 at scale 1) and the
/// widest (1920x1080 at scale 2): raised and lowered text and footnote marks, formulas inline and displayed, a
/// table as a grid and one too wide for it as cards.
let contentArticle = html("""
    <p>Two to the fourth is 2<sup>4</sup> = 16; water is H<sub>2</sub>O. The M<sub>1</sub> chip came first in \
    the Mac<sup><a href="#fn1">1</a></sup>, and the tram's first line<sup><a href="#fn2">2</a></sup> ran in 1902.</p>
    <p>Sorting takes arrays of sizes <math><mi>n</mi></math>, <math><msup><mi>n</mi><mn>2</mn></msup></math>, \
    <math><mrow><mi>n</mi><mo>&#x2061;</mo><mi>log</mi><mi>n</mi></mrow></math> and \
    <math><semantics><mrow><mfrac><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow><mn>2</mn></mfrac></mrow>\
    <annotation encoding="application/x-tex">\\frac{n+1}{2}</annotation></semantics></math>.</p>
    <math display="block"><mrow><msub><mi>x</mi><mrow><mn>1</mn><mo>,</mo><mn>2</mn></mrow></msub><mo>=</mo>\
    <mfrac><mrow><mo>&#x2212;</mo><mi>b</mi><mo>&#xB1;</mo><msqrt><mrow><msup><mi>b</mi><mn>2</mn></msup>\
    <mo>&#x2212;</mo><mn>4</mn><mi>a</mi><mi>c</mi></mrow></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac>\
    </mrow></math>
    <math display="block"><semantics><mrow><mo>(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr>\
    <mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo>)</mo></mrow>\
    <annotation encoding="application/x-tex">\\begin{pmatrix} a &amp; b \\\\ c &amp; d \\end{pmatrix}</annotation>\
    </semantics></math>
    <table><caption>The city's tram lines</caption>
    <thead><tr><th>Line</th><th>Opened</th><th>Length</th><th>Stops</th></tr></thead>
    <tbody><tr><td>Harbour loop</td><td>1902</td><td>6.4 km</td><td>14</td></tr>
    <tr><td>University and the <a href="https://example.org/hill">hill</a></td><td>1911</td><td>9.1 km</td><td>22</td></tr>
    <tr><td colspan="2">Night service, every line</td><td>&#8212;</td><td>36</td></tr></tbody></table>
    <table><tr><th>Year</th><th>What changed</th></tr>
    <tr><td>1902</td><td>The harbour loop opens, horse-drawn cars every twenty minutes from the quay to the market.</td></tr>
    <tr><td>1911</td><td>Electric cars replace the horses; the line to the university and the hill opens.</td></tr></table>
    <p>The timetable, hour by hour:</p>
    <table><tr><th>Stop</th><th>Monday</th><th>Tuesday</th><th>Wednesday</th><th>Thursday</th><th>Friday</th>\
    <th>Saturday</th><th>Sunday</th><th>Holidays</th><th>Remarks</th></tr>
    <tr><td>Central</td><td>05:40</td><td>05:40</td><td>05:40</td><td>05:40</td><td>05:40</td><td>06:15</td>\
    <td>07:00</td><td>07:00</td><td>Step-free&nbsp;access throughout</td></tr>
    <tr><td>Harbour</td><td>05:52</td><td>05:52</td><td>05:52</td><td>05:52</td><td>05:52</td><td>06:27</td>\
    <td>07:12</td><td>07:12</td><td>Change for ferries</td></tr></table>
    <ol><li id="fn1">The first with Apple's own chip, in 2020.</li><li id="fn2">Horse-drawn, until 1911.</li></ol>
    """)

@Suite struct ArticleContentGoldenTests {
    static let panels: [(name: String, width: Double, scale: Double)] = [("800x480", 800, 1), ("1920x1080", 960, 2)]

    @Test func supSubMathAndTablesMatchTheirGoldens() throws {
        let typesetter = Typesetter(library: try FontLibrary())
        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
        for panel in Self.panels {
            let typography = Typography(typesetter: typesetter, scale: Scale(panel.scale))
            let body = ArticleBody(header: ArticleHeader(title: "Notes, formulas and tables", feed: "City Notes",
                                                         date: "12 March 2026", readingTime: "2 min read"),
                                   blocks: contentArticle, width: panel.width, typography: typography,
                                   theme: .light, textSize: 17)
            body.layOut(through: .infinity)
            let shot = body.renderFirstScreen(height: body.contentHeight.rounded(.up), glyphs: GlyphCache())
            let name = "content-\(panel.name)"
            if let problem = try compareWithGolden(shot, named: name, in: directory).problem(name) {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }
}

extension ArticleContentGoldenTests {
    /// The bundled sample written for this (a table, formulas, a footnote), as the tour's reader opens it.
    @Test func theSampleWithATableAndFormulasMatchesItsGolden() throws {
        let larder = try #require(SampleFeeds.feeds.first { $0.url.contains("larder") })
        let feed = try FeedParser.parse(larder.document, url: larder.url)
        let entry = try #require(feed.entries.first { $0.title?.hasPrefix("Baker's percentages") == true })
        let blocks = ArticleBlocks.make(from: try #require(entry.markup))
        let typography = Typography(typesetter: Typesetter(library: try FontLibrary()), scale: Scale(1))
        let body = ArticleBody(header: ArticleHeader(title: entry.title ?? "", feed: feed.title ?? "",
                                                     date: "7 November 2026", readingTime: "1 min read"),
                               blocks: blocks, width: 800, typography: typography, theme: .sepia, textSize: 17)
        body.layOut(through: .infinity)
        let shot = body.renderFirstScreen(height: body.contentHeight.rounded(.up), glyphs: GlyphCache())
        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
        if let problem = try compareWithGolden(shot, named: "content-sample-800x480", in: directory).problem("sample") {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
