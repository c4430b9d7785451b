import Raster

/// Rendered glyphs kept for reuse, least recently used dropped first once `byteLimit` is exceeded. Glyphs are
/// rendered at `subpixelSteps` horizontal offsets so text placed at fractional x keeps its spacing.
/// Holds the fonts it has drawn from, so cached glyphs never outlive their face. One thread at a time.
public final class GlyphCache {
    public static let subpixelSteps = 4
    public let byteLimit: Int
    public let hinting: Hinting

    /// The entries live in a value that one draw reaches as a single access: a class's stored arrays touched
    /// glyph by glyph would pay a dynamic exclusivity check each time, and Text keeps its checks on (it lays
    /// out untrusted article text).
    private var table: GlyphTable
    private var fonts: [Font] = []
    private var fontSlots: [ObjectIdentifier: Int] = [:]

    public init(byteLimit: Int = 8 << 20, hinting: Hinting = .light) {
        self.byteLimit = max(byteLimit, 4096)
        self.hinting = hinting
        table = GlyphTable(byteLimit: self.byteLimit)
    }

    /// Bytes of coverage held (plus a small fixed cost per entry).
    public var byteCount: Int { table.byteCount }
    public var hits: Int { table.hits }
    public var misses: Int { table.misses }
    public var count: Int { table.count }

    /// Share of lookups served from the cache since the last reset (1 when nothing was looked up).
    public var hitRate: Double { hits + misses == 0 ? 1 : Double(hits) / Double(hits + misses) }

    public func resetStatistics() {
        table.hits = 0
        table.misses = 0
    }

    /// Draws `layout` with its top-left corner at (x, y) on `surface`, its colours seen through `opacity`
    /// (text fading with the sheet it is on). Only lines that can reach the clip (or the surface) are visited,
    /// so drawing the visible part of a long article costs what is visible.
    public func draw(_ layout: TextLayout, into surface: Surface, x: Float, y: Int, clip: PixelRect? = nil,
                     opacity: Double = 1) {
        let area = clip.map { $0.intersection(surface.bounds) } ?? surface.bounds
        guard !area.isEmpty, !layout.lines.isEmpty, x.isFinite, opacity > 0 else { return }
        // Per font of the layout: its slot here, shifted into key position, and whether it takes sub-pixel steps.
        var keyOfFont = [UInt64](repeating: 0, count: layout.fonts.count)
        var stepMask = [Int](repeating: 0, count: layout.fonts.count)
        for (i, ref) in layout.fonts.enumerated() {
            keyOfFont[i] = UInt64(fontSlot(ref.font)) << 40
            stepMask[i] = ref.font.isScalable ? Self.subpixelSteps - 1 : 0
        }
        table.draw(layout, into: surface, x: x, y: y, area: area, keyOfFont: keyOfFont, stepMask: stepMask,
                   hinting: hinting, opacity: opacity)
    }

    private func fontSlot(_ font: Font) -> Int {
        let id = ObjectIdentifier(font)
        if let slot = fontSlots[id] { return slot }
        fonts.append(font)
        fontSlots[id] = fonts.count - 1
        return fonts.count - 1
    }
}

/// The cache's entries: a dictionary from glyph key to slot, and the slots as a doubly linked list from the
/// most recently used to the least.
private struct GlyphTable {
    struct Entry {
        var key: UInt64
        /// Keep the mask or colour image alive; drawing reads `mask` and `color` without reference counting.
        var owner: AlphaMask?
        var mask: Unmanaged<AlphaMask>?
        var colorOwner: Surface?
        var color: Unmanaged<Surface>?
        var left: Int32
        var top: Int32
        var bytes: Int
        var newer: Int32
        var older: Int32
    }

    static let entryOverhead = 64
    let byteLimit: Int
    var byteCount = 0
    var hits = 0
    var misses = 0
    private var slots: [UInt64: Int32] = [:]
    private var entries: [Entry] = []
    private var free: [Int32] = []
    private var newest: Int32 = -1
    private var oldest: Int32 = -1

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    var count: Int { slots.count }

