import Platform
import Raster
import Text

/// `lectern render --text FILE`: a plain-text article (first line the title, paragraphs separated by blank
/// lines) set as reading pages, one PNG per page.
public struct TextArticlePages {
    static let margin = 48
    /// A comfortable measure: about 70 characters of body text per line.
    static let maxColumn = 760

    public let title: String
    public let paragraphs: [String]

    /// The article in the file at `path`.
    public init(file path: String) throws {
        self.init(text: String(decoding: try AtomicFile.read(path), as: UTF8.self))
    }

    /// Every page as article-1.png, article-2.png… in `writer`'s directory, set in the system's fonts.
    public func render(width: Int, height: Int, into writer: inout SnapshotWriter) throws {
        try render(width: width, height: height, typesetter: Typesetter(library: try FontLibrary())) { page, number in
            try writer.save(page, name: "article-\(number)")
        }
    }

    /// Splits the file's text; an empty file gives an untitled empty article.
    public init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(from: " \t\r")
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        title = lines.first ?? ""
        var paragraphs: [String] = []
        var current: [String] = []
        for line in lines.dropFirst() {
            if line.isEmpty {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        self.paragraphs = paragraphs
    }

    func styledParagraphs() -> [Paragraph] {
        let ink = TitleScreen.ink
        let titleStyle = TextStyle(family: .sans, size: 38, weight: .bold, color: ink)
        let body = TextStyle(family: .serif, size: 21, color: ink)
        var result = [Paragraph(title, style: titleStyle,
                                paragraphStyle: ParagraphStyle(lineHeight: 1.2, spacingAfter: 28))]
        for text in paragraphs {
            result.append(Paragraph(text, style: body,
                                    paragraphStyle: ParagraphStyle(alignment: .justified, lineHeight: 1.5,
                                                                   spacingAfter: 16)))
        }
        return result
    }

    /// Draws every page at `width`x`height` and hands each to `save`, numbered from 1.
    public func render(width: Int, height: Int, typesetter: Typesetter, save: (Surface, Int) throws -> Void) rethrows {
        let column = max(100, min(Self.maxColumn, width - 2 * Self.margin))
        let left = (width - column) / 2
        let layout = typesetter.layout(styledParagraphs(), width: Float(column))
        let cache = GlyphCache()
        let bodyHeight = max(1, height - 2 * Self.margin)
        // Pages end at line boundaries: a page holds the lines whose boxes fit below its first line's top.
        var pageTops: [Float] = [0]
        for line in layout.lines where line.top + line.height - pageTops[pageTops.count - 1] > Float(bodyHeight) {
            pageTops.append(line.top)
        }
        for (index, top) in pageTops.enumerated() {
            let surface = Surface(width: width, height: height, fill: TitleScreen.paper)
            let bottom = index + 1 < pageTops.count ? pageTops[index + 1] : layout.height
            let clip = PixelRect(x: 0, y: Self.margin, width: width, height: Int((bottom - top).rounded(.up)) + 1)
            cache.draw(layout, into: surface, x: Float(left), y: Self.margin - Int(top), clip: clip)
            let footer = typesetter.layout(Paragraph("\(index + 1) / \(pageTops.count)",
                                                     style: TextStyle(size: 14, color: Color(red: 0.5, green: 0.5, blue: 0.5)),
                                                     paragraphStyle: ParagraphStyle(alignment: .center)),
                                           width: Float(width))
            cache.draw(footer, into: surface, x: 0, y: height - Self.margin / 2 - 10)
            try save(surface, index + 1)
        }
    }
}
