extension Substring {
    /// The text without the characters of `set` at either end.
    public func trimmingCharacters(from set: String) -> String {
        var s = self[...]
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
