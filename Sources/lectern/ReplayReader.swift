import CommandLineSupport
import Feeds
import Logging
import Platform
import Reader

/// `lectern replay reader TRACE --json --store PATH ...`: the real app on the headless display and a virtual
/// clock, one JSON object per frame (docs/replay.md's contract).
extension ReplayCommand {
    func runReader() throws {
        guard let storePath = store else { throw CommandFailure("replay reader needs --store PATH") }
        let recording = try TraceFile(reading: trace).trace
        var flags: [(key: String, value: String)] = []
        if let idleMinutes { flags.append(("idle-minutes", idleMinutes)) }
        if let night { flags.append(("night", night)) }
        let (settings, problems) = try ReaderLaunch.settings(configFiles: config.map { [$0] } ?? [], panelFile: nil,
                                                             environment: ProcessEnvironment.current(), flags: flags)
        if let first = problems.first { throw CommandFailure(first) }
        let start: Timestamp
        if let now {
            guard let parsed = LocalTime.parse(now) else { throw CommandFailure("--now '\(now)' is not an ISO 8601 time") }
            start = parsed
        } else {
            start = LocalTime.now()
        }
        let feedStore: FeedStore
        do { feedStore = try FeedStore(path: storePath) } catch { throw CommandFailure("store \(storePath): \(error)") }
        let library = ReaderLibrary(store: feedStore, samples: settings.samples ? SampleLibrary.documents : [])
        let fetcher = FeedFetcher(userAgent: FeedFetcher.userAgent(version: LecternVersion.current))
        // Pictures beside the store, as on the panel (where both are in the state directory).
        let cache = ReaderLaunch.imageCache(directory: ReaderLaunch.directory(of: storePath), settings: settings).cache
        let icons = ReaderLaunch.feedIcons(directory: ReaderLaunch.directory(of: storePath))
        let refreshing = try RefreshRun(refresher: FeedRefresher(store: feedStore, fetcher: fetcher, images: cache,
                                                                 icons: icons),
                                        waitsForResults: true)
        defer { refreshing.shutdown() }
        let origin = recording.frames.first?.time ?? 0
        let reader = HeadlessReader(pixelWidth: size.width, pixelHeight: size.height, pixelsPerPoint: scale, fps: fps,
                                    typesetter: ScreenFonts.typesetter(log: Logger(label: "lectern")),
                                    settings: settings, library: library, refreshing: refreshing, start: start,
                                    origin: origin, images: ReaderImages(cache: cache, icons: icons))
        reader.app.onStoreError = { error in FileStream.standardError.write("lectern: store not written: \(error)\n") }
        // The menu's Phone opens its pairing window beside the store, as the panel does in its state directory.
        reader.context.pairing = PanelPairing(stateDirectory: ReaderLaunch.directory(of: storePath),
                                              environment: ProcessEnvironment.current())
        let output = BufferedOutput()
        defer { output.flush() }
        var writer = try frames.map { try SnapshotWriter(directory: $0) }
        var index = 0
        try TraceReplay(trace: recording, fps: fps).play(reader.app, loop: reader.loop) { frame in
            if writer != nil {
                let digits = String(index)
                try writer?.save(reader.display.scanout, name: String(repeating: "0", count: max(0, 5 - digits.count)) + digits)
                index += 1
            }
            let fields = [("t", JSONValue.number(frame.t))] + reader.app.inspection()
            output.line(json ? JSONValue.object(fields).text : fields.map { "\($0.0)=\($0.1.text)" }.joined(separator: " "))
        }
    }
}
