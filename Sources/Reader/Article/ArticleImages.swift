import Raster

/// Where an article page finds its images: decoded, already downsampled to about the column's width in pixels,
/// and only if they are at hand. Asked while laying out, never waited for: an image that is not there yet is an
/// alt-text box until the page hears it has come (`ArticleBody.imageArrived`).
public protocol ArticleImages: AnyObject {
    func image(for url: String) -> Surface?
    /// The picture's size in pixels when it is at hand but not decoded yet (read from its header): the page
    /// keeps a box of its shape and draws it once decoded, so nothing below moves.
    func size(for url: String) -> (width: Int, height: Int)?
}

extension ArticleImages {
    public func size(for url: String) -> (width: Int, height: Int)? { nil }
}
