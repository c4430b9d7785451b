/// Sets a formula read by `MathReader` as styled text a reader can follow on a line: identifiers italic, numbers
/// and operators upright, exponents and indices raised and lowered (`msup`, `msub`, limits of sums), fractions as
/// `a/b` with parentheses where the parts are compound, roots as `√`. A formula is never dropped: when the tree
/// holds what text cannot show (a matrix, prescripts, elements MathML does not define) or was cut short, its TeX
/// annotation is set instead (as code: it is source, for a reader who knows it), and failing that whatever text
/// its tokens and `alttext` hold. MathML text comes first because it reads as mathematics, where TeX reads as
/// markup.
struct MathText {
    private let nodes: [MathReader.Node]
    private var runs: [InlineRun] = []
    /// Whether what was written last is an operand, so a following `-` is binary, and a leading one unary.
    private var afterOperand = false
    /// Whether what was written last is a name (sin, log): a space parts it from the operand after it.
    private var afterName = false
    private var isComplex = false

    static func runs(of reader: MathReader) -> [InlineRun] {
        var text = MathText(nodes: reader.nodes)
        text.write(0, position: [], depth: 0)
        let tex = text.tex(0, depth: 0)
        if (text.isComplex || reader.isCut || !text.hasInk), let tex, !tex.isEmpty {
            return [InlineRun(tex, style: [.math, .code])]
        }
        if text.hasInk { return text.runs.trimmingSpaces() }
        var plain = MathText(nodes: reader.nodes)
        plain.writeAllText(0, depth: 0)
        if plain.hasInk { return plain.runs.trimmingSpaces() }
        let alt = HTMLText.collapsingWhitespace(reader.altText ?? "")
        return alt.isEmpty ? [] : [InlineRun(alt, style: [.math])]
    }

    private init(nodes: [MathReader.Node]) { self.nodes = nodes }

    private var hasInk: Bool { runs.contains { $0.text.contains { $0 != " " } } }

    // MARK: Writing

