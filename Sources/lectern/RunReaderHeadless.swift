import CommandLineSupport
import Feeds
import Logging
import Platform
import Reader

/// `lectern run` without a panel: the reader's tour, every screen and gesture as PNG files, over the store in
/// the state directory (the bundled samples while it has no feeds).
extension RunCommand {
    func runReaderTour(log: Logger) throws {
        let (stateDirectory, settings, store, _) = try readerStart(log: log)
        let now = LocalTime.now()
        // The tour only shows: opening an article for a picture must not mark the owner's entry read.
        let library = ReaderLibrary(store: store, samples: settings.samples ? SampleLibrary.documents : [], writes: false)
        let tour = ReaderTour(pixelWidth: snapshot.size.width, pixelHeight: snapshot.size.height,
                              pixelsPerPoint: scale ?? 1, typesetter: ScreenFonts.typesetter(log: log),
                              settings: settings, library: library, now: now,
                              imageCache: ReaderLaunch.imageCache(directory: stateDirectory, settings: settings).cache,
                              feedIcons: ReaderLaunch.feedIcons(directory: stateDirectory))
        var writer = try SnapshotWriter(directory: snapshot.out)
        let captions = Dictionary(ReaderTour.shots.map { ($0.name, $0.caption) }, uniquingKeysWith: { a, _ in a })
        print("no panel here: the reader's screens and gestures, drawn headless\(library.showsSamples ? " (the bundled sample feeds)" : ""):")
        try tour.run { name, surface in
            try writer.save(surface, name: name)
            print("wrote \(writer.written.last ?? name)  \(captions[name] ?? "")")
        }
    }

    /// What the panel shows after `trace` (points, on a virtual clock from the first event), as `reader.png`: the
    /// picture a test compares the panel's screen with. Like the panel, it reads and writes the store.
    func runReaderTrace(_ path: String, log: Logger) throws {
        let (_, settings, store, _) = try readerStart(log: log)
        let library = ReaderLibrary(store: store, samples: settings.samples ? SampleLibrary.documents : [])
        if store == nil { library.unsavedReason = ReaderLibrary.storeMissing }
        let recording = try TraceFile(reading: path).trace
        let headless = HeadlessReader(pixelWidth: snapshot.size.width, pixelHeight: snapshot.size.height,
                                      pixelsPerPoint: scale ?? 1, fps: 60,
                                      typesetter: ScreenFonts.typesetter(log: log), settings: settings, library: library,
                                      refreshing: nil, start: LocalTime.now(),
                                      origin: recording.frames.first?.time ?? 0)
        try TraceReplay(trace: recording, fps: 60).play(headless.app, loop: headless.loop) { _ in }
        var writer = try SnapshotWriter(directory: snapshot.out)
        try writer.save(headless.display.scanout, name: "reader")
        print("wrote \(writer.written[0])")
    }

    /// The reader for the panel: its settings, its store (the OPML file merged in first), its state directory.
    func readerKiosk(loop: EventLoop, log: Logger) throws -> ReaderKiosk {
        let (stateDirectory, settings, store, notices) = try readerStart(log: log)
        let kiosk = ReaderKiosk(settings: settings, store: store, stateDirectory: stateDirectory, events: loop, log: log,
                                userAgent: FeedFetcher.userAgent(version: LecternVersion.current))
        kiosk.startNotices = notices
        return kiosk
    }

    /// What every run of the reader starts from, on the panel or not: the state directory, the settings (with
    /// the panel's own changes), the store with the OPML files merged in (the image's, then the card's), and what
    /// the list should say once (a setting that could not be taken, a password the card held).
    func readerStart(log: Logger) throws -> (stateDirectory: String?, settings: ReaderSettings, store: FeedStore?,
                                              notices: [String]) {
        let stateDirectory: String?
        do { stateDirectory = try StateDirectory.path(for: "the reader's state") } catch {
            log.warning("nothing the reader does is kept: \(error)")
            stateDirectory = nil
        }
        let (settings, problems) = try reader.forgivingSettings(panelDirectory: stateDirectory)
        for problem in problems { log.error("\(problem)") }
        var notices: [String] = []
        if let first = problems.first {
            notices.append(problems.count == 1 ? "Setting not taken: \(first)." : "Setting not taken: \(first) (and \(problems.count - 1) more, in the log).")
        }
        if let stateDirectory, let moved = CardSetup.takeNotice(state: stateDirectory) { notices.append(moved) }
        let store = openStore(settings, log: log)
        // With an aggregator account the server owns the subscriptions: an OPML file would only add feeds the
        // next sync takes away again.
        if let store, settings.sync == nil {
            for path in opmlPaths(settings) {
                if let line = ReaderLaunch.mergeOPML(at: path, into: store, now: LocalTime.now()) { log.notice("\(line)") }
            }
        }
        return (stateDirectory, settings, store, notices)
    }

    /// The feed store the settings name, else the one in the state directory; nil (with a line) when it
    /// cannot be opened: the reader then shows the samples, and nothing is saved.
    func openStore(_ settings: ReaderSettings, log: Logger) -> FeedStore? {
        do {
            return try FeedStore(path: try settings.store ?? StateDirectory.storePath())
        } catch {
            log.warning("no feed store, nothing will be saved: \(error)")
            return nil
        }
    }


    /// The OPML files merged at start: the opml setting's (else the image's feeds.opml), then the card's.
    func opmlPaths(_ settings: ReaderSettings) -> [String] {
        let environment = ProcessEnvironment.current()
        return [settings.opml ?? ReaderLaunch.configurationDirectory(environment) + "/feeds.opml",
                ReaderLaunch.cardDirectory(environment) + "/feeds.opml"]
    }
}
