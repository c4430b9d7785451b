import Raster
import Testing
@testable import Text

@Suite struct FontTests {
    @Test func standardSetFindsDejaVuStyles() {
        let set = FontSet.standard()
        #expect(set.file(family: .sans, weight: .regular, slant: .upright)?.path.hasSuffix("DejaVuSans.ttf") == true)
        #expect(set.file(family: .sans, weight: .bold, slant: .italic)?.path.hasSuffix("DejaVuSans-BoldOblique.ttf") == true)
        #expect(set.file(family: .mono, weight: .regular, slant: .upright)?.path.hasSuffix("DejaVuSansMono.ttf") == true)
        #expect(set.fallbacks.first?.path.hasSuffix("DejaVuSans.ttf") == true)
    }

    @Test func missingStylesDegradeToTheFamilyThenSans() {
        var set = FontSet()
        set.set(FontFile(path: "/f/sans.ttf"), family: .sans)
        set.set(FontFile(path: "/f/serif-bold.ttf"), family: .serif, weight: .bold)
        #expect(set.file(family: .serif, weight: .bold, slant: .italic)?.path == "/f/serif-bold.ttf")
        #expect(set.file(family: .serif, weight: .regular, slant: .upright)?.path == "/f/sans.ttf")
        #expect(set.file(family: FontFamily("nope"), weight: .bold, slant: .upright)?.path == "/f/sans.ttf")
        #expect(FontSet().file(family: .sans, weight: .regular, slant: .upright) == nil)
    }

    @Test func standardSetSearchesConfiguredDirectories() {
        let set = FontSet.standard(directories: ["/a", "/b"]) { $0 == "/b/DejaVuSerif.ttf" || $0 == "/a/DejaVuSans.ttf" }
        #expect(set.file(family: .serif, weight: .regular, slant: .upright)?.path == "/b/DejaVuSerif.ttf")
        #expect(set.fallbacks.map(\.path) == ["/a/DejaVuSans.ttf", "/b/DejaVuSerif.ttf"])
    }

    @Test func badFontPathsAreClearErrors() throws {
        #expect(throws: FontError.self) { try FontLibrary(fontSet: FontSet()) }
        var set = FontSet()
        set.set(FontFile(path: "/nonexistent/font.ttf"), family: .sans)
        #expect(throws: FontError.self) { try FontLibrary(fontSet: set) }
        // A broken main face next to a good fallback still works.
        set.fallbacks = FontSet.standard().fallbacks
        let library = try FontLibrary(fontSet: set)
        #expect(library.failures.keys.contains(FontFile(path: "/nonexistent/font.ttf")))
        let chain = library.fallbackChain(family: .sans, weight: .regular, slant: .upright, size: 16)
        #expect(!chain.isEmpty)
    }

    @Test func fontsAreSharedPerFileAndSize() throws {
        let library = try FontLibrary()
        let a = library.fallbackChain(family: .sans, weight: .regular, slant: .upright, size: 16)
        let b = library.fallbackChain(family: .sans, weight: .regular, slant: .upright, size: 16.0001)
        let c = library.fallbackChain(family: .sans, weight: .regular, slant: .upright, size: 24)
        #expect(a[0] === b[0])
        #expect(a[0] !== c[0])
        #expect(c[0].ascent > a[0].ascent && a[0].ascent > 0 && a[0].descent > 0)
        #expect(a[0].hasGlyph(for: 0x41) && !a[0].hasGlyph(for: 0xE000))
    }
}
