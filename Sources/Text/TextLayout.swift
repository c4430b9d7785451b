import Raster

/// A glyph placed on the page: which glyph of which font, where its origin sits (baseline, in layout
/// coordinates: x from the box's left edge, y down from its top), and its colour.
public struct PlacedGlyph: Sendable {
    public var glyph: UInt32
    /// Index into `TextLayout.fonts`.
    public var font: UInt16
    public var x: Float
    public var y: Float
    public var color: Color
}

/// One laid-out line.
public struct TextLine: Sendable {
    /// A stretch of one span in one direction, in visual order left to right.
    public struct Run: Sendable {
        public var x: Float
        public var width: Float
        /// Index of the span within its paragraph.
        public var span: Int
        /// Characters (Unicode scalars, counted from the paragraph's start) the run shows.
        public var characters: Range<Int>
        public var isRightToLeft: Bool
        public var link: String?
        /// Pixels the run sits above the line's baseline (negative: below): a raised or lowered run, whose link
        /// underline follows it.
        public var shift: Float = 0
    }

    /// Index of the paragraph among those laid out together.
    public var paragraph: Int
    /// Characters of the paragraph on this line, including the trailing spaces that hang past the edge.
    public var characters: Range<Int>
    public var top: Float
    public var height: Float
    public var baseline: Float
    /// Left edge and width of what is drawn, after alignment.
    public var x: Float
    public var width: Float
    public var glyphs: Range<Int>
    public var runs: [Run]
    /// The line was cut short: it ends in "…", or in a whole sentence (which needs none).
    public var isTruncated: Bool
    /// The line ends at a soft hyphen, drawn as "-".
    public var isHyphenated: Bool
}

/// What a point of a laid-out text falls on.
public struct TextHit: Hashable, Sendable {
    public var paragraph: Int
    public var span: Int
    /// Offset in Unicode scalars from the paragraph's start, of the character nearest the point.
    public var character: Int
    public var link: String?
}

/// Paragraphs laid out in a box of fixed width: lines, placed glyphs, and the fonts they use. Pure data, so it
/// can be measured, hit-tested, kept and drawn many times.
public struct TextLayout: Sendable {
    /// Width of the box the text was set in.
    public internal(set) var width: Float
    /// Height of all lines and paragraph spacing.
    public internal(set) var height: Float = 0
    public internal(set) var lines: [TextLine] = []
    public internal(set) var glyphs: [PlacedGlyph] = []
    /// Fonts referred to by `PlacedGlyph.font`.
    public internal(set) var fonts: [FontReference] = []
    /// Some paragraph lost lines to its `maxLines`.
    public internal(set) var isTruncated = false

    public init(width: Float) { self.width = width }

    /// Width of the widest line.
    public var usedWidth: Float { lines.reduce(0) { max($0, $1.width) } }

    /// The span (and link) under a point in layout coordinates, or nil between lines' boxes or outside runs.
    public func hitTest(x: Float, y: Float) -> TextHit? {
        guard x.isFinite, y.isFinite, let lineIndex = line(at: y) else { return nil }
        let line = lines[lineIndex]
        for run in line.runs where x >= run.x && x < run.x + run.width {
            let fraction = run.width > 0 ? (x - run.x) / run.width : 0
            let forward = run.isRightToLeft ? 1 - fraction : fraction
            let count = run.characters.count
            // The added ellipsis or hyphen shows no characters of its own: it answers with the one before it.
            let offset = count == 0 ? -1 : min(count - 1, max(0, Int(forward * Float(count))))
            return TextHit(paragraph: line.paragraph, span: run.span, character: max(0, run.characters.lowerBound + offset),
                           link: run.link)
        }
        return nil
    }

    /// Index of the line whose box holds `y`, by binary search.
    public func line(at y: Float) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].top + lines[mid].height <= y { low = mid + 1 } else { high = mid }
        }
        guard low < lines.count, lines[low].top <= y else { return nil }
        return low
    }

    /// The first line whose box reaches below `y` (for drawing only what a viewport shows).
    func firstLine(endingBelow y: Float) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].top + lines[mid].height <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// A font held by a layout. Wrapped so the layout stays a `Sendable` value: fonts are only used on the thread
/// that owns the `FontLibrary`.
public struct FontReference: @unchecked Sendable {
    public let font: Font
}
