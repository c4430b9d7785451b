#if canImport(Glibc)
import Glibc
#endif
import Feeds
import GoldenImages
import Raster
import Testing
import Text
import Widgets
@testable import Reader

/// The feed's badge in the lists: its icon once the refresh has kept one (here a favicon.ico made byte by
/// byte), decoded off the frame path and drawn left of the name; else the initial on a disc.
@Suite struct FeedBadgeTests {
    /// A 32x32 icon file of one 32-bit BMP: four quarters, red, green, blue and yellow, the corners clear.
    static func quarteredIcon() -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        let side = 32
        var bitmap = le32(40) + le32(side) + le32(2 * side) + le16(1) + le16(32) + [UInt8](repeating: 0, count: 24)
        for y in (0..<side).reversed() {
            for x in 0..<side {
                let corner = (x < 3 || x >= side - 3) && (y < 3 || y >= side - 3)
                let (r, g, b): (UInt8, UInt8, UInt8) = switch (x < side / 2, y < side / 2) {
                case (true, true): (220, 30, 30)
                case (false, true): (30, 160, 60)
                case (true, false): (30, 60, 200)
                case (false, false): (230, 200, 20)
                }
                bitmap += [b, g, r, corner ? 0 : 255]
            }
        }
        bitmap += [UInt8](repeating: 0, count: side * 4)  // the mask (unused: the colours carry alpha)
        return [0, 0, 1, 0, 1, 0, UInt8(side), UInt8(side), 0, 0] + le16(1) + le16(32) + le32(bitmap.count) + le32(22)
            + bitmap
    }

    static func tour(icons: FeedIcons?) -> ReaderTour {
        var tour = ReaderTour(pixelWidth: 800, pixelHeight: 480, pixelsPerPoint: 1,
                              typesetter: Typesetter(library: try! FontLibrary()), settings: ReaderSettings(),
                              library: ReaderLibrary(store: nil, samples: SampleLibrary.documents, writes: false),
                              now: Timestamp(year: 2026, month: 11, day: 24, hour: 12), feedIcons: icons)
        tour.utcOffset = { _ in 0 }
        return tour
    }

    @Test func theFeedsIconIsDrawnInTheListsAndTheInitialWithout() throws {
        var template = Array("/tmp/lectern-icons-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        let icons = try FeedIcons(directory: folder + "/icons")
        // Every bundled sample lives on one site, so its favicon stands for all of them.
        let feeds = ReaderLibrary(store: nil, samples: SampleLibrary.documents, writes: false).feeds()
        let keys = Set(feeds.compactMap(FeedIcons.key(for:)))
        #expect(keys == ["site:https://samples.lectern.invalid"])
        try icons.store(FeedIcons.Record(source: "https://samples.lectern.invalid/favicon.ico",
                                         checked: Timestamp(year: 2026, month: 11, day: 24), bytes: Self.quarteredIcon()),
                        forKey: "site:https://samples.lectern.invalid")

        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
        for screen in ["feeds", "list"] {
            let withIcon = try #require(try Self.tour(icons: icons).shot(screen))
            let without = try #require(try Self.tour(icons: nil).shot(screen))
            let name = "\(screen)-icon-light-800x480"
            if let problem = try compareWithGolden(withIcon, named: name, in: directory).problem(name) {
                Issue.record(Comment(rawValue: problem))
            }
            // The icon's quarters, in their exact colours (drawn 1:1, or shrunk by whole blocks of one colour).
            for colour: UInt32 in [0xFFDC_1E1E, 0xFF1E_A03C, 0xFF1E_3CC8, 0xFFE6_C814] {
                #expect(count(colour, in: withIcon) >= (screen == "feeds" ? 100 : 20), "\(screen) \(colour)")
                #expect(count(colour, in: without) == 0)
            }
        }
    }

    private func count(_ colour: UInt32, in surface: Surface) -> Int {
        (0..<surface.height).reduce(0) { total, y in
            let row = surface.row(y)
            return total + (0..<surface.width).filter { row[$0] | 0xFF00_0000 == colour }.count
        }
    }
}
