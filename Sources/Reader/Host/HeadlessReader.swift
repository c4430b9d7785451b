import Feeds
import Platform
import Raster
import Text
import Touch
import Widgets

/// The reader on the headless display with a virtual clock: what `lectern replay reader`, `lectern run`
/// without a panel (the tour) and the tests run. The same app, the same frame loop as on the panel.
public final class HeadlessReader {
    /// The one headless assembly (display, glyphs, setting, frame loop), here over the reader's app.
    public let host: HeadlessHost<ReaderApp>
    public let context: ReaderContext

    public var display: HeadlessDisplay { host.display }
    public var loop: FrameLoop { host.frames }
    public var app: ReaderApp { host.scene }

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
        let setting = HostSetting(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, typesetter: typesetter)
        let context = ReaderContext(size: setting.size, typography: setting.typography, glyphs: setting.glyphs,
                                    settings: settings, library: library, images: images, wallClock: { t in
                                        Timestamp(secondsSince1970: start.secondsSince1970 + Int64((t - origin).rounded(.down)))
                                    }, utcOffset: utcOffset)
        self.context = context
        host = HeadlessHost(setting: setting, fps: fps) { _ in ReaderApp(context: context, refreshing: refreshing, place: place) }
    }
}
