/// The image formats articles and feeds use, told apart by their first bytes (never by a URL or MIME type).
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif
    /// A Windows icon file (favicon.ico): a directory of PNG or BMP pictures of several sizes.
    case ico
}
