import Reader
import Raster
import Text

/// `lectern-bench text`: layout and glyph drawing figures, as `op,size,lectern,value` rows. Times are ns per
/// call; the scroll row's value is the glyph cache hit rate in percent.
public enum TextBench {
    /// Hands each row to `emit` as soon as it is measured; returns a note for people on what was measured.
    public static func run(timing: BenchTiming, emit: (String) -> Void) throws -> String {
        let typesetter = Typesetter(library: try FontLibrary())
        let article = BenchArticle.paragraphs(words: 5000)

        // Laying out a 5,000-word article at 1280 px (fonts open, shaping and breaking every time).
        _ = typesetter.layout(article, width: 1280)
        let layoutNs = timing.nanosecondsPerCall { _ in _ = typesetter.layout(article, width: 1280) }
        emit(BenchTiming.row(op: "text_layout_5000_words", size: "1280", nanoseconds: layoutNs))

        // Drawing a full 1920x1080 screen of cached 16 px glyphs.
        let screen = Surface(width: 1920, height: 1080, fill: .white)
        let dense = BenchArticle.paragraphs(words: 5000, size: 16)
        let page = typesetter.layout(dense, width: 1880)
        let cache = GlyphCache()
        cache.draw(page, into: screen, x: 20, y: 0)
        let onScreen = page.lines.prefix { $0.top + $0.height <= 1080 }.reduce(0) { $0 + $1.glyphs.count }
        let drawNs = timing.nanosecondsPerCall { _ in cache.draw(page, into: screen, x: 20, y: 0) }
        emit(BenchTiming.row(op: "text_draw_cached_screen_\(onScreen)_glyphs", size: "1920x1080", nanoseconds: drawNs))

        // Scrolling the article through a 1280x800 viewport, 7 px a frame, with a fresh cache.
        let scrollLayout = typesetter.layout(article, width: 1184)
        let viewport = Surface(width: 1280, height: 800, fill: .white)
        let scrollCache = GlyphCache()
        var offset = 0
        let end = Int(scrollLayout.height) - 800
        while offset <= max(0, end) {
            viewport.clear(to: .white)
            scrollCache.draw(scrollLayout, into: viewport, x: 48, y: -offset)
            offset += 7
        }
        let frames = offset / 7
        let lookups = scrollCache.hits + scrollCache.misses
        let thousandths = lookups == 0 ? 100_000 : scrollCache.hits * 100_000 / lookups
        let fraction = String(thousandths % 1000)
        let percent = "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        emit("text_scroll_cache_hit_percent,\(frames)_frames,lectern,\(percent)")
        return "# layout \(String(format1: layoutNs / 1e6)) ms for \(article.count) paragraphs; "
            + "screen draw \(String(format1: drawNs / 1e6)) ms for \(onScreen) glyphs; scroll: \(scrollCache.misses) "
            + "misses in \(lookups) lookups, cache \(scrollCache.byteCount / 1024) KiB"
    }
}

/// A deterministic article of ordinary English prose in paragraphs of about 100 words.
enum BenchArticle {
    static let source = """
        The morning light fell across the kitchen table where the old newspaper still lay folded, its headlines \
        already stale. Reading on a wall panel is a different habit from reading on a phone: the text waits for \
        you, calm and large, and you pass by it a dozen times a day. Typography carries the weight here. Kerning \
        pairs like AV, To and Wa close their gaps; ligatures join fi and fl; quotation marks hang where they \
        should. A good reader lays out a long article before the next frame and scrolls through it without a \
        stutter, drawing glyphs from a cache that rarely misses. Writers deserve that care, and readers notice \
        it even when they cannot name it. Afterwards the panel sleeps, dims its backlight and waits quietly for \
        the next story to arrive from the feeds it follows through the night.
        """

    static func paragraphs(words count: Int, size: Float = 20) -> [Paragraph] {
        let words = source.split(separator: " ")
        let style = TextStyle(family: .serif, size: size)
        var paragraphs: [Paragraph] = []
        var taken = 0
        var rotation = 0
        while taken < count {
            let n = min(100, count - taken)
            var text = ""
            for i in 0..<n {
                if i > 0 { text += " " }
                text += words[(rotation + i * 7) % words.count]
            }
            // Every few paragraphs a span of bold and a link, as articles have.
            let spans = taken % 300 == 0
                ? [TextSpan(text, style: style), TextSpan(" Read more.", style: style.with(weight: .bold).with(link: "more"))]
                : [TextSpan(text, style: style)]
            paragraphs.append(Paragraph(spans, style: ParagraphStyle(alignment: .justified, lineHeight: 1.5,
                                                                    spacingAfter: 14)))
            taken += n
            rotation += 13
        }
        return paragraphs
    }
}
