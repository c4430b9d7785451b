import ReaderSamples
import Codecs
import Feeds
import Raster

/// The pictures the screens show, decoded from the image cache, the feed icons (by `FeedIcons` key) or the
/// samples bundled in the binary at the width they are drawn at, and kept in a memory cache bounded in bytes
/// (least recently used goes first).
///
/// A screen asks during drawing; what is not decoded yet is queued, the screen draws its box meanwhile, and the
/// queue is decoded when the panel is at rest (`decodeQueued`, from the scene's `prepareAhead`), never during a
/// frame. Sizes for layout come from the file's header alone, so a page is laid out once, boxes and all,
/// before any pixel is decoded.
public final class ReaderImages {
    let cache: ImageCache?
    let icons: FeedIcons?
    private let bundled: (String) -> [UInt8]?
    public let memoryLimit: Int
    /// Decoded pictures by address and width in pixels, with when each was last drawn.
    private var decoded: [Key: (surface: Surface, used: UInt64)] = [:]
    private var failed: Set<Key> = []
    private var headers: [String: ImageHeader?] = [:]
    private var queue: [Key] = []
    private var uses: UInt64 = 0
    public private(set) var bytesHeld = 0
    /// The largest picture decoded, in pixels: what a decompression bomb could cost is capped here too.
    public static let maxPixels = 40_000_000

    struct Key: Hashable { var url: String; var width: Int }

    public init(cache: ImageCache?, icons: FeedIcons? = nil,
                bundled: @escaping (String) -> [UInt8]? = SampleFeeds.image(at:), memoryLimit: Int = 32 << 20) {
        self.cache = cache
        self.icons = icons
        self.bundled = bundled
        self.memoryLimit = memoryLimit
    }

    private func bytes(_ url: String) -> [UInt8]? {
        bundled(url) ?? cache?.bytes(for: url) ?? icons?.bytes(forKey: url)
    }

    /// Width and height in pixels from the file's header, nil when there is no file (yet) or it is no image.
    public func size(of url: String) -> (width: Int, height: Int)? {
        if let known = headers[url] { return known.map { ($0.width, $0.height) } }
        let header = bytes(url).flatMap(ImageHeader.read)
        // Only an answer is remembered: a picture not fetched yet may arrive with the next refresh.
        if header != nil { headers[url] = header }
        return header.map { ($0.width, $0.height) }
    }

    /// The picture at `width` pixels if it is decoded; else nil, and it is queued.
    public func picture(_ url: String, width: Int) -> Surface? {
        let key = Key(url: url, width: max(1, width))
        if let hit = decoded[key] {
            uses += 1
            decoded[key]?.used = uses
            return hit.surface
        }
        if !failed.contains(key), !queue.contains(key), size(of: url) != nil { queue.append(key) }
        return nil
    }

    /// Whether pictures wait to be decoded.
    public var hasQueued: Bool { !queue.isEmpty }

    /// Decodes what is queued; returns whether any picture came.
    @discardableResult
    public func decodeQueued() -> Bool {
        var any = false
        while let key = queue.first {
            queue.removeFirst()
            guard decoded[key] == nil, let data = bytes(key.url),
                  let surface = try? ImageDecoder.decode(data, fittingWidth: key.width, maxPixels: Self.maxPixels) else {
                failed.insert(key)
                continue
            }
            uses += 1
            decoded[key] = (surface, uses)
            bytesHeld += surface.width * surface.height * 4
            any = true
            trim()
        }
        return any
    }

    /// Drops the least recently drawn pictures until the held bytes fit the bound.
    private func trim() {
        while bytesHeld > memoryLimit, decoded.count > 1,
              let oldest = decoded.min(by: { $0.value.used < $1.value.used }) {
            bytesHeld -= oldest.value.surface.width * oldest.value.surface.height * 4
            decoded[oldest.key] = nil
        }
    }
}
