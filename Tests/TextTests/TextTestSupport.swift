#if canImport(Glibc)
import Glibc
#endif
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

/// Golden images live beside this file, in Goldens/. A missing golden is written and the test fails, so a new
/// picture is looked at before it is committed; LECTERN_UPDATE_GOLDENS=1 rewrites them all (and passes). Comparison tolerance: a pixel differs when a channel is
/// off by more than 4, and up to 0.1 % of pixels may differ (FreeType builds round a few edge pixels
/// differently); sizes must match exactly.
func expectMatchesGolden(_ surface: Surface, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
    let path = "\(directory)/\(name).png"
    let encoded = try PNGCodec.encode(surface)
    let update = getenv("LECTERN_UPDATE_GOLDENS").map { String(cString: $0) == "1" } ?? false
    guard !update, let stored = readFile(path) else {
        try writeFile(path, encoded)
        if !update {
            Issue.record("\(name): no golden yet; wrote \(path) — look at it, then commit it", sourceLocation: sourceLocation)
        }
        return
    }
    let golden = try PNGCodec.decode(stored)
    let differing = try #require(surface.differingPixels(from: golden, tolerance: 4),
                                 "\(name): size \(surface.width)x\(surface.height) differs from golden \(golden.width)x\(golden.height)",
                                 sourceLocation: sourceLocation)
    let allowed = surface.width * surface.height / 1000
    if differing > allowed { try? writeFile("\(directory)/\(name).actual.png", encoded) }
    #expect(differing <= allowed, "\(name): \(differing) pixels differ from the golden (allowed \(allowed))",
            sourceLocation: sourceLocation)
}

func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    guard let f = fopen(path, "wb") else { throw FontError("cannot write \(path)") }
    defer { fclose(f) }
    guard fwrite(bytes, 1, bytes.count, f) == bytes.count else { throw FontError("short write to \(path)") }
}
