import CHarfBuzz

/// How a character behaves in bidirectional text (a reduced form of UAX #9's classes).
enum BidiClass: UInt8 {
    /// Strong left-to-right: Latin, Greek, CJK…
    case left
    /// Strong right-to-left: Hebrew, Arabic…
    case right
    /// Digits, which read left-to-right even inside right-to-left text.
    case number
    /// Spaces and punctuation: take the direction around them.
    case neutral
    /// Combining marks: take the class of the character they sit on.
    case mark
}

/// Properties of Unicode scalars the typesetter needs, read from HarfBuzz's Unicode tables.
struct CharacterClass {
    let unicode: OpaquePointer

    init() { unicode = hb_unicode_funcs_get_default() }

    @inline(__always)
    func script(_ c: UInt32) -> hb_script_t {
        if c < 128 {
            let lower = c | 0x20
            return lower >= 0x61 && lower <= 0x7A ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        }
        return hb_unicode_script(unicode, c)
    }

    @inline(__always)
    func bidiClass(_ c: UInt32, script: hb_script_t) -> BidiClass {
        if c >= 0x30 && c <= 0x39 { return .number }
        if c < 128 { return script == HB_SCRIPT_LATIN ? .left : .neutral }
        if (0x0660...0x0669).contains(c) || (0x06F0...0x06F9).contains(c) { return .number }
        // The invisible direction marks are strong: LRM, RLM and the Arabic letter mark.
        if c == 0x200E { return .left }
        if c == 0x200F || c == 0x061C { return .right }
        if script == HB_SCRIPT_INHERITED { return .mark }
        if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_UNKNOWN { return .neutral }
        return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? .right : .left
    }

    /// Whether `c` is a spacing mark or other character that must stay with the one before it.
    @inline(__always)
    func isMark(_ c: UInt32, script: hb_script_t) -> Bool {
        script == HB_SCRIPT_INHERITED || c == 0x200D || (0xFE00...0xFE0F).contains(c)
    }

    // MARK: Line breaking

    /// Spaces a line may end after; they hang past the edge rather than count towards its width.
    @inline(__always)
    static func isSpace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x3000 || c == 0x200B || c == 0x0A || c == 0x2028 || c == 0x2029
    }

    @inline(__always)
    static func isNewline(_ c: UInt32) -> Bool { c == 0x0A || c == 0x2028 || c == 0x2029 }

    static let softHyphen: UInt32 = 0x00AD

    /// Hyphens and dashes a line may end after.
    @inline(__always)
    static func isHyphen(_ c: UInt32) -> Bool {
        c == 0x2D || c == 0x2010 || c == 0x2012 || c == 0x2013 || c == 0x2014
    }

    /// Ideographs, kana and full-width forms: text set without spaces, where a line may end between any two.
    @inline(__always)
    static func isIdeographic(_ c: UInt32) -> Bool {
        if c < 0x2E80 { return false }
        return c <= 0x9FFF || (0xF900...0xFAFF).contains(c) || (0xFF00...0xFFEF).contains(c)
            || (0x20000...0x3FFFF).contains(c)
    }

    /// Closing punctuation and small kana that must not start a line (kinsoku), plus Latin closers.
    static func forbidsBreakBefore(_ c: UInt32) -> Bool {
        switch c {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0xBB, 0x2019, 0x201D, 0x2026,
             0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x30FB, 0x30FC,
             0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
             0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D:
            return true
        default:
            return false
        }
    }

    /// Opening punctuation that must not end a line.
    static func forbidsBreakAfter(_ c: UInt32) -> Bool {
        switch c {
        case 0x28, 0x5B, 0x7B, 0xAB, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014,
             0xFF08, 0xFF3B, 0xFF5B:
            return true
        default:
            return false
        }
    }
}

/// Where a line may end before a character.
enum BreakKind: UInt8 {
    case none
    /// After spaces, hyphens, between ideographs.
    case allowed
    /// At a soft hyphen: a visible hyphen is drawn when the line ends here.
    case hyphenated
    /// After a newline.
    case mandatory
}
