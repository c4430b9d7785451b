import Feeds
import Text
@testable import Reader

extension HeadlessReader {
    /// The reader over the bundled samples on the 7" panel (800x480, scale 1), at noon UTC on 2026-11-24 on a
    /// virtual clock from 0: what a person finds before subscribing. `writes`: whether reading state is kept.
    static func overSamples(settings: ReaderSettings = ReaderSettings(), writes: Bool = false) throws -> HeadlessReader {
        HeadlessReader(pixelWidth: 800, pixelHeight: 480, scale: .one, fps: 60,
                       typesetter: Typesetter(library: try FontLibrary()), settings: settings,
                       library: ReaderLibrary(store: nil, samples: SampleLibrary.documents, writes: writes),
                       refreshing: nil, start: Timestamp(year: 2026, month: 11, day: 24, hour: 12), origin: 0,
                       utcOffset: { _ in 0 })
    }
}
