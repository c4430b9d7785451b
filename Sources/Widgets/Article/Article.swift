/// An article as the screen receives it: a title, who wrote it, and plain paragraphs (the feed's HTML has
/// already become blocks of text).
public struct Article: Sendable, Hashable {
    public var title: String
    public var byline: String?
    public var paragraphs: [String]

    public init(title: String, byline: String? = nil, paragraphs: [String]) {
        self.title = title
        self.byline = byline
        self.paragraphs = paragraphs
    }
}
