/// Opens the faces of a `FontSet` on demand and keeps them: one file read per file, one `Font` per
/// (face, size). Not thread-safe; the reader lays out and draws text on one thread.
public final class FontLibrary {
    public let fontSet: FontSet
    private let freeType: FreeTypeLibrary
    private var data: [String: FontData] = [:]
    private var fonts: [FontKey: Font] = [:]
    private var chains: [ChainKey: [Font]] = [:]
    /// Files that failed to open, remembered so a bad path is reported once and then skipped.
    public private(set) var failures: [FontFile: FontError] = [:]

    private struct FontKey: Hashable { var file: FontFile; var size64: Int; var embolden: Bool }
    private struct ChainKey: Hashable { var face: FontSet.Key; var size64: Int }

    /// Fails only when FreeType cannot start or when no face of `fontSet` (main or fallback) can be opened.
    public init(fontSet: FontSet = .standard()) throws {
        self.fontSet = fontSet
        freeType = try FreeTypeLibrary()
        let candidates = Array(fontSet.faces.values) + fontSet.fallbacks
        guard !candidates.isEmpty else { throw FontError("the font set names no font files") }
        if !candidates.contains(where: { (try? font(file: $0, size: 16)) != nil }) {
            throw FontError("none of the configured fonts could be opened (first: \(candidates[0]))")
        }
    }

    /// The face for `file` at `size` pixels per em; `embolden`: thickened if the face is not bold by design.
    public func font(file: FontFile, size: Float, embolden: Bool = false) throws -> Font {
        let key = FontKey(file: file, size64: Self.size64(size), embolden: embolden)
        if let font = fonts[key] { return font }
        if let failure = failures[file] { throw failure }
        do {
            let bytes: FontData
            if let cached = data[file.path] {
                bytes = cached
            } else {
                bytes = try FontData(path: file.path)
                data[file.path] = bytes
            }
            let font = try Font(file: file, data: bytes, size: Float(key.size64) / 64, freeType: freeType,
                                embolden: embolden)
            fonts[key] = font
            return font
        } catch let error as FontError {
            failures[file] = error
            throw error
        }
    }

    /// The face for a style followed by the fallbacks, deduplicated, at `size`; never empty. In a bold chain the
    /// faces not designed bold (the regular fallbacks, a CJK face with no bold) are emboldened, so a bold title
    /// stays bold in every script.
    public func fallbackChain(family: FontFamily, weight: FontWeight, slant: FontSlant, size: Float) -> [Font] {
        let face = FontSet.Key(family: family, weight: weight, slant: slant)
        let key = ChainKey(face: face, size64: Self.size64(size))
        if let chain = chains[key] { return chain }
        var files: [FontFile] = []
        if let main = fontSet.file(family: family, weight: weight, slant: slant) { files.append(main) }
        for f in fontSet.fallbacks where !files.contains(f) { files.append(f) }
        for f in fontSet.faces.values where !files.contains(f) { files.append(f) }
        let chainSize = Float(key.size64) / 64
        let chain = files.compactMap { file -> Font? in
            guard let plain = try? font(file: file, size: chainSize) else { return nil }
            guard weight == .bold, plain.isScalable, !plain.isBold else { return plain }
            return (try? font(file: file, size: chainSize, embolden: true)) ?? plain
        }
        chains[key] = chain
        return chain
    }

    /// Sizes are kept in 1/64 px so 15.999 and 16 share faces; out-of-range sizes are clamped.
    static func size64(_ size: Float) -> Int {
        guard size.isFinite else { return 16 * 64 }
        return Int((min(max(size, 1), 1000) * 64).rounded())
    }
}