    mutating func draw(_ layout: TextLayout, into surface: Surface, x: Float, y: Int, area: PixelRect,
                       keyOfFont: [UInt64], stepMask: [Int], hinting: Hinting, opacity: Double) {
        let visibleTop = Float(area.minY - y), visibleBottom = Float(area.maxY - y)
        let steps = Float(GlyphCache.subpixelSteps)
        var lineIndex = layout.firstLine(endingBelow: visibleTop - 256)
        layout.glyphs.withUnsafeBufferPointer { glyphs in
            while lineIndex < layout.lines.count {
                let line = layout.lines[lineIndex]
                lineIndex += 1
                if line.top - line.height > visibleBottom { break }
                if line.top + 2 * line.height < visibleTop { continue }
                for g in line.glyphs {
                    let glyph = glyphs[g]
                    let f = Int(glyph.font)
                    let q = Int(((x + glyph.x) * steps).rounded(.down))
                    let step = q & stepMask[f]
                    let key = keyOfFont[f] | UInt64(step) << 32 | UInt64(glyph.glyph)
                    let slot: Int32
                    if let cached = slots[key] {
                        hits &+= 1
                        slot = cached
                    } else {
                        misses &+= 1
                        guard let image = layout.fonts[f].font.rasterize(
                            glyph: glyph.glyph, subpixel: step, steps: GlyphCache.subpixelSteps, hinting: hinting)
                        else { continue }
                        slot = insert(key: key, image: image)
                    }
                    if slot != newest { touch(slot) }
                    // Field by field: copying the whole entry would retain and release its mask.
                    let left = Int(entries[Int(slot)].left), top = Int(entries[Int(slot)].top)
                    // Bitmap faces (no sub-pixel steps) round to the nearest pixel instead of the step below.
                    let px = (stepMask[f] == 0 ? (q + 2) >> 2 : q >> 2) + left
                    let py = y + Int(glyph.y.rounded()) - top
                    if let mask = entries[Int(slot)].mask {
                        let color = opacity < 1 ? glyph.color.faded(by: opacity) : glyph.color
                        mask._withUnsafeGuaranteedRef {
                            surface.draw($0, atX: px, y: py, color: color, clip: area)
                        }
                    } else if let image = entries[Int(slot)].color {
                        // A colour glyph keeps its own colours; the text colour's alpha and the opacity fade it.
                        let alpha = UInt8((Double(glyph.color.alpha) * min(opacity, 1)).rounded())
                        image._withUnsafeGuaranteedRef {
                            surface.composite($0, atX: px, y: py, alpha: alpha, clip: area)
                        }
                    }
                }
            }
        }
    }

    private mutating func insert(key: UInt64, image: GlyphImage) -> Int32 {
        let bytes = (image.mask?.byteCount ?? 0) + (image.color.map { $0.width * $0.height * 4 } ?? 0)
            + Self.entryOverhead
        let entry = Entry(key: key, owner: image.mask, mask: image.mask.map { Unmanaged.passUnretained($0) },
                          colorOwner: image.color, color: image.color.map { Unmanaged.passUnretained($0) },
                          left: Int32(image.left), top: Int32(image.top), bytes: bytes, newer: -1, older: newest)
        let slot: Int32
        if let reused = free.popLast() {
            slot = reused
            entries[Int(slot)] = entry
        } else {
            slot = Int32(entries.count)
            entries.append(entry)
        }
        if newest >= 0 { entries[Int(newest)].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
        slots[key] = slot
        byteCount += bytes
        while byteCount > byteLimit && oldest != slot { evictOldest() }
        return slot
    }

    @inline(__always)
    private mutating func touch(_ slot: Int32) {
        let older = entries[Int(slot)].older, newer = entries[Int(slot)].newer
        // Unlink…
        if older >= 0 { entries[Int(older)].newer = newer } else { oldest = newer }
        entries[Int(newer)].older = older
        // …and put in front.
        entries[Int(slot)].older = newest
        entries[Int(slot)].newer = -1
        entries[Int(newest)].newer = slot
        newest = slot
    }

    private mutating func evictOldest() {
        let slot = oldest
        let e = entries[Int(slot)]
        oldest = e.newer
        if oldest >= 0 { entries[Int(oldest)].older = -1 } else { newest = -1 }
        slots[e.key] = nil
        byteCount -= e.bytes
        entries[Int(slot)].owner = nil
        entries[Int(slot)].mask = nil
        entries[Int(slot)].colorOwner = nil
        entries[Int(slot)].color = nil
        free.append(slot)
    }
}
