extension Substring {
    /// The text without the characters of `set` at either end.
    public func trimmingCharacters(from set: String) -> String {
        var s = self[...]
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}

extension String {
    /// The first letter in capitals: a theme's name on a label, a generated title's first word.
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
