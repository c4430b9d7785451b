import Feeds
import Testing
import Touch
import Widgets
@testable import Reader

/// The samples' media boxes on the panel, tapped as a person would: each shows its page's QR code.
@Suite struct SampleMediaTapTests {
    @Test(arguments: [("What the pond does at night", "https://samples.lectern.invalid/hedgerow/2026/11/heron.mp4"),
                      ("The evenings, measured", "https://samples.lectern.invalid/hedgerow/2026/11/evenings-measured")])
    func aTapOnAMediaBoxShowsItsCode(title: String, page: String) throws {
        let reader = try HeadlessReader.overSamples()
        try reader.loop.frame(at: 0)
        let list = try #require(reader.app.screen as? ListScreen)
        let index = try #require(list.rows.firstIndex { $0.title == title }, "\(title) is not on the list")
        reader.app.open(index, in: list)
        try reader.loop.frame(at: 0.1)
        let article = try #require(reader.app.screen as? ArticleScreen)
        let body = try #require(article.pager.currentPage as? ArticleBody)
        body.layOut(through: .infinity)
        let box = try #require(body.placed.first { piece in
            if case .media = body.pieces[piece.index].content { true } else { false }
        }?.box)
        // Scrolled so the box is in the middle of the screen, then a tap on it.
        let offset = max(0, box.midY - 240)
        article.pager.restore(scrollY: offset)
        try reader.loop.frame(at: 0.2)
        let y = box.midY - article.pager.scroll.offset
        #expect(y > 0 && y < 480)
        let replay = "1000000 0 down 400 \(y)\n1060000 0 up 400 \(y)"
        try TraceReplay(trace: try TouchTrace(parsing: replay), fps: 60).play(reader.app, loop: reader.loop) { _ in }
        let qr = reader.app.inspection().first { $0.0 == "qr" }?.1
        #expect(qr == .object([("text", .string(page))]))
    }
}
