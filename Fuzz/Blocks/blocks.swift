// libFuzzer entry for the article sanitiser: any bytes, as a feed's (lossily decoded) HTML, through
// `ArticleBlocks.make`, then checks of what the allow-list promises the screen. scripts/fuzz.sh builds Feeds as a
// library with testing enabled, so the checks can use the same internal rules (`isSafe`, `maxNesting`).
@testable import Feeds

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let blocks = ArticleBlocks.make(from: Markup(kind: .html, text: html, base: "https://example.org/a/"))
    checkBlocks(blocks, depth: 0)
    // Equality walks the whole indirect tree: a nesting the cap missed would overflow the stack here.
    check(blocks == blocks)
    return 0
}

/// What the blocks' documentation promises, recursively: the nesting is capped, so this recursion is bounded.
func checkBlocks(_ blocks: [ArticleBlock], depth: Int) {
    check(depth <= BlockBuilder.maxNesting, "blocks nest deeper than the cap")
    for block in blocks {
        switch block {
        case .paragraph(let runs):
            checkRuns(runs)
        case .heading(let level, let runs):
            check((1...6).contains(level), "heading level \(level)")
            checkRuns(runs)
        case .list(_, let items):
            check(!items.isEmpty, "empty list")
            for item in items { checkBlocks(item, depth: depth + 1) }
        case .quote(let quoted):
            check(!quoted.isEmpty, "empty quote")
            checkBlocks(quoted, depth: depth + 1)
        case .code(let code):
            check(!code.isEmpty, "empty code block")
        case .image(let url, let alt, let hints):
            check(ArticleBlocks.isSafe(url), "unsafe image URL \(url)")
            check(alt?.isEmpty != true, "empty alt kept")
            for side in [hints.width, hints.height] {
                if let side { check(side > 2 && side <= PictureHints.largest, "picture side \(side)") }
            }
        case .media(let media):
            // Frames, players and their stills point at web pages only: nothing to run, nothing local.
            check(WebAddress.isWeb(media.link) && WebAddress.isWeb(media.source), "unsafe media \(media.link)")
            if let poster = media.poster { check(WebAddress.isWeb(poster), "unsafe poster \(poster)") }
        case .caption(let runs):
            checkRuns(runs)
        case .rule:
            break
        case .formula(let runs):
            checkRuns(runs)
        case .table(let table):
            check(!table.rows.isEmpty, "empty table")
            if let caption = table.caption { checkRuns(caption) }
            for row in table.rows {
                check(!row.cells.isEmpty && row.width <= ArticleTable.maxColumns, "row of \(row.width) columns")
                for cell in row.cells {
                    check((1...ArticleTable.maxColumns).contains(cell.columns), "cell spans \(cell.columns)")
                    if !cell.runs.isEmpty { checkRuns(cell.runs) }
                }
            }
        }
    }
}

/// A paragraph has text, no run is empty, neighbours differ in style or link (they are merged otherwise), and
/// every link is one the allow-list lets through.
func checkRuns(_ runs: [InlineRun]) {
    check(!runs.isEmpty, "empty paragraph")
    for (index, run) in runs.enumerated() {
        check(!run.text.isEmpty, "empty run")
        if let link = run.link { check(ArticleBlocks.isSafe(link), "unsafe link \(link)") }
        if index > 0 {
            let previous = runs[index - 1]
            check(previous.style != run.style || previous.link != run.link, "unmerged runs")
        }
    }
}
