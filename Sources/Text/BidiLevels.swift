/// Bidi embedding levels by a reduced UAX #9: the classes of `BidiClass`, directional isolates (LRI, RLI and
/// FSI up to the matching PDI, nested), digits after Latin read as Latin (W7), neutrals taking the direction
/// around them (N1, N2) and the implicit levels (I1, I2). No embeddings or overrides: LRE…PDF count as neutrals.
///
/// Isolates are how a string of unknown direction (a feed's name) sits inside a line of known direction without
/// pulling the text around it into its own: "العالم اليوم · 3 d · 1 min read" keeps its dots and numbers in
/// the left-to-right line when the name is wrapped in FSI…PDI.
enum BidiLevels {
    static let leftToRightIsolate: UInt32 = 0x2066
    static let rightToLeftIsolate: UInt32 = 0x2067
    static let firstStrongIsolate: UInt32 = 0x2068
    static let popDirectionalIsolate: UInt32 = 0x2069
    /// Deeper isolates are read as neutrals, so hostile text cannot build levels without bound.
    static let maxDepth = 32

    /// Levels for `text`, whose characters' classes are `types` (marks already given their base's class);
    /// `types` is left resolved. The paragraph's level is `base`'s, else its first strong character's outside
    /// isolates (P2, P3), else left to right.
    static func resolve(_ text: [UInt32], types: inout [BidiClass], base: TextDirection?) -> (levels: [UInt8], paragraph: UInt8) {
        let n = text.count
        // For each isolate initiator, the index of its PDI (n when it has none); -1 elsewhere.
        var closing = [Int](repeating: -1, count: n)
        var open: [Int] = []
        var overflow = 0
        for i in 0..<n {
            let c = text[i]
            if c >= leftToRightIsolate && c <= firstStrongIsolate {
                if open.count < maxDepth { open.append(i); closing[i] = n } else { overflow += 1 }
            } else if c == popDirectionalIsolate {
                if overflow > 0 { overflow -= 1 } else if let start = open.popLast() { closing[start] = i }
            }
        }
        for i in 0..<n where closing[i] >= 0 || text[i] == popDirectionalIsolate { types[i] = .neutral }

        func firstStrong(_ range: Range<Int>) -> BidiClass? {
            var i = range.lowerBound
            while i < range.upperBound {
                if closing[i] >= 0 { i = closing[i] + 1; continue }
                if types[i] == .left || types[i] == .right { return types[i] }
                i += 1
            }
            return nil
        }

        let paragraphDirection: BidiClass
        switch base {
        case .leftToRight?: paragraphDirection = .left
        case .rightToLeft?: paragraphDirection = .right
        case nil: paragraphDirection = firstStrong(0..<n) ?? .left
        }
        let paragraph: UInt8 = paragraphDirection == .right ? 1 : 0
        var levels = [UInt8](repeating: paragraph, count: n)
        // Isolating run sequences still to resolve: a range of text and its level.
        var pending: [(range: Range<Int>, level: UInt8)] = [(0..<n, paragraph)]
        var sequence: [Int] = []
        while let (range, level) = pending.popLast() {
            sequence.removeAll(keepingCapacity: true)
            var i = range.lowerBound
            while i < range.upperBound {
                sequence.append(i)
                let end = closing[i]
                guard end >= 0 else { i += 1; continue }
                // An isolate: its content is a sequence of its own one or two levels up, and the initiator and
                // its PDI are neutrals of this one.
                let inner = (i + 1)..<min(end, range.upperBound)
                let direction: BidiClass
                switch text[i] {
                case leftToRightIsolate: direction = .left
                case rightToLeftIsolate: direction = .right
                default: direction = firstStrong(inner) ?? .left
                }
                let up: UInt8 = direction == .right ? (level & 1 == 1 ? level + 2 : level + 1)
                    : (level & 1 == 1 ? level + 1 : level + 2)
                if !inner.isEmpty { pending.append((inner, up)) }
                if end < range.upperBound { sequence.append(end) }
                i = end + 1
            }
            resolveSequence(sequence, level: level, types: &types, levels: &levels)
        }
        return (levels, paragraph)
    }

    /// W7, N1–N2 and I1–I2 over one isolating run sequence (indices in text order) at `level`.
    private static func resolveSequence(_ sequence: [Int], level: UInt8, types: inout [BidiClass], levels: inout [UInt8]) {
        let embedding: BidiClass = level & 1 == 1 ? .right : .left
        // Digits after Latin read as Latin (W7).
        var lastStrong = embedding
        for i in sequence {
            switch types[i] {
            case .left, .right: lastStrong = types[i]
            case .number where lastStrong == .left: types[i] = .left
            default: break
            }
        }
        // Neutrals take the direction on both sides when it agrees, else the embedding's (N1, N2).
        func strong(_ t: BidiClass) -> BidiClass { t == .number ? .right : t }
        let n = sequence.count
        var k = 0
        while k < n {
            guard types[sequence[k]] == .neutral || types[sequence[k]] == .mark else { k += 1; continue }
            var j = k
            while j < n && (types[sequence[j]] == .neutral || types[sequence[j]] == .mark) { j += 1 }
            let before = k > 0 ? strong(types[sequence[k - 1]]) : embedding
            let after = j < n ? strong(types[sequence[j]]) : embedding
            let resolved = before == after ? before : embedding
            for m in k..<j { types[sequence[m]] = resolved }
            k = j
        }
        // Implicit levels (I1, I2).
        let odd = level & 1 == 1
        for i in sequence {
            switch types[i] {
            case .right: levels[i] = odd ? level : level + 1
            case .number: levels[i] = odd ? level + 1 : level + 2
            case .left: levels[i] = odd ? level + 1 : level
            default: levels[i] = level
            }
        }
    }
}
