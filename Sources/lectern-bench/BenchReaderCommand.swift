import CommandLineSupport
import ArgumentParser
import Reader

/// `lectern-bench reader`: the reader's frame, tap, start, decode and memory figures, measured by `ReaderBench`.
struct BenchReaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader", abstract: "The reader over 10,000 entries: frames, tap, start, decode, memory (CSV).")

    @Option(help: "Panel size in pixels, WIDTHxHEIGHT.")
    var size = PanelSize(width: 1920, height: 1080)

    @Option(help: "Pixels per point.")
    var scale = 2.0

    @Option(help: "Feeds in the store, and entries in each.")
    var feeds = 50
    @Option(help: "Entries in each feed.")
    var perFeed = 200

    func run() throws {
        try ReaderBench(width: size.width, height: size.height, pixelsPerPoint: scale, feeds: feeds, perFeed: perFeed)
            .run(timing: BenchTiming(), emit: { print($0) }, note: { FileStream.standardError.write($0 + "\n") })
    }
}
