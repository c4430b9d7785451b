import Text

/// The styles of pictures' captions and of media boxes, in the page's one set of proportions.
extension ArticleStyles {
    /// Captions and credits: smaller than the body and muted, so they read as a note on the picture.
    var caption: TextStyle { TextStyle(family: .sans, size: Float(size * 0.8), color: theme.faint) }
    var captionLines: ParagraphStyle { ParagraphStyle(lineHeight: 1.35) }
    /// Between a picture and its caption: close enough to read as one.
    var captionGap: Double { size * 0.4 }

    /// A media box's first line: what it is and where it lives.
    var mediaLabel: TextStyle { TextStyle(family: .sans, size: Float(size * 0.9), weight: .bold, color: theme.ink) }
    var mediaTitle: TextStyle { TextStyle(family: .sans, size: Float(size * 0.9), color: theme.ink) }
    /// What a tap does, in the words of the wall: there is no player here, a phone takes over.
    var mediaHint: TextStyle { altText }
    /// The play badge's diameter.
    var mediaBadge: Double { size * 2.4 }

    /// A missing picture's box when it is an icon or decorative: one line.
    var pictureLineHeight: Double { size * 1.9 }
}
