import Feeds
import Platform
import Raster
import Text
import Touch
import Widgets

/// The reader on the headless display with a virtual clock: what `lectern replay reader`, `lectern run`
/// without a panel (the tour) and the tests run. The same app, the same frame loop as on the panel.
public final class HeadlessReader {
    public let display: HeadlessDisplay
    public let loop: FrameLoop
    public let app: ReaderApp
    public let context: ReaderContext

    /// `start` is the wall-clock moment of monotonic time `origin` (the trace's first event); the virtual clock
    /// moves it on.
    public convenience init(pixelWidth: Int, pixelHeight: Int, pixelsPerPoint: Double, fps: Double, typesetter: Typesetter?,
                            settings: ReaderSettings, library: ReaderLibrary, refreshing: RefreshRun?,
                            start: Timestamp, origin: Double, place: ReaderPlace? = nil, images: ReaderImages = ReaderImages(cache: nil)) {
        self.init(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: Scale(pixelsPerPoint), fps: fps,
                  typesetter: typesetter, settings: settings, library: library, refreshing: refreshing, start: start,
                  origin: origin, place: place, images: images)
    }

    public init(pixelWidth: Int, pixelHeight: Int, scale: Scale, fps: Double, typesetter: Typesetter?,
                settings: ReaderSettings, library: ReaderLibrary, refreshing: RefreshRun?,
                start: Timestamp, origin: Double, place: ReaderPlace? = nil, images: ReaderImages = ReaderImages(cache: nil),
                utcOffset: @escaping (Timestamp) -> Int = LocalTime.utcOffset(at:)) {
        display = HeadlessDisplay(width: pixelWidth, height: pixelHeight, refreshPeriod: 1 / fps)
        let glyphs = GlyphCache()
        let typography = Typography(typesetter: typesetter, scale: scale)
        let size = Size(width: scale.points(Double(pixelWidth)), height: scale.points(Double(pixelHeight)))
        context = ReaderContext(size: size, typography: typography, glyphs: glyphs, settings: settings, library: library,
                                images: images, wallClock: { t in
                                    Timestamp(secondsSince1970: start.secondsSince1970 + Int64((t - origin).rounded(.down)))
                                }, utcOffset: utcOffset)
        app = ReaderApp(context: context, refreshing: refreshing, place: place)
        loop = FrameLoop(scene: app, display: display, scale: scale, glyphs: glyphs)
    }
}
