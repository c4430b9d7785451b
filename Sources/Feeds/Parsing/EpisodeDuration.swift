/// An episode's length as podcast feeds write `itunes:duration`: seconds ("4332"), or minutes and seconds
/// ("72:12"), or hours, minutes and seconds ("1:12:12"). Anything else (words, a fourth field, a length past a
/// week) is no length: the episode's box then says where it lives instead.
enum EpisodeDuration {
    static func seconds(_ text: String) -> Int? {
        let fields = text.trimmingASCIIWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var total = 0
        for field in fields {
            // Digits only, and few of them: no sign, no overflow. A fraction of a second ("12.5") is dropped.
            let whole = field.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard !whole.isEmpty, whole.count <= 7, whole.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  let value = Int(whole) else { return nil }
            total = total * 60 + value
        }
        return total > 0 && total < 7 * 24 * 3600 ? total : nil
    }
}
