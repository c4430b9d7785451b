import Feeds
import Glibc
import Platform
import GoldenImages
import Raster
import Testing
import Text
import Widgets
@testable import Reader

/// Every screen of the reader in every theme, on the 7" panel (800x480, scale 1) and a 1080p panel (scale 2),
/// over the bundled samples at a fixed time: the pictures a person sees, held still.
@Suite struct ReaderGoldenTests {
    static let screens = ["list", "article", "article-image", "article-media", "menu", "sheet", "feeds", "settings", "about",
                          "qr", "empty"]
    static let panels: [(name: String, width: Int, height: Int, scale: Double)] = [
        ("800x480", 800, 480, 1), ("1920x1080", 1920, 1080, 2),
    ]

    @Test(arguments: Theme.Name.allCases)
    func everyScreenMatchesItsGolden(theme: Theme.Name) throws {
        let typesetter = Typesetter(library: try FontLibrary())
        var settings = ReaderSettings()
        settings.theme = theme
        for panel in Self.panels {
            let tour = Self.tour(panel, settings: settings, typesetter: typesetter)
            for screen in Self.screens {
                try Self.expect(tour, screen, matches: "\(screen)-\(theme.rawValue)-\(panel.name)")
            }
        }
    }

    /// An article's end (its mark, the next entry's title as the pull's hint), and an article at the largest
    /// text size, whose column widens with the type where the panel has room: in the light theme.
    @Test func theEndOfAnArticleAndLargeTypeMatchTheirGoldens() throws {
        let typesetter = Typesetter(library: try FontLibrary())
        for (screen, textSize) in [("article-end", 17.0), ("article", 32)] {
            var settings = ReaderSettings()
            settings.textSize = textSize
            for panel in Self.panels {
                let tour = Self.tour(panel, settings: settings, typesetter: typesetter)
                try Self.expect(tour, screen, matches: "\(screen)-\(Int(textSize))-light-\(panel.name)")
            }
        }
    }

    /// Pairing a phone: the card over the dimmed list, dark on light as in every theme, with a fixed code; the
    /// code on the glass scans back to the pairing URL, as a phone's camera would read it.
    @Test func thePairingCardMatchesItsGoldenAndScansBackToItsURL() throws {
        let typesetter = Typesetter(library: try FontLibrary())
        for panel in Self.panels {
            let tour = Self.tour(panel, settings: ReaderSettings(), typesetter: typesetter)
            try Self.expect(tour, "phone", matches: "phone-light-\(panel.name)")
            var template = Array("/tmp/lectern-phone-XXXXXX".utf8CString)
            let folder = String(cString: mkdtemp(&template)!)
            defer { _ = system("rm -rf '\(folder)'") }
            try AtomicFile.write(try PNGCodec.encode(try #require(try tour.shot("phone"))), to: folder + "/phone.png")
            let scanned = scanQRCode(at: folder + "/phone.png")
            #expect(scanned.status == 0 && scanned.text == "http://192.168.1.20/pair#MFRGGZDFMZTWQ2LKNNWG23TPOA", "\(panel.name)")
        }
    }

    /// The tour over the bundled samples on `panel`, at the goldens' fixed time in UTC. A fresh library each time:
    /// the tour's shots only read, but each starts from the same samples.
    static func tour(_ panel: (name: String, width: Int, height: Int, scale: Double), settings: ReaderSettings,
                     typesetter: Typesetter) -> ReaderTour {
        var tour = ReaderTour(pixelWidth: panel.width, pixelHeight: panel.height, pixelsPerPoint: panel.scale,
                              typesetter: typesetter, settings: settings,
                              library: ReaderLibrary(store: nil, samples: SampleLibrary.documents, writes: false),
                              now: Timestamp(year: 2026, month: 11, day: 24, hour: 12))
        tour.utcOffset = { _ in 0 }
        return tour
    }

    /// The tour's shot of `screen` against the golden `name`.
    static func expect(_ tour: ReaderTour, _ screen: String, matches name: String) throws {
        let shot = try #require(try tour.shot(screen), "\(screen) has no picture")
        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
        if let problem = try compareWithGolden(shot, named: name, in: directory).problem(name) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