    private mutating func add(_ text: String, _ style: InlineStyle) {
        guard !text.isEmpty else { return }
        var text = text
        // One space between parts, never two: an operator's space after a comma's.
        if text.hasPrefix(" "), runs.last?.text.hasSuffix(" ") ?? true { text.removeFirst() }
        guard !text.isEmpty else { return }
        afterName = false
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += text
        } else {
            runs.append(InlineRun(text, style: style))
        }
    }

    /// Formula text raised or lowered by `position`; an identifier italic.
    private func style(_ position: InlineStyle, italic: Bool = false) -> InlineStyle {
        var style = InlineStyle.math.union(position)
        if italic { style.insert(.emphasis) }
        return style
    }

    /// The text of a token element: its text nodes, whitespace collapsed.
    private func tokenText(_ index: Int) -> String {
        var text = ""
        var stack = [index]
        var steps = 0
        while let next = stack.popLast(), steps < MathReader.maxNodes {
            steps += 1
            let node = nodes[next]
            if node.name == "#text" || node.name == "mglyph" { text += node.text }
            stack.append(contentsOf: node.children.reversed())
        }
        return HTMLText.collapsingWhitespace(text)
    }

    /// Element children, text nodes of only whitespace left out.
    private func children(_ index: Int) -> [Int] {
        nodes[index].children.filter { nodes[$0].name != "#text" || nodes[$0].text.contains { !$0.isWhitespace } }
    }

    private mutating func write(_ index: Int, position: InlineStyle, depth: Int) {
        guard depth <= MathReader.maxDepth + 2 else { return }
        let node = nodes[index]
        let inner = depth + 1
        switch node.name {
        case "#text":
            add(HTMLText.collapsingWhitespace(node.text), style(position))
            afterOperand = true
        case "mi":
            let text = tokenText(index)
            // A single letter is a variable, set italic; a name (sin, log) stays upright, as does `normal`.
            let italic = text.unicodeScalars.count == 1 && text.first?.isLetter == true && node.attribute != "normal"
            let name = text.unicodeScalars.count > 1
            if (afterOperand && name) || afterName { add(" ", style(position)) }
            add(text, style(position, italic: italic))
            afterOperand = true
            afterName = name
        case "mn", "mtext", "ms", "mglyph":
            let text = tokenText(index)
            if afterName { add(" ", style(position)) }
            add(node.name == "ms" ? "\"\(text)\"" : text, style(position))
            afterOperand = true
        case "mo":
            let text = tokenText(index)
            // Function application and invisible times or commas show nothing, and change nothing.
            if text.unicodeScalars.allSatisfy({ (0x2061...0x2064).contains($0.value) }) && !text.isEmpty { return }
            writeOperator(text, position: position)
        case "mspace":
            add(" ", style(position))
        case "mphantom", "annotation", "annotation-xml", "none", "mprescripts":
            break
        case "semantics", "maction":
            // The first child is what is shown; the rest are annotations or alternatives.
            if let first = children(index).first { write(first, position: position, depth: inner) }
        case "msup", "msub", "msubsup", "munder", "mover", "munderover":
            writeScripts(index, position: position, depth: inner)
        case "mfrac":
            let parts = children(index)
            guard parts.count == 2 else { return writeChildren(index, position: position, depth: inner) }
            writeGrouped(parts[0], position: position, depth: inner)
            add("/", style(position))
            afterOperand = false
            writeGrouped(parts[1], position: position, depth: inner)
        case "msqrt":
            add("√", style(position))
            afterOperand = false
            writeGroupedChildren(index, position: position, depth: inner)
        case "mroot":
            let parts = children(index)
            guard parts.count == 2 else { return writeChildren(index, position: position, depth: inner) }
            writeScript(parts[1], raised: true, position: position, depth: inner)
            add("√", style(position))
            afterOperand = false
            writeGrouped(parts[0], position: position, depth: inner)
        case "mfenced":
            let fences = (node.attribute ?? "(|)").split(separator: "|", omittingEmptySubsequences: false)
            add(String(fences.first ?? "("), style(position))
            afterOperand = false
            for (number, child) in children(index).enumerated() {
                if number > 0 { add(", ", style(position)) }
                write(child, position: position, depth: inner)
            }
            add(String(fences.count > 1 ? fences[1] : ")"), style(position))
            afterOperand = true
        case "mtable", "mtr", "mlabeledtr", "mtd", "mmultiscripts":
            // Text cannot show a matrix or prescripts: the TeX, when there is some, reads better.
            isComplex = true
            let separator = node.name == "mtable" ? "; " : node.name == "mtd" ? "" : ", "
            for (number, child) in children(index).enumerated() {
                if number > 0 && !separator.isEmpty { add(separator, style(position)) }
                write(child, position: position, depth: inner)
            }
        case "math", "mrow", "mstyle", "mpadded", "menclose", "merror":
            writeChildren(index, position: position, depth: inner)
        default:
            isComplex = true
            writeChildren(index, position: position, depth: inner)
        }
    }

    private mutating func writeChildren(_ index: Int, position: InlineStyle, depth: Int) {
        afterOperand = false
        for child in children(index) { write(child, position: position, depth: depth) }
    }

    /// Binary and relational operators get a space either side on the line (not inside a script, where space
    /// is short); a comma or semicolon one after; a minus with nothing before it is a sign and gets none.
    private mutating func writeOperator(_ text: String, position: InlineStyle) {
        let style = self.style(position)
        if !position.isEmpty || text.isEmpty {
            add(text, style)
        } else if text == "," || text == ";" {
            add(text + " ", style)
        } else if Self.spaced.contains(text) && (afterOperand || !Self.signs.contains(text)) {
            add(" " + text + " ", style)
        } else {
            add(text, style)
        }
        // A closing bracket ends an operand; any other operator waits for one.
        afterOperand = Self.closing.contains(text)
    }

    private static let spaced: Set<String> = [
        "=", "+", "-", "−", "±", "∓", "×", "·", "⋅", "÷", "<", ">", "≤", "≥", "≠", "≈", "≡", "∼", "≅", "∝", "→", "←",
        "↔", "⇒", "⇐", "⇔", "↦", "∈", "∉", "⊂", "⊆", "⊃", "⊇", "∪", "∩", "∧", "∨", ":=", "≔", "≪", "≫", "|", "∣",
    ]
    private static let signs: Set<String> = ["-", "−", "+", "±", "∓"]
    private static let closing: Set<String> = [")", "]", "}", "⟩", "|", "‖", "!", "′", "″"]

    /// Combining marks for accents over a single letter (x̄, â, ẋ, v⃗).
    private static let accents: [String: Unicode.Scalar] = [
        "¯": "\u{304}", "‾": "\u{305}", "^": "\u{302}", "ˆ": "\u{302}", "~": "\u{303}", "˜": "\u{303}",
        "˙": "\u{307}", "¨": "\u{308}", "→": "\u{20D7}", "⃗": "\u{20D7}", "ˇ": "\u{30C}", "´": "\u{301}",
    ]

    /// A base with its scripts: sub- and superscripts beside it, limits of a sum beside it as indices, an accent
    /// over one letter as a combining mark.
    private mutating func writeScripts(_ index: Int, position: InlineStyle, depth: Int) {
        let name = nodes[index].name
        let parts = children(index)
        guard let base = parts.first else { return }
        if name == "mover", parts.count == 2, nodes[parts[1]].name == "mo",
           let mark = Self.accents[tokenText(parts[1])], nodes[base].name == "mi" || nodes[base].name == "mn" {
            let letter = tokenText(base)
            if letter.unicodeScalars.count == 1 {
                var accented = letter
                accented.unicodeScalars.append(mark)
                let italic = nodes[base].name == "mi" && nodes[base].attribute != "normal"
                add(accented, style(position, italic: italic))
                afterOperand = true
                return
            }
        }
        write(base, position: position, depth: depth)
        afterOperand = false
        let lowered: Int?, raised: Int?
        switch name {
        case "msub", "munder": (lowered, raised) = (parts.count > 1 ? parts[1] : nil, nil)
        case "msup", "mover": (lowered, raised) = (nil, parts.count > 1 ? parts[1] : nil)
        default: (lowered, raised) = (parts.count > 1 ? parts[1] : nil, parts.count > 2 ? parts[2] : nil)
        }
        if let lowered { writeScript(lowered, raised: false, position: position, depth: depth) }
        if let raised { writeScript(raised, raised: true, position: position, depth: depth) }
        afterOperand = true
    }

    /// A script raised or lowered; inside one already (a tower such as 2^(2^n)) text cannot shift twice, so the
    /// inner script is written `^x` or `_x` at the same height, grouped when compound.
    private mutating func writeScript(_ index: Int, raised: Bool, position: InlineStyle, depth: Int) {
        if position.isEmpty {
            write(index, position: raised ? .superscript : .subscript, depth: depth)
        } else {
            add(raised ? "^" : "_", style(position))
            writeGrouped(index, position: position, depth: depth)
        }
    }

    /// `index` in parentheses unless it is one token (or a single script of one): `(a+b)/2`, `x/2`.
    private mutating func writeGrouped(_ index: Int, position: InlineStyle, depth: Int) {
        let atomic = isAtomic(index)
        if !atomic { add("(", style(position)) }
        write(index, position: position, depth: depth)
        if !atomic { add(")", style(position)) }
        afterOperand = true
    }

    private mutating func writeGroupedChildren(_ index: Int, position: InlineStyle, depth: Int) {
        let parts = children(index)
        let atomic = parts.count == 1 && isAtomic(parts[0])
        if !atomic { add("(", style(position)) }
        writeChildren(index, position: position, depth: depth)
        if !atomic { add(")", style(position)) }
        afterOperand = true
    }

    private func isAtomic(_ index: Int, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        let node = nodes[index]
        switch node.name {
        case "mi", "mn", "mtext", "ms", "#text": return !tokenText(index).contains(" ")
        case "mrow", "mstyle", "semantics", "mpadded":
            let parts = children(index)
            return parts.count == 1 && isAtomic(parts[0], depth: depth + 1)
        case "msup", "msub", "msubsup", "msqrt", "mfenced": return true
        default: return false
        }
    }

    /// Every text node of the tree in order, annotations left out: the last resort for a formula that sets as
    /// nothing (an unknown vocabulary).
    private mutating func writeAllText(_ index: Int, depth: Int) {
        guard depth <= MathReader.maxDepth + 2 else { return }
        let node = nodes[index]
        if node.name == "annotation" || node.name == "annotation-xml" { return }
        if node.name == "#text" {
            add(" " + HTMLText.collapsingWhitespace(node.text), [.math])
            return
        }
        for child in node.children { writeAllText(child, depth: depth + 1) }
    }

    /// The TeX annotation anywhere in the tree (MathJax and KaTeX put it in `semantics`), whitespace collapsed.
    private func tex(_ index: Int, depth: Int) -> String? {
        guard depth <= MathReader.maxDepth + 2 else { return nil }
        let node = nodes[index]
        if node.name == "annotation", let encoding = node.attribute?.lowercased(), encoding.contains("tex") {
            return tokenText(index)
        }
        for child in node.children where nodes[child].name != "#text" {
            if let found = tex(child, depth: depth + 1) { return found }
        }
        return nil
    }
}
