/// What a tap on an article page lands on, when it lands on something that does more than scroll.
public enum ArticleTarget: Hashable, Sendable {
    /// A link in the text, by its absolute URL (shown as a QR code: the wall has no browser).
    case link(String)
    /// An image or its alt-text box, shown whole on a tap.
    case image(url: String, alt: String?)
}
