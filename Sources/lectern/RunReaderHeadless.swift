import CommandLineSupport
import Feeds
import Logging
import Platform
import Reader

/// `lectern run` without a panel: the reader's tour, every screen and gesture as PNG files, over the store in
/// the state directory (the bundled samples while it has no feeds).
extension RunCommand {
    func runReaderTour(log: Logger) throws {
        let (stateDirectory, settings, store, _) = try reader.start.begin(log: log)
        let now = wallClockStart
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

    /// The wall-clock time the headless screens are drawn at: --now, else now.
    private var wallClockStart: Timestamp { now.flatMap(LocalTime.parse) ?? LocalTime.now() }

    /// What the panel shows after `trace` (points, on a virtual clock from the first event), as `reader.png`: the
    /// picture a test compares the panel's screen with. Like the panel, it reads and writes the store.
    func runReaderTrace(_ path: String, log: Logger) throws {
        let (_, settings, store, _) = try reader.start.begin(log: log)
        let library = ReaderLibrary(store: store, samples: settings.samples ? SampleLibrary.documents : [])
        if store == nil { library.unsavedReason = ReaderLibrary.storeMissing }
        let recording = try TraceFile(reading: path).trace
        let headless = HeadlessReader(pixelWidth: snapshot.size.width, pixelHeight: snapshot.size.height,
                                      pixelsPerPoint: scale ?? 1, fps: 60,
                                      typesetter: ScreenFonts.typesetter(log: log), settings: settings, library: library,
                                      refreshing: nil, start: wallClockStart,
                                      origin: recording.frames.first?.time ?? 0)
        try TraceReplay(trace: recording, fps: 60).play(headless.app, loop: headless.loop) { _ in }
        var writer = try SnapshotWriter(directory: snapshot.out)
        try writer.save(headless.display.scanout, name: "reader")
        print("wrote \(writer.written[0])")
    }
}
