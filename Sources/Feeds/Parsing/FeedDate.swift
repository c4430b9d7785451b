/// Dates as feeds write them, to UTC. Two families cover nearly all of them (feedparser's experience):
/// ISO 8601 / RFC 3339 / W3C-DTF (`2024-03-01T10:20:30.5+01:00`, `2024-03-01 10:20`, `2024-03`, `20240301`) and
/// RFC 822 with its real-world drift (two-digit years, no seconds, no day name or a wrong or foreign one, day
/// and month swapped, named US zones, `GMT+1`, extra commas). A date without a zone is UTC; without a time,
/// midnight. Anything unparseable or impossible (30 February, 25 o'clock) is nil: a wrong date would sort an
/// old article to the top, a missing one does not.
enum FeedDate {
    static func parse(_ text: String) -> Timestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 128 else { return nil }
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        let trimmed = Array(bytes[start..<end])
        if trimmed.count >= 4, trimmed[0..<4].allSatisfy(isDigit) {
            if let stamp = iso8601(trimmed) { return stamp }
        }
        if let stamp = commonRFC822(trimmed) { return stamp }
        return rfc822(String(decoding: trimmed, as: UTF8.self))
    }

    /// The form nearly every RSS date takes, `Tue, 24 Nov 2026 09:05:00 +0000` (the day name optional, a one- or
    /// two-digit day, seconds optional, an English month, a ±hhmm or named zone), read straight from the bytes.
    /// Anything else, or anything odd in it, goes the general way: this only saves the tokenizing.
    static func commonRFC822(_ b: [UInt8]) -> Timestamp? {
        var i = 0
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var value = 0
            for byte in b[i..<(i + digits)] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            i += digits
            return value
        }
        func accept(_ byte: UInt8) -> Bool {
            guard i < b.count, b[i] == byte else { return false }
            i += 1
            return true
        }
        if b.count > 5, isLetter(b[0]), isLetter(b[1]), isLetter(b[2]), b[3] == UInt8(ascii: ","), b[4] == 0x20 { i = 5 }
        let dayDigits = i + 1 < b.count && isDigit(b[i + 1]) ? 2 : 1
        guard let day = number(dayDigits), accept(0x20), i + 4 <= b.count, b[i + 3] == 0x20,
              let month = englishMonths.firstIndex(of: [b[i] | 0x20, b[i + 1] | 0x20, b[i + 2] | 0x20]) else { return nil }
        i += 4
        guard let year = number(4), accept(0x20), let hour = number(2), accept(UInt8(ascii: ":")),
              let minute = number(2) else { return nil }
        var second = 0
        if accept(UInt8(ascii: ":")) {
            guard let seconds = number(2) else { return nil }
            second = seconds
        }
        guard accept(0x20), i < b.count else { return nil }
        let offset: Int
        if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard b.count - i == 4, let hours = number(2), let minutes = number(2), hours <= 23, minutes <= 59 else {
                return nil
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            guard b.count - i <= 4, b[i...].allSatisfy(isLetter),
                  let hours = zoneNames[String(decoding: b[i...].map { $0 | 0x20 }, as: UTF8.self)] else { return nil }
            offset = hours * 3600
        }
        return stamp(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    private static let englishMonths: [[UInt8]] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                                   "nov", "dec"].map { Array($0.utf8) }

    // MARK: ISO 8601

    static func iso8601(_ b: [UInt8]) -> Timestamp? {
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count, b[i..<(i + digits)].allSatisfy(isDigit) else { return nil }
            var value = 0
            for byte in b[i..<(i + digits)] { value = value * 10 + Int(byte - 48) }
            i += digits
            return value
        }
        func accept(_ c: Character) -> Bool {
            if i < b.count, b[i] == UInt8(ascii: c.unicodeScalars.first!) { i += 1; return true }
            return false
        }
        guard let year = number(4) else { return nil }
        var month = 1, day = 1
        if accept("-") || accept("/") {
            guard let m = number(2) ?? number(1) else { return nil }
            month = m
            if accept("-") || accept("/") {
                guard let d = number(2) ?? number(1) else { return nil }
                day = d
            }
        } else if let m = number(2) {
            guard let d = number(2) else { return nil }
            month = m
            day = d
        }
        var hour = 0, minute = 0, second = 0, offset = 0
        if i < b.count {
            guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ") else { return nil }
            while i < b.count, b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") { i += 1 }
            guard let h = number(2) else { return nil }
            hour = h
            let colons = accept(":")
            guard let m = number(2) else { return nil }
            minute = m
            if colons ? accept(":") : (i < b.count && isDigit(b[i])) {
                guard let s = number(2) else { return nil }
                second = s
                if accept(".") || accept(",") {
                    guard i < b.count, isDigit(b[i]) else { return nil }
                    while i < b.count, isDigit(b[i]) { i += 1 }
                }
            }
            while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
            if i < b.count {
                guard let zone = zoneOffset(String(decoding: b[i...], as: UTF8.self).lowercased()) else { return nil }
                offset = zone
            }
        }
        return stamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    // MARK: RFC 822 and its relatives

    static func rfc822(_ text: String) -> Timestamp? {
        var tokens: [Substring] = []
        for raw in text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            if raw.hasPrefix("(") { continue }  // a comment: `+0000 (UTC)`
            // `01-Jan-2004`, `01.Jan.2004` split into their parts; `-0800` and `GMT-8` stay whole.
            if raw.contains(where: \.isLetter) && raw.contains(where: \.isASCIIDigit) && !raw.contains(":")
                && monthNumber(raw.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "/" }).dropFirst().first ?? "") != nil
            {
                tokens.append(contentsOf: raw.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "/" }))
            } else {
                tokens.append(raw)
            }
        }
        var day: Int?, month: Int?, year: Int?, yearDigits = 0
        var time: (hour: Int, minute: Int, second: Int)?
        var offset: Int?
        var afternoon: Bool?
        for (position, token) in tokens.enumerated() {
            if token.contains(":"), time == nil, let first = token.first, first.isASCIIDigit {
                var clock = token
                var zone: Substring = ""
                if let cut = token.firstIndex(where: { $0 == "+" || $0 == "-" || $0.isLetter }) {
                    clock = token[..<cut]
                    zone = token[cut...]
                }
                guard let parsed = clockTime(clock) else { return nil }
                time = parsed
                if !zone.isEmpty {
                    if zone == "am" || zone == "pm" { afternoon = zone == "pm" } else {
                        guard let z = zoneOffset(String(zone)) else { return nil }
                        offset = z
                    }
                }
            } else if year == nil, month == nil, day == nil, let date = slashedDate(token) {
                (year, month, day, yearDigits) = (date.year, date.month, date.day, 4)
            } else if !token.isEmpty, token.allSatisfy(\.isASCIIDigit) {
                guard token.count <= 4, let value = Int(token) else { return nil }
                if token.count == 4 || (day != nil && year == nil) {
                    guard year == nil else { return nil }
                    year = value
                    yearDigits = token.count
                } else if day == nil {
                    day = value
                } else {
                    return nil
                }
            } else if month == nil, let m = monthNumber(token) {
                month = m
            } else if token == "am" || token == "pm" {
                afternoon = token == "pm"
            } else if let z = zoneOffset(String(token)), time != nil || (day != nil && token.first?.isLetter != true) {
                // A zone name follows the time: `at` in `24 November 2026 at 10:00` is a word, not Atlantic time.
                offset = z
            } else if position == 0 || (position == 1 && month == nil && day == nil) {
                continue  // a day name, in whatever language, right or wrong
            } else if token.allSatisfy({ $0.isLetter || $0 == "." }) {
                continue  // an unknown zone name: feedparser takes it as UTC too
            } else {
                return nil
            }
        }
        guard let day, let month, var year else { return nil }
        if yearDigits <= 2 { year += year < 90 ? 2000 : 1900 } else if yearDigits == 3 { return nil }
        var (hour, minute, second) = time ?? (0, 0, 0)
        if let afternoon {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (afternoon ? 12 : 0)
        }
        return stamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset ?? 0)
    }

    /// Perforce's `2006/09/15` inside an RFC 822 date (`Fri, 2006/09/15 08:19:53 EDT`).
    private static func slashedDate(_ token: Substring) -> (year: Int, month: Int, day: Int)? {
        let parts = token.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return (year, month, day)
    }

    private static func clockTime(_ text: Substring) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var values: [Int] = []
        for (index, part) in parts.enumerated() {
            // Seconds may carry a fraction; it is dropped (feeds are compared to the second).
            let whole = index == 2 ? part.split(separator: ".", maxSplits: 1).first ?? "" : part
            guard !whole.isEmpty, whole.count <= 2, whole.allSatisfy(\.isASCIIDigit), let value = Int(whole) else { return nil }
            values.append(value)
        }
        return (values[0], values[1], values.count == 3 ? values[2] : 0)
    }

    /// Seconds east of UTC for `z`, `+05:30`, `-0800`, `+01`, `gmt+1`, `utc-05:00`, `est`, … (lowercased).
    static func zoneOffset(_ text: String) -> Int? {
        var zone = Substring(text)
        if zone.hasPrefix("etc/") { zone = zone.dropFirst(4) }
        if let named = zoneNames[String(zone)] { return named * 3600 }
        for prefix in ["gmt", "utc", "ut"] where zone.hasPrefix(prefix) {
            zone = zone.dropFirst(prefix.count)
            break
        }
        guard let sign = zone.first, sign == "+" || sign == "-" else { return nil }
        let digits = zone.dropFirst().filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1.asciiValue! - 48) }
        let hours: Int, minutes: Int
        if digits.count <= 2 { (hours, minutes) = (value, 0) } else { (hours, minutes) = (value / 100, value % 100) }
        guard hours <= 23, minutes <= 59 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private static let zoneNames: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "wet": 0, "bst": 1, "cet": 1, "met": 1, "cest": 2, "mest": 2, "eet": 2,
        "eest": 3, "adt": -3, "ast": -4, "at": -4, "edt": -4, "est": -5, "et": -5, "cdt": -5, "cst": -6, "ct": -6,
        "mdt": -6, "mst": -7, "mt": -7, "pdt": -7, "pst": -8, "pt": -8, "akdt": -8, "akst": -9, "hst": -10,
        // RFC 822's military zones that feedparser honours; the others mean nothing reliable (RFC 1123).
        "a": -1, "n": 1, "m": -12, "y": 12,
    ]

    static func monthNumber(_ token: Substring) -> Int? {
        var word = String(token)
        while word.hasSuffix(".") { word.removeLast() }
        if let month = monthNames[word] { return month }
        guard word.count >= 3, word.allSatisfy(\.isLetter) else { return nil }
        return monthNames[String(word.prefix(3))]
    }

    /// English abbreviations (matched on any word's first three letters) and the other spellings seen in
    /// feeds: French, German, Spanish, Italian, Dutch, Portuguese, Greek.
    private static let monthNames: [String: Int] = {
        var names: [String: Int] = [:]
        let lists: [[String]] = [
            ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
            ["janv", "févr", "mars", "avr", "mai", "juin", "juil", "août", "sept", "oct", "nov", "déc"],
            ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
            ["jan", "feb", "mär", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"],
            ["januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"],
            ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
            ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
            ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
            ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
            ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"],
            ["janv", "fevr", "mars", "avr", "mai", "juin", "juil", "aout", "sept", "oct", "nov", "dec"],
            ["jan", "feb", "mrz", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"],
            ["ιαν", "φεβ", "μάρ", "απρ", "μάι", "ιούν", "ιούλ", "αύγ", "σεπ", "οκτ", "νοέ", "δεκ"],
            ["ιαν", "φεβ", "μαρ", "απρ", "μαϊ", "ιον", "ιολ", "αυγ", "σεπ", "οκτ", "νοε", "δεκ"],
            ["ιαν", "φεβ", "μαρ", "απρ", "μαι", "ιουν", "ιουλ", "αυγ", "σεπ", "οκτ", "νοε", "δεκ"],
        ]
        for list in lists {
            for (index, name) in list.enumerated() where names[name] == nil { names[name] = index + 1 }
        }
        // Three-letter prefixes of the full English names come from the first list; these are not prefixes.
        names["maart"] = 3
        names["sept"] = 9
        return names
    }()

    private static func stamp(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Timestamp? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        var stamp = Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        stamp.secondsSince1970 -= Int64(offset)
        return stamp
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

extension Character {
    /// 0...9 only: `isNumber` also accepts ½ and other scripts' digits, which `Int(_:)` refuses.
    fileprivate var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}
