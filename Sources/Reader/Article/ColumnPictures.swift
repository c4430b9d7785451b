import Raster

/// An article's pictures as the page asks for them: at the page's column width in pixels (the decoded picture is
/// never wider than the column shows it), sizes from their headers before they are decoded.
final class ColumnPictures: ArticleImages {
    private let images: ReaderImages
    private let scale: Scale
    /// The reading column's widest, points: pictures are decoded no wider than this at the panel's scale.
    static let columnWidth = ArticleStyles.maxColumn

    init(images: ReaderImages, scale: Scale) {
        self.images = images
        self.scale = scale
    }

    private var width: Int { Int(scale.pixels(Self.columnWidth).rounded()) }

    func image(for url: String) -> Surface? { images.picture(url, width: width) }

    func size(for url: String) -> (width: Int, height: Int)? { images.size(of: url) }
}
