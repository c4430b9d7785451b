import GoldenImages
import Raster
import Testing
@testable import Text

/// Fonts for tests: the standard Debian set. Each test makes its own library (they are not thread-safe).
func makeTypesetter() throws -> Typesetter {
    Typesetter(library: try FontLibrary(fontSet: .standard()))
}

/// Whether the standard set found a CJK fallback (fonts-wqy-microhei); CJK goldens need it.
let hasCJKFont = FontSet.standard().fallbacks.contains { $0.path.hasSuffix("wqy-microhei.ttc") }

/// Renders paragraphs black on white with an 8 px margin, the surface as tall as the text.
func render(_ paragraphs: [Paragraph], width: Int, typesetter: Typesetter) -> Surface {
    let layout = typesetter.layout(paragraphs, width: Float(width - 16))
    let surface = Surface(width: width, height: Int(layout.height.rounded(.up)) + 16, format: .xrgb8888,
                          fill: .white)
    GlyphCache().draw(layout, into: surface, x: 8, y: 8)
    return surface
}

/// The sample paragraphs' goldens live beside this file, in Goldens/ (GoldenImages says how they are compared).
func expectMatchesGolden(_ surface: Surface, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
    let problem = try compareWithGolden(surface, named: name, in: directory).problem(name)
    #expect(problem == nil, Comment(rawValue: problem ?? ""), sourceLocation: sourceLocation)
}

/// Whether the standard set found Noto Color Emoji (fonts-noto-color-emoji); emoji tests need it.
let hasEmojiFont = FontSet.standard().fallbacks.contains { $0.path.hasSuffix("NotoColorEmoji.ttf") }

/// The standard set without its colour fallback: what a machine without the emoji font draws.
func makeTypesetterWithoutEmoji() throws -> Typesetter {
    var set = FontSet.standard()
    set.fallbacks.removeAll { $0.path.hasSuffix("NotoColorEmoji.ttf") }
    return Typesetter(library: try FontLibrary(fontSet: set))
}
