/// What the page shows above an article's body, as the list row knew it: the title, and the faint line that
/// says where it comes from, when, and how long it takes to read.
public struct ArticleHeader: Hashable, Sendable {
    public var title: String
    public var feed: String
    /// Already formatted for the reader ("12 March 2026", "Yesterday").
    public var date: String
    /// Already formatted for the reader ("6 min read").
    public var readingTime: String

    public init(title: String, feed: String, date: String, readingTime: String) {
        self.title = title
        self.feed = feed
        self.date = date
        self.readingTime = readingTime
    }

    /// "Feed · date · N min read", leaving out what is unknown rather than showing a stray dot.
    var byline: String {
        [feed, date, readingTime].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
