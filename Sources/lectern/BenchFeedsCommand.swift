#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Feeds
import Platform
import Reader

/// `lectern bench feeds`: parse throughput against Python's feedparser on the same files in the same run, in
/// alternating rounds (the machine is shared and noisy), then the store's figures.
struct BenchFeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "Feed parsing throughput against feedparser, and the store's speed.")

    @Option(help: "A folder of feed files to parse.")
    var fixtures = "Tests/FeedsTests/Fixtures"

    @Option(help: "A Python with feedparser installed (the reference); 'none' to skip it.")
    var python = ".build/oracle-venv/bin/python"

    @Option(help: "Rounds of each parser, alternating.")
    var rounds = 5

    @Option(help: "A folder for the store benchmark's database (a temporary one by default).")
    var storeDirectory: String?

    enum Part: String, ExpressibleByArgument, CaseIterable { case parse, store }

    @Option(help: "Only this part (parse or store), e.g. to profile it.")
    var only: Part?

    func validate() throws {
        guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be 1...50") }
    }

    func run() throws {
        if only != .store { try benchParsing() }
        if only != .parse { try benchStore() }
    }

    private func benchParsing() throws {
        // feedparser 6 reads no JSON Feed: it turns those files away at once, so timing it on them would
        // measure nothing. The comparison is over the XML feeds; JSON Feed throughput is printed on its own.
        let files = try FeedParseBench(folder: fixtures, suffix: ".xml")
        print("parse: \(files.paths.count) XML feeds, \(files.byteCount) bytes")
        print("round,lectern_mb_s,feedparser_mb_s,ratio")
        var best = (lectern: 0.0, reference: 0.0)
        for round in 1...rounds {
            let ours = files.lecternMegabytesPerSecond()
            let reference = python == "none" ? nil : try files.feedparserMegabytesPerSecond(python: python)
            best.lectern = max(best.lectern, ours)
            best.reference = max(best.reference, reference ?? 0)
            print("\(round),\(String(format1: ours)),\(reference.map { String(format1: $0) } ?? "-"),"
                + (reference.map { String(format1: ours / $0) } ?? "-"))
        }
        if best.reference > 0 {
            print("parse best: lectern \(String(format1: best.lectern)) MB/s, feedparser "
                + "\(String(format1: best.reference)) MB/s, \(String(format1: best.lectern / best.reference))x (at least 20x)")
        }
        if let json = try? FeedParseBench(folder: fixtures, suffix: ".json") {
            print("parse: \(json.paths.count) JSON feeds, \(json.byteCount) bytes: lectern "
                + "\(String(format1: json.lecternMegabytesPerSecond())) MB/s (feedparser reads none)")
        }
    }

    private func benchStore() throws {
        let directory = try storeDirectory ?? TemporaryFolder.make(prefix: "lectern-bench-store")
        defer { if storeDirectory == nil { rmdir(directory) } }
        for figure in try StoreBench.figures(directory: directory) {
            print("store: \(figure.name): \(String(format3: figure.milliseconds)) ms")
        }
    }
}
