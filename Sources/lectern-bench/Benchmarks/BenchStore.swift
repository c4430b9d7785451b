import Reader
import Feeds

/// A store a heavy reader has after months: `feeds` feeds of `perFeed` entries each, every entry a few
/// paragraphs of HTML, the newest of the first feed a 5,000-word article with headings, lists, a quote and code,
/// and early on (where the timed scroll passes) a 200-row table and a page of formulas.
enum BenchStoreFill {
    static let words = ["the", "river", "winter", "panel", "reader", "kitchen", "morning", "light", "stone", "bread",
                        "harbour", "garden", "slowly", "quiet", "letters", "evening", "frost", "market", "story", "wall"]

    static func sentence(_ seed: Int, words count: Int) -> String {
        var out: [String] = []
        var x = UInt64(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        for _ in 0..<count {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            out.append(words[Int(x >> 33) % words.count])
        }
        return (out.first.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "") + " " + out.dropFirst().joined(separator: " ") + "."
    }

    /// Roughly `count` words of HTML in paragraphs, with a heading, a list, a quote and code every so often.
    static func article(_ seed: Int, words count: Int, extras: Bool = false) -> String {
        var html = ""
        var written = 0, n = 0
        while written < count {
            n += 1
            if extras && n == 3 { html += table(seed, rows: 200) }
            if extras && n == 4 { html += formulas(seed) }
            switch n % 12 {
            case 0: html += "<h2>\(sentence(seed + n, words: 5))</h2>"; written += 5
            case 5: html += "<ul><li>\(sentence(seed + n, words: 12))</li><li>\(sentence(seed + n + 1, words: 9))</li></ul>"; written += 21
            case 8: html += "<blockquote><p>\(sentence(seed + n, words: 30))</p></blockquote>"; written += 30
            case 10: html += "<pre><code>let column = 640 // \(sentence(seed + n, words: 6))</code></pre>"; written += 8
            default:
                html += "<p>\(sentence(seed + n, words: 40)) <a href=\"https://example.org/\(n)\">\(sentence(n, words: 3))</a> <em>\(sentence(n + 7, words: 6))</em></p>"
                written += 49
            }
        }
        return html
    }

    /// A table of `rows` rows under a heading row: a name, numbers, and a sentence that wraps in its column.
    static func table(_ seed: Int, rows: Int) -> String {
        var html = "<table><thead><tr><th>Stop</th><th>Opened</th><th>Riders</th><th>Notes</th></tr></thead><tbody>"
        for row in 0..<rows {
            html += "<tr><td>\(words[(seed + row) % words.count]) \(row)</td><td>\(1900 + row % 120)</td>"
                + "<td>\(row * 37 % 9_000)</td><td>\(sentence(seed + row, words: 4 + row % 9))</td></tr>"
        }
        return html + "</tbody></table>"
    }

    /// A page of MathML: paragraphs with formulas inline (scripts, fractions, roots) and displayed ones between.
    static func formulas(_ seed: Int) -> String {
        var html = ""
        for n in 0..<12 {
            html += "<p>\(sentence(seed + n, words: 12)) <math><msup><mi>x</mi><mn>\(n + 2)</mn></msup><mo>+</mo>"
                + "<msub><mi>a</mi><mi>n</mi></msub></math> \(sentence(seed + n + 1, words: 10)) <math><mfrac><mrow>"
                + "<mi>n</mi><mo>+</mo><mn>\(n)</mn></mrow><mn>2</mn></mfrac></math> and "
                + "<math><msqrt><mi>y</mi></msqrt></math>.</p>"
            if n % 3 == 2 {
                html += "<math display=\"block\"><semantics><mrow><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo>"
                    + "<mn>1</mn></mrow><mi>n</mi></munderover><msup><mi>i</mi><mn>2</mn></msup><mo>=</mo><mfrac><mrow>"
                    + "<mi>n</mi><mo>(</mo><mi>n</mi><mo>+</mo><mn>1</mn><mo>)</mo><mo>(</mo><mn>2</mn><mi>n</mi><mo>+</mo>"
                    + "<mn>1</mn><mo>)</mo></mrow><mn>6</mn></mfrac></mrow><annotation encoding=\"application/x-tex\">"
                    + "\\sum_{i=1}^n i^2 = \\frac{n(n+1)(2n+1)}{6}</annotation></semantics></math>"
            }
        }
        return html
    }

    /// Fills `store`; the newest entry is the long article. Returns its title.
    static func fill(_ store: FeedStore, feeds: Int, perFeed: Int, now: Timestamp) throws -> String {
        let longTitle = "A long read: five thousand words about the river in winter"
        for f in 0..<feeds {
            let feed = try store.addFeed(url: "https://bench.invalid/\(f)/feed.xml", title: "Bench feed \(f)", at: now)
            var entries: [ParsedEntry] = []
            for e in 0..<perFeed {
                let long = f == 0 && e == 0
                let html = long ? article(1, words: 5_000, extras: true) : article(f * 1_000 + e, words: 250)
                let published = Timestamp(secondsSince1970: now.secondsSince1970 - Int64(long ? 0 : 60 + (e * feeds + f) * 240))
                entries.append(ParsedEntry(
                    title: long ? longTitle : sentence(f * 7_919 + e, words: 6 + e % 9),
                    link: "https://bench.invalid/\(f)/\(e)", id: "urn:bench:\(f):\(e)",
                    summary: sentence(f + e, words: 40), markup: Markup(kind: .html, text: html, base: nil),
                    published: published))
            }
            try store.store(ParsedFeed(title: "Bench feed \(f)", entries: entries), for: feed, at: now)
        }
        return longTitle
    }
}
