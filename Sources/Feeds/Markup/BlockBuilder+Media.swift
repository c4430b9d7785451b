/// The builder's media elements: frames, videos and sounds become `MediaBlock`s (never loaded, never run), and
/// pictures keep what their attributes say of their size.
extension BlockBuilder {
    /// A `<video>` or `<audio>` being read: its own `src` or the first usable `<source>` inside it.
    struct OpenMedia {
        var kind: MediaBlock.Kind
        var source: String?
        var poster: String?
        var title: String?
        /// Media elements opened inside this one (ignored, but their ends must be told from this one's).
        var nested = 0
    }

    /// Handles `element` if it is a media element (or inside one), answering whether to walk into it; nil for
    /// every other element.
    mutating func enterMedia(_ element: HTMLElement) -> Bool? {
        let name = element.name
        if openMedia != nil {
            switch name {
            case "video", "audio": openMedia!.nested += 1
            case "source":
                if openMedia!.source == nil { openMedia!.source = mediaAddress(element.attribute("src")) }
            default: break
            }
            // Fallback text ("your browser cannot play this") and tracks say nothing on the wall.
            return true
        }
        switch name {
        case "iframe":
            endParagraph()
            let source = element.attribute("src").map { URLReference.resolve($0, against: base) }
            if let source, let block = MediaEmbeds.block(forFrame: source, title: element.attribute("title")) {
                emit(.media(block))
            }
            return false
        case "video", "audio":
            endParagraph()
            let title = element.attribute("title").map(HTMLText.collapsingWhitespace)
            openMedia = OpenMedia(kind: name == "video" ? .video : .audio, source: mediaAddress(element.attribute("src")),
                                  poster: mediaAddress(element.attribute("poster")),
                                  title: title?.isEmpty == false ? title : nil)
            return true
        default:
            return nil
        }
    }

    /// Whether `element` was a media element or inside one (and so handled here).
    mutating func exitMedia(_ element: HTMLElement) -> Bool {
        guard let open = openMedia else { return false }
        let name = element.name
        guard name == "video" || name == "audio" else { return true }
        if open.nested > 0 {
            openMedia!.nested -= 1
            return true
        }
        openMedia = nil
        if let source = open.source {
            emit(.media(MediaBlock(kind: open.kind, link: source, poster: open.poster, title: open.title)))
        }
        return true
    }

    /// An `<img>`: its picture with what the markup says of its size; a tracking pixel is dropped.
    mutating func addImage(_ element: HTMLElement) {
        let alt = element.attribute("alt").map(HTMLText.collapsingWhitespace)
        let hints = PictureHints(width: PictureHints.dimension(element.attribute("width")),
                                 height: PictureHints.dimension(element.attribute("height")),
                                 decorative: alt?.isEmpty == true)
        // Dropped without breaking the paragraph it sits in: a reader never knew it was there.
        guard !hints.isInvisible else { return }
        endParagraph()
        guard let source = element.attribute("src"), !source.isEmpty else { return }
        let url = URLReference.resolve(source, against: base)
        guard ArticleBlocks.isSafe(url) else { return }
        emit(.image(url: url, alt: alt?.isEmpty == false ? alt : nil, hints: hints))
    }

    /// Media addresses are web addresses only: no data:, blob: or javascript:.
    private func mediaAddress(_ attribute: String?) -> String? {
        guard let attribute, !attribute.isEmpty else { return nil }
        let url = URLReference.resolve(attribute, against: base)
        return WebAddress.isWeb(url) ? url : nil
    }

    /// Whether an element with this class is a caption or a credit in the ways blogs mark them up
    /// (`wp-caption-text`, `image-credit`, `caption`).
    static func isCaptionClass(_ names: String?) -> Bool {
        guard let names, names.utf8.count <= 512 else { return false }
        let lower = names.lowercased()
        return lower.contains("caption") || lower.contains("credit")
    }
}
